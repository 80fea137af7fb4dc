import type { ReactNode, Ref } from 'react';

/**
 * The questionnaire's frame, shared by the intro (first chunk) and the questions (loaded on
 * start): the bar above the card, then the card with the step's picture beside its content.
 * Nothing here imports zod (see owner-steps.ts).
 */

/** The id of every step's title: focus goes there on each new step (DESIGN.md, conventions). */
export const STEP_TITLE_ID = 'questionnaire-titre';

export const titleClass = 'text-2xl font-semibold leading-tight outline-none sm:text-3xl';

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-field bg-info/10 px-4 py-2.5 text-sm text-info">
      {children}
    </p>
  );
}

export function QuestionnaireFrame({
  top,
  picture,
  busy = false,
  cardRef,
  children,
}: {
  /** Progress and notices, above the card. */
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
