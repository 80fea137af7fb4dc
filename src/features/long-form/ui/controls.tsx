import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { SubmitButton } from '../../../ui/form/submit-button';
import { ArrowRightIcon } from '../../../ui/icons';

const ArrowLeftIcon = () => <ArrowRightIcon className="rotate-180" />;

/**
 * The long forms' navigation under a step: the previous button, then Suivant, which submits the
 * step's form (so Enter in a field works too) and waits until the step is valid.
 */
export function LongFormNav({
  previousLabel,
  onPrevious,
  canNext,
  nextLabel = 'Suivant',
  busy = false,
  longLabel = false,
}: {
  /** Each flow's spelling: 'Précédent', or the buyer spec's 'Precedent'. */
  previousLabel: string;
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
        {previousLabel}
      </button>
      <SubmitButton
        loading={busy}
        disabled={!canNext}
        className="whitespace-nowrap max-sm:flex-1 sm:min-w-32"
      >
        {nextLabel}
        {busy ? null : <ArrowRightIcon className={longLabel ? 'max-sm:hidden' : undefined} />}
      </SubmitButton>
    </div>
  );
}

/**
 * A step's form: submitting it (Suivant, or Enter in a field) moves on when allowed, and calls
 * `onBlocked` otherwise (the step may then say why). Enter on a radio button or a checkbox does
 * not submit a form by itself in every browser: it does here, like in a text field; Enter in a
 * textarea stays a new line.
 */
export function LongFormForm({
  onNext,
  canNext,
  onBlocked,
  children,
}: {
  onNext: () => void;
  canNext: boolean;
  onBlocked?: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canNext) onNext();
    else onBlocked?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement)) return;
    if (target.type === 'radio' || target.type === 'checkbox') {
      event.preventDefault();
      if (canNext) onNext();
      else onBlocked?.();
    } else if (!canNext) {
      // Suivant is disabled: the browser submits nothing, but the step may still say why.
      onBlocked?.();
    }
  };
  return (
    <form noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      {children}
    </form>
  );
}
