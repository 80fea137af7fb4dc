import { useState, type ReactNode } from 'react';
import { emailRequestSchema } from '../../../domain/auth.schema';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { EmailField, FormAlert, SubmitButton } from './fields';

/**
 * One e-mail field and a button, for the requests the server answers the same way whether or
 * not the address exists (new activation link, password reset): its answer replaces the form.
 */
export function EmailRequestForm({
  id,
  submitLabel,
  send,
  defaultEmail = '',
  intro,
}: {
  id: string;
  submitLabel: string;
  send: (email: string) => Promise<{ message: string }>;
  defaultEmail?: string;
  intro?: ReactNode;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    submit,
    failure,
    formState: { errors, isSubmitting },
  } = useSchemaForm(emailRequestSchema, { defaultValues: { email: defaultEmail } });

  if (sent) {
    return (
      <FormAlert tone="success" id={`${id}-sent`}>
        {sent}
      </FormAlert>
    );
  }

  const onSubmit = submit(async ({ email }) => setSent((await send(email)).message), {
    only: ['email'],
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {intro}
      <EmailField
        id={`${id}-email`}
        registration={register('email')}
        error={errors.email?.message}
      />
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <SubmitButton loading={isSubmitting} className="btn-block">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
