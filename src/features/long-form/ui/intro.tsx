import type { ReactNode } from 'react';
import { Eyebrow, IconCircle } from '../../../ui';
import { ErrorAlert } from '../../../ui/error-alert';
import { ArrowRightIcon } from '../../../ui/icons';
import { LongFormTitle } from './frame';

/** What the page tells the intro: whether the draft is read, the questions loading, how to start. */
export interface LongFormStart {
  /** The draft is read. */
  ready: boolean;
  /** The questions are loading. */
  loading?: boolean;
  /** Why they could not be loaded. */
  error?: string | null;
  onStart: () => void;
  /** Pointing at the button or focusing it: load the questions already. */
  onIntent?: () => void;
}

export interface LongFormBenefit {
  icon: ReactNode;
  title: string;
  text: string;
}

/** A flow's intro: who it is for, the title, the pitch and its benefits, how long it takes. */
export interface LongFormIntroContent {
  /** The id of the flow's step titles. */
  titleId: string;
  /** The line above the title: who the form is for. */
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  benefits: readonly LongFormBenefit[];
  /** Beside the button: how many questions, how long. */
  duration: ReactNode;
  /** When given, the duration's id, and the button is described by it. */
  durationId?: string;
  /** When given, said to screen readers while the button waits (the draft read or not yet). */
  waitingStatus?: (ready: boolean) => ReactNode;
}

/**
 * A long form's intro (START): who it is for, the title, the pitch and its benefits, then 'C’est
 * parti !' with the time it takes. Prerendered as the page's first paint, the button ready: a
 * press made while the draft is still being read is kept (the page shows the questions once both
 * are there), so a first visit's press is one (src/app/first-touch.ts). After the press it waits
 * while the questions load (and the draft, when still read); pointing at it or giving it focus
 * (`onIntent`) starts loading them already.
 */
export function LongFormIntro({
  titleId,
  eyebrow,
  title,
  lead,
  benefits,
  duration,
  durationId,
  waitingStatus,
  ready,
  loading = false,
  error = null,
  onStart,
  onIntent,
}: LongFormStart & LongFormIntroContent) {
  const waiting = loading;
  return (
    <div>
      <Eyebrow className="mb-3">{eyebrow}</Eyebrow>
      <LongFormTitle id={titleId} className="sm:text-4xl">
        {title}
      </LongFormTitle>
      <p className="mt-4 text-lg text-base-content/75">{lead}</p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2">
        {benefits.map((b) => (
          <li key={b.title} className="flex gap-3">
            <IconCircle className="inline-flex size-10 shrink-0 text-xl">{b.icon}</IconCircle>
            <span>
              <strong className="block font-semibold">{b.title}</strong>
              <span className="text-sm text-base-content/70">{b.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <ErrorAlert message={error} className="mt-8" />
      <div className="mt-10 flex flex-col items-start gap-3 border-t border-base-300 pt-6 sm:flex-row sm:items-center sm:gap-5">
        <button
          type="button"
          className="btn btn-primary btn-lg w-full sm:w-auto"
          disabled={waiting}
          aria-describedby={durationId}
          onClick={onStart}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          onTouchStart={onIntent}
        >
          C’est parti&#x202f;!
          {waiting ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <ArrowRightIcon />
          )}
        </button>
        <p id={durationId} className="text-sm text-base-content/70">
          {duration}
        </p>
      </div>
      {waiting && waitingStatus ? (
        <p role="status" className="sr-only">
          {waitingStatus(ready)}
        </p>
      ) : null}
    </div>
  );
}
