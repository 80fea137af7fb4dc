import { buyerUserSchema } from '../../../domain/buyer-signup.schema';
import { passwordMessages, passwordSchema } from '../../../domain/password';
import { AlertIcon } from '../../../ui/account-icons';
import { identityFields, identityInputs, identityValues } from '../../../ui/form/identity';
import { LabelledInput } from '../../../ui/form/labelled-input';
import type { AccountFields, BuyerAnswers } from '../buyer-flow';
import { useSubmitStepForm, type SubmitStepProps } from '../../long-form';
import { StepNav, StepTitle } from './controls';

type Field = keyof AccountFields;

const newPassword = { type: 'password', autoComplete: 'new-password' } as const;
const inputs = { ...identityInputs, password: newPassword, passwordConfirm: newPassword };
const fields: Field[] = [...identityFields, 'password', 'passwordConfirm'];

/** The spec's labels (2.6), its spelling kept. */
const labels: Record<Field, string> = {
  lastname: 'Nom',
  firstname: 'Prenom',
  email: 'Adresse mail',
  phone: 'Téléphone',
  password: 'Mot de passe',
  passwordConfirm: 'Confirmation de votre mot de passe',
};

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
export function UserStep({ form }: SubmitStepProps<BuyerAnswers, AccountFields>) {
  const { failure } = form;
  const {
    register,
    send,
    clearErrors,
    getValues,
    trigger,
    formState: { errors, touchedFields },
  } = useSubmitStepForm<AccountFields, AccountFields>({
    schema: buyerUserSchema,
    defaultValues: { ...identityValues(form.answers), password: '', passwordConfirm: '' },
    onSubmit: form.submit,
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
        {fields.map((name) => {
          const id = `inscription-${name}`;
          const messages = messagesOf(name);
          return (
            <LabelledInput
              key={name}
              className={name === 'email' ? 'sm:col-span-2' : ''}
              id={id}
              label={labels[name]}
              labelClassName="mb-1 block text-sm font-medium"
              {...inputs[name]}
              invalid={messages.length > 0}
              messageId={`${id}-messages`}
              {...register(name, {
                onChange: (e: { target: HTMLInputElement }) => {
                  if (errors[name]?.type === 'server') clearErrors(name);
                  // A confirmation already left is checked again when the password changes.
                  if (name === 'password' && touchedFields.passwordConfirm)
                    void trigger('passwordConfirm');
                  // The passwords live in the form only: they never reach the draft.
                  if (name !== 'password' && name !== 'passwordConfirm')
                    form.answer({ [name]: e.target.value });
                },
              })}
            >
              <Messages id={`${id}-messages`} messages={messages} />
            </LabelledInput>
          );
        })}
      </fieldset>
      {failure?.message ? (
        <div role="alert" className="alert alert-error alert-soft mt-6 flex flex-wrap">
          <span>{failure.message}</span>
          {fix ? (
            <button type="button" className="btn btn-sm" onClick={() => form.goTo(fix.step)}>
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
      <StepNav canNext onPrevious={form.previous} nextLabel="Validé" busy={form.sending} />
    </form>
  );
}
