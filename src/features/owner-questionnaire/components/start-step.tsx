import { ArrowRightIcon, EuroIcon, HandshakeIcon, ShieldIcon, SofaIcon } from '../../../ui';
import { QUESTION_COUNT } from '../owner-steps';
import { STEP_TITLE_ID, titleClass } from './questionnaire-frame';

/** The intro's question title (spec 2.5). */
export const START_TITLE = 'Pourquoi passer par un chasseur immobilier pour vendre votre bien ?';
export const START_PICTURE_ALT =
  'Un chasseur immobilier serre la main d’un propriétaire devant un immeuble haussmannien';

/** The pitch of spec 1, for sellers. */
const benefits = [
  {
    icon: <ShieldIcon />,
    title: 'Des acheteurs aux dossiers vérifiés',
    text: 'Nous vous présentons des acquéreurs dont le projet et le financement ont été vérifiés au préalable.',
  },
  {
    icon: <EuroIcon />,
    title: 'Une estimation gratuite',
    text: 'Un chasseur qui connaît votre quartier estime votre bien au prix réel du marché.',
  },
  {
    icon: <SofaIcon />,
    title: 'Home staging et décoration',
    text: 'Les conseils de homestylz pour mettre votre bien en valeur avant les visites.',
  },
  {
    icon: <HandshakeIcon />,
    title: 'Aucune commission sur la vente',
    text: 'Notre accompagnement ne vous coûte rien : vous vendez au prix convenu.',
  },
];

/**
 * Step 1: the intro and 'C’est parti !' (spec 2.5), prerendered as the page's first paint. The
 * button waits while the draft is read and while the questions load; pointing at it or giving
 * it focus starts loading them already.
 */
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
        Propriétaire vendeur
      </p>
      <h1 id={STEP_TITLE_ID} tabIndex={-1} className={`${titleClass} sm:text-4xl`}>
        {START_TITLE}
      </h1>
      <p className="mt-4 text-lg text-base-content/75">
        Parce qu’il travaille chaque jour avec des acheteurs prêts à acheter. Décrivez votre bien en
        quelques questions&nbsp;: un chasseur immobilier vous rappelle pour en parler.
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
          aria-describedby="questionnaire-duree"
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
        <p id="questionnaire-duree" className="text-sm text-base-content/65">
          {QUESTION_COUNT} questions, environ 3 minutes. Gratuit et sans engagement.
        </p>
      </div>
      {waiting ? (
        <p role="status" className="sr-only">
          {ready ? 'Chargement des questions…' : 'Chargement de vos réponses enregistrées…'}
        </p>
      ) : null}
    </div>
  );
}
