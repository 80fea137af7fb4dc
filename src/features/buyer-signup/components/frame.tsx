import type { ReactNode, Ref } from 'react';
import { ArrowRightIcon, EuroIcon, SearchIcon, ShieldIcon, UsersIcon } from '../../../ui';

/** The id of every step's title: focus goes there on each new step. */
export const STEP_TITLE_ID = 'inscription-titre';
export const titleClass = 'text-2xl font-semibold leading-tight outline-none sm:text-3xl';

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-field bg-info/10 px-4 py-2.5 text-sm text-info">
      {children}
    </p>
  );
}

/** The wizard's frame: the bar above the card, then the card with the step's picture. */
export function WizardFrame({
  top,
  picture,
  busy = false,
  cardRef,
  children,
}: {
  top?: ReactNode;
  picture: { src: string; alt: string; priority?: boolean };
  busy?: boolean;
  cardRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div className="bg-base-200">
      <div className="mx-auto max-w-6xl px-4 pb-16 pt-20 sm:px-6 sm:pt-24 lg:pb-24 xl:pt-28">
        {top}
        <div
          ref={cardRef}
          aria-busy={busy}
          className="grid overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
        >
          <div className="flex items-center justify-center bg-base-200 px-6 py-4 lg:p-10">
            <img
              key={picture.src}
              src={picture.src}
              alt={picture.alt}
              width={480}
              height={480}
              fetchPriority={picture.priority ? 'high' : undefined}
              className="h-28 w-auto sm:h-44 lg:h-auto lg:w-full lg:max-w-sm"
            />
          </div>
          <div className="min-w-0 p-5 sm:p-8 lg:p-12">{children}</div>
        </div>
      </div>
    </div>
  );
}

export const START_TITLE = 'Concrétiser votre projet immobilier';

const benefits = [
  {
    icon: <SearchIcon />,
    title: 'Un chasseur qui cherche pour vous',
    text: 'Il sélectionne les biens qui correspondent vraiment à vos critères, y compris hors marché.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Des visites qualifiées',
    text: 'Vous ne visitez que des biens vérifiés, avec un compte rendu à chaque fois.',
  },
  {
    icon: <EuroIcon />,
    title: 'Le juste prix',
    text: 'Il négocie pour vous et vous accompagne jusqu’à la signature de l’acte.',
  },
  {
    icon: <UsersIcon />,
    title: 'Un interlocuteur unique',
    text: 'Un chasseur immobilier vous contacte sous 48 heures après votre inscription.',
  },
];

/** Step 1 (spec 2.6): the intro and 'C’est parti !', prerendered as the page's first paint. */
export function StartStep({
  ready,
  loading = false,
  error = null,
  onStart,
  onIntent,
}: {
  ready: boolean;
  loading?: boolean;
  error?: string | null;
  onStart: () => void;
  onIntent?: () => void;
}) {
  const waiting = !ready || loading;
  return (
    <div>
      <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-secondary">
        Acheteur
      </p>
      <h1 id={STEP_TITLE_ID} tabIndex={-1} className={`${titleClass} sm:text-4xl`}>
        {START_TITLE}
      </h1>
      <p className="mt-4 text-lg text-base-content/75">
        Décrivez votre projet d’achat en quelques questions et créez votre espace client&nbsp;: un
        chasseur immobilier vous contacte pour en parler.
      </p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2">
        {benefits.map((b) => (
          <li key={b.title} className="flex gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xl text-primary">
              {b.icon}
            </span>
            <span>
              <strong className="block font-semibold">{b.title}</strong>
              <span className="text-sm text-base-content/70">{b.text}</span>
            </span>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="alert alert-error alert-soft mt-8">
          {error}
        </p>
      ) : null}
      <div className="mt-10 flex flex-col items-start gap-3 border-t border-base-300 pt-6 sm:flex-row sm:items-center sm:gap-5">
        <button
          type="button"
          className="btn btn-primary btn-lg w-full sm:w-auto"
          disabled={waiting}
          onClick={onStart}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          onTouchStart={onIntent}
        >
          C’est parti !
          {waiting ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <ArrowRightIcon />
          )}
        </button>
        <p className="text-sm text-base-content/65">15 questions, environ 4 minutes. Gratuit.</p>
      </div>
    </div>
  );
}
