import { useState, type ReactNode } from 'react';
import { Field } from '../../../ui/form/field';
import { LongFormForm, LongFormNav, LongFormTitle, type StepNavigation } from '../../long-form';

/** The id of every step's title (focused on each new step). */
export const REPORT_TITLE_ID = 'compte-rendu-titre';

/** What a field shows under it: the schema's message once the field was left or Next tried. */
export { Field };

export function useShownErrors() {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [all, setAll] = useState(false);
  return {
    touch: (field: string) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })),
    showAll: () => setAll(true),
    shown: (field: string, message: string | undefined) =>
      all || touched[field] ? message : undefined,
  };
}

/** One screen of the report: its number, its title, its fields, Précédent and Suivant. */
export function ReportStep({
  step,
  count,
  title,
  hint,
  nav,
  onBlocked,
  nextLabel,
  busy,
  children,
}: {
  step: number;
  count: number;
  title: ReactNode;
  hint?: ReactNode;
  nav: StepNavigation;
  onBlocked?: () => void;
  nextLabel?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <LongFormForm onNext={nav.onNext} canNext={nav.canNext} onBlocked={onBlocked}>
      <p className="mb-2 text-sm font-semibold uppercase tracking-widest text-secondary-strong">
        Étape {step} <span className="font-normal">sur {count}</span>
      </p>
      <LongFormTitle id={REPORT_TITLE_ID}>{title}</LongFormTitle>
      {hint ? <p className="mt-2 text-base-content/75">{hint}</p> : null}
      <div className="mt-6 space-y-5">{children}</div>
      <LongFormNav
        previousLabel="Précédent"
        onPrevious={nav.onPrevious}
        canNext={nav.canNext}
        nextLabel={nextLabel}
        busy={busy}
        longLabel={!!nextLabel}
      />
    </LongFormForm>
  );
}

/**
 * A number typed on a phone's keypad: empty is null, and what the browser cannot read as a
 * number ('12 a') says so instead of becoming null silently.
 */
export function NumberField({
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  unit,
  decimals = false,
  placeholder,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  /** Shown after the figure: « € », « m² ». */
  unit?: string;
  decimals?: boolean;
  placeholder?: string;
}) {
  const [unreadable, setUnreadable] = useState(false);
  const message = unreadable ? 'Saisissez un nombre, en chiffres seulement.' : error;
  return (
    <Field label={label} hint={hint} error={message}>
      {({ id, describedBy, invalid }) => (
        <label className={`input input-lg w-full max-w-xs ${invalid ? 'input-error' : ''}`}>
          <input
            id={id}
            type="number"
            inputMode={decimals ? 'decimal' : 'numeric'}
            step={decimals ? 'any' : 1}
            className="[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            value={value ?? ''}
            placeholder={placeholder}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onBlur={onBlur}
            onChange={(event) => {
              const next = event.target.valueAsNumber;
              setUnreadable(event.target.validity.badInput);
              onChange(Number.isNaN(next) ? null : next);
            }}
          />
          {unit ? <span className="text-base-content/75">{unit}</span> : null}
        </label>
      )}
    </Field>
  );
}

/** A free text of a few lines. */
export function TextAreaField({
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  rows = 4,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  rows?: number;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={rows}
          className={`textarea textarea-lg w-full ${invalid ? 'textarea-error' : ''}`}
          value={value ?? ''}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
