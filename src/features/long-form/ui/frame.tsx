import type { ReactNode, Ref } from 'react';

/**
 * The visual shell of the two long forms, the owner questionnaire (spec 2.5) and the buyer
 * signup (spec 2.6): the bar above the card, then the card with the step's picture beside its
 * content. Each flow passes its own ids and texts. Small on purpose: it is in the intro's first
 * download, with no progress bar nor dialog (see long-form-step-frame.tsx).
 */

/** The class of every step's title (the intro adds `sm:text-4xl`). */
export const longFormTitleClass = 'text-2xl font-semibold leading-tight outline-none sm:text-3xl';

/** A step's title: the h1 that gets focus on each new step, hence its id and tabIndex. */
export function LongFormTitle({
  id,
  className,
  level: Heading = 'h1',
  children,
}: {
  id: string;
  /** Classes added to the title's own. */
  className?: string;
  /** h1 on the form's own page; lower where a step is shown inside another page. */
  level?: 'h1' | 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <Heading
      id={id}
      tabIndex={-1}
      className={className ? `${longFormTitleClass} ${className}` : longFormTitleClass}
    >
      {children}
    </Heading>
  );
}

/** A notice above the card (answers found again, storage), read out politely. */
export function LongFormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-field bg-info/10 px-4 py-2.5 text-sm text-info">
      {children}
    </p>
  );
}

export interface LongFormPicture {
  src: string;
  alt: string;
  /** The intro's picture, in the first paint: fetched first. */
  priority?: boolean;
}

export function LongFormFrame({
  top,
  picture,
  busy = false,
  cardRef,
  below,
  children,
}: {
  /** Progress and notices, above the card. */
  top?: ReactNode;
  /** A secondary action under the card (« Continuer sur un autre appareil »). */
  below?: ReactNode;
  /**
   * The step's picture beside the card (the public forms); without one, the card alone, under
   * what the page puts above it (a form of the staff area, used on a phone during a visit).
   */
  picture?: LongFormPicture;
  busy?: boolean;
  cardRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  if (!picture)
    return (
      <div className="mx-auto max-w-3xl px-4 pb-12 pt-4 sm:px-6">
        {top}
        <div
          ref={cardRef}
          aria-busy={busy}
          className="min-w-0 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8"
        >
          {children}
        </div>
        {below}
      </div>
    );
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
        {below}
      </div>
    </div>
  );
}
