import { buyerUserSchema } from '../../../domain/buyer-signup.schema';
import { passwordMessages, passwordSchema } from '../../../domain/password';
import { AlertIcon } from '../../../ui/account-icons';
import type { AccountFields, BuyerAnswers } from '../buyer-flow';
import { useSubmitStepForm, type SubmitStepProps } from '../../long-form';
import { StepNav, StepTitle } from './controls';

type Field = keyof AccountFields;

const fields: { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: 'lastname', label: 'Nom', type: 'text', autoComplete: 'family-name' },
  { name: 'firstname', label: 'Prenom', type: 'text', autoComplete: 'given-name' },
  { name: 'email', label: 'Adresse mail', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  { name: 'password', label: 'Mot de passe', type: 'password', autoComplete: 'new-password' },
  {
    name: 'passwordConfirm',
    label: 'Confirmation de votre mot de passe',
    type: 'password',
    autoComplete: 'new-password',
  },
];

/**
 * Every message the password breaks, in the spec's words (spec 8): 'required' alone when empty.
 * The special-character rule is not enforced (see src/domain/password.ts for why).
 */
export function passwordProblems(password: string): string[] {
  const parsed = passwordSchema.safeParse(password);
  if (parsed.success) return [];
  const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
  return password === '' ? [passwordMessages.required] : messages;
}

function Messages({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="mt-2 space-y-1 text-sm text-error">
      {messages.map((m) => (
        <li key={m} className="flex items-start gap-1.5">
          <AlertIcon className="mt-0.5 shrink-0" aria-hidden="true" />
          {m}
        </li>
      ))}
    </ul>
  );
}

/**
 * Step 16, USER (spec 2.6): the six account fields and 'Validé', on react-hook-form with the
 * schema the server checks. The passwords live in the form only: they never reach the draft.
 * Messages show once a field is touched.
 */
export function UserStep({
  answers,
  onChange,
  onSubmit,
  onPrevious,
  onFix,
  sending,
  failure,
}: SubmitStepProps<BuyerAnswers, AccountFields>) {
  const {
    register,
    send,
    clearErrors,
    getValues,
    trigger,
    formState: { errors, touchedFields },
  } = useSubmitStepForm<AccountFields, AccountFields>({
    schema: buyerUserSchema,
    defaultValues: {
      lastname: answers.lastname ?? '',
      firstname: answers.firstname ?? '',
      email: answers.email ?? '',
      phone: answers.phone ?? '',
      password: '',
      passwordConfirm: '',
    },
    onSubmit,
  });

  /** A field's messages: the server's, or every rule the password breaks, or the schema's. */
  const messagesOf = (name: Field): string[] => {
    const error = errors[name];
    if (!error?.message) return [];
    if (name === 'password' && error.type !== 'server') {
      const problems = passwordProblems(getValues('password'));
      return problems.length > 0 ? problems : [error.message];
    }
    return [error.message];
  };

  const fix = failure?.fix;
  return (
    <form noValidate onSubmit={(e) => void send(e)}>
      <StepTitle step={16}>Créez votre compte</StepTitle>
      <p className="mt-3 text-base-content/70">
        Votre espace client vous permettra de suivre votre projet avec votre chasseur immobilier.
      </p>
      <fieldset className="mt-6 grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">Vos coordonnées et votre mot de passe</legend>
        {fields.map((f) => {
          const id = `inscription-${f.name}`;
          const messages = messagesOf(f.name);
          return (
            <div key={f.name} className={f.name === 'email' ? 'sm:col-span-2' : ''}>
              <label htmlFor={id} className="mb-1 block text-sm font-medium">
                {f.label}
              </label>
              <input
                id={id}
                type={f.type}
                autoComplete={f.autoComplete}
                className={`input w-full ${messages.length ? 'input-error' : ''}`}
                aria-invalid={messages.length > 0}
                aria-describedby={messages.length ? `${id}-messages` : undefined}
                {...register(f.name, {
                  onChange: (e: { target: HTMLInputElement }) => {
                    if (errors[f.name]?.type === 'server') clearErrors(f.name);
                    // A confirmation already left is checked again when the password changes.
                    if (f.name === 'password' && touchedFields.passwordConfirm)
                      void trigger('passwordConfirm');
                    // The passwords live in the form only: they never reach the draft.
                    if (f.name !== 'password' && f.name !== 'passwordConfirm')
                      onChange({ [f.name]: e.target.value });
                  },
                })}
              />
              <Messages id={`${id}-messages`} messages={messages} />
            </div>
          );
        })}
      </fieldset>
      {failure?.message ? (
        <div role="alert" className="alert alert-error alert-soft mt-6 flex flex-wrap">
          <span>{failure.message}</span>
          {fix ? (
            <button type="button" className="btn btn-sm" onClick={() => onFix(fix.step)}>
              Corriger
            </button>
          ) : null}
          {failure.retryable ? (
            <button type="submit" className="btn btn-sm">
              Réessayer
            </button>
          ) : null}
        </div>
      ) : null}
      <StepNav canNext onPrevious={onPrevious} nextLabel="Validé" busy={sending} />
    </form>
  );
}
