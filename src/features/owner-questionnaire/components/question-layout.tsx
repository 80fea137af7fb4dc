import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { visibleOwnerStep } from '../../../domain/owner-questionnaire.schema';
import { ArrowRightIcon } from '../../../ui';
import { QUESTION_COUNT } from '../questionnaire-flow';
import { STEP_TITLE_ID, titleClass } from './questionnaire-frame';

export { STEP_TITLE_ID, titleClass };

/** 'Étape 3 sur 14' above the title: the visible step number of spec 2.5. */
export function StepCounter({ step }: { step: number }) {
  return (
    <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-secondary">
      Étape {visibleOwnerStep(step)} <span className="font-normal">sur {QUESTION_COUNT}</span>
    </p>
  );
}

/** The step's title as a plain h1 (steps whose title is not a group's legend). */
export function StepTitle({ children }: { children: ReactNode }) {
  return (
    <h1 id={STEP_TITLE_ID} tabIndex={-1} className={titleClass}>
      {children}
    </h1>
  );
}

export function FieldMessage({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 text-sm text-error" role="alert">
      {message}
    </p>
  );
}

export function Hint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-3 text-base-content/70">
      {children}
    </p>
  );
}

const ArrowLeftIcon = () => <ArrowRightIcon className="rotate-180" />;

/** Précédent and Suivant; Suivant submits the step's form, so Enter in a field works too. */
export function StepNav({
  onPrevious,
  canNext,
  nextLabel = 'Suivant',
  busy = false,
  longLabel = false,
}: {
  onPrevious: () => void;
  canNext: boolean;
  nextLabel?: string;
  busy?: boolean;
  /** The label needs the arrow's room on a phone. */
  longLabel?: boolean;
}) {
  return (
    <div className="mt-8 flex items-center justify-between gap-2 border-t border-base-300 pt-6 sm:mt-10 sm:gap-3">
      <button type="button" className="btn btn-ghost max-sm:px-3" onClick={onPrevious}>
        <ArrowLeftIcon />
        Précédent
      </button>
      <button
        type="submit"
        className="btn btn-primary whitespace-nowrap max-sm:flex-1 sm:min-w-32"
        disabled={!canNext || busy}
      >
        {busy ? <span className="loading loading-spinner loading-sm" /> : null}
        {nextLabel}
        {busy ? null : <ArrowRightIcon className={longLabel ? 'max-sm:hidden' : ''} />}
      </button>
    </div>
  );
}

/**
 * A question's form: submitting it (Suivant, or Enter in a field) moves on when allowed. Enter
 * on a radio button or a checkbox does not submit a form by itself in every browser: it does
 * here, like in a text field.
 */
export function QuestionForm({
  onNext,
  canNext,
  children,
}: {
  onNext: () => void;
  canNext: boolean;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canNext) onNext();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (
      event.key === 'Enter' &&
      target instanceof HTMLInputElement &&
      (target.type === 'radio' || target.type === 'checkbox')
    ) {
      event.preventDefault();
      if (canNext) onNext();
    }
  };
  return (
    <form noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      {children}
    </form>
  );
}
