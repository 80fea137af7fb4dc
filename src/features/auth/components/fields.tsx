import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type {
  FieldErrors,
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegister,
  UseFormRegisterReturn,
} from 'react-hook-form';
import { PASSWORD_MIN } from '../../../domain/password';
import { AlertIcon, EyeIcon, EyeOffIcon } from '../../../ui/account-icons';

export { SubmitButton } from '../../../ui/form/submit-button';

/** A field's error, read by screen readers through aria-describedby and announced as it shows. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm text-error">
      <AlertIcon className="mt-0.5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

interface FieldProps extends InputProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | null;
  /** Text under the field, read with it (format hint). */
  hint?: ReactNode;
  /** Something next to the label, on the right (e.g. a link). */
  aside?: ReactNode;
  /** Ids of other elements that describe the field (a server message shown under it). */
  alsoDescribedBy?: string;
}

function describedBy(
  id: string,
  error?: string | null,
  hint?: ReactNode,
  more?: string,
): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null, more].filter(Boolean).join(' ') ||
    undefined
  );
}

function Label({ id, label, aside }: { id: string; label: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-1.5 flex items-baseline justify-between gap-3">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {aside}
    </div>
  );
}

/** Label above, hint and error below: what every field shows around its input. */
function FieldFrame({
  id,
  label,
  aside,
  hint,
  error,
  className,
  children,
}: Pick<FieldProps, 'id' | 'label' | 'aside' | 'hint' | 'error' | 'className'> & {
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label id={id} label={label} aside={aside} />
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-base-content/70">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Labelled text input wired to react-hook-form, with its hint and error. */
export function TextField({ registration, alsoDescribedBy, className = '', ...props }: FieldProps) {
  const { id, label, error, hint, aside, ...input } = props;
  return (
    <FieldFrame {...{ id, label, error, hint, aside, className }}>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={!!error}
        aria-describedby={describedBy(id, error, hint, alsoDescribedBy)}
        {...input}
        {...registration}
      />
    </FieldFrame>
  );
}

/** An e-mail address (a sign-in name, where to send a link): no capital letter, no spell check. */
export function EmailField(props: Omit<FieldProps, 'label'>) {
  return (
    <TextField
      label="Adresse e-mail"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}

/** Password input with a show/hide switch (the switch keeps the caret and the value). */
export function PasswordField({
  registration,
  alsoDescribedBy,
  className = '',
  autoComplete = 'current-password',
  ...props
}: FieldProps) {
  const { id, label, error, hint, aside, ...input } = props;
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame {...{ id, label, error, hint, aside, className }}>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          className={`input w-full pr-12 ${error ? 'input-error' : ''}`}
          aria-invalid={!!error}
          aria-describedby={describedBy(id, error, hint, alsoDescribedBy)}
          {...input}
          {...registration}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square absolute right-1 top-1/2 z-10 -translate-y-1/2 text-lg text-base-content/70"
          aria-label="Afficher le mot de passe"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  );
}

/**
 * The `registration` and `error` props of a field of a react-hook-form form, from its name:
 * `<TextField id="…" label="…" {...field('email')} />`.
 */
export function fieldBinder<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => ({
    registration: register(name, options),
    error: (errors[name] as { message?: string } | undefined)?.message,
  });
}

/** A message from the server about the whole form. */
export function FormAlert({
  id,
  tone,
  children,
}: {
  id?: string;
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const toneClass =
    tone === 'error' ? 'alert-error' : tone === 'success' ? 'alert-success' : 'alert-info';
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`alert alert-soft ${toneClass} items-start text-left`}
    >
      <div>{children}</div>
    </div>
  );
}

/** The rule of spec 5 in one sentence, shown under every new-password field. */
export const PASSWORD_RULES_HINT = `Au moins ${PASSWORD_MIN} caractères, dont une minuscule, une majuscule et un chiffre.`;
