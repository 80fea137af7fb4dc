import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emailRequestSchema } from '../../../domain/auth.schema';
import { toApiFailure } from '../../../lib/api';
import { EmailField, FormAlert, SubmitButton } from './fields';

type EmailRequest = z.infer<typeof emailRequestSchema>;

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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailRequest>({
    resolver: zodResolver(emailRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });

  if (sent) {
    return (
      <FormAlert tone="success" id={`${id}-sent`}>
        {sent}
      </FormAlert>
    );
  }

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      setSent((await send(email)).message);
    } catch (error) {
      const failed = toApiFailure(error);
      if (failed.fieldErrors.email) setError('email', { message: failed.fieldErrors.email });
      else setFailure(failed.message);
    }
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
