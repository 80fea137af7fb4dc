import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import type { z } from 'zod';
import { passwordWithConfirmSchema } from '../../../domain/password';
import { toApiFailure } from '../../../lib/api';
import { resetPassword } from '../api/email-links';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, PASSWORD_RULES_HINT, PasswordField, SubmitButton } from '../components/fields';

type NewPassword = z.infer<typeof passwordWithConfirmSchema>;

type Outcome = { done: true; message: string } | { linkInvalid: true; message: string };

/**
 * /reinitialiser-mot-de-passe/{token}, the link of the reset e-mail: a new password under the
 * signup's rules (spec 5), each message of spec 8 shown once the field has been touched.
 */
export default function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<NewPassword>({
    resolver: zodResolver(passwordWithConfirmSchema),
    mode: 'onTouched',
    defaultValues: { password: '', passwordConfirm: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await resetPassword({ token, ...values });
      setOutcome({ done: true, message: answer.message });
    } catch (error) {
      const failed = toApiFailure(error);
      const fields = Object.entries(failed.fieldErrors).filter(
        ([field]) => field === 'password' || field === 'passwordConfirm',
      );
      if (fields.length > 0) {
        for (const [field, message] of fields) {
          setError(field as FieldPath<NewPassword>, { message }, { shouldFocus: true });
        }
      } else if (failed.status === 400 || failed.status === 404) {
        // No field at fault: the link itself is unknown, used or expired.
        setOutcome({ linkInvalid: true, message: failed.message });
      } else {
        setFailure(failed.message);
      }
    }
  });

  if (outcome && 'done' in outcome) {
    return (
      <AuthLayout title="Mot de passe modifié">
        <FormAlert tone="success" id="reset-done">
          {outcome.message}
        </FormAlert>
        <Link href="/signin" className="btn btn-primary btn-block mt-6">
          Se connecter
        </Link>
      </AuthLayout>
    );
  }

  if (outcome) {
    return (
      <AuthLayout title="Ce lien n’est plus valable">
        <FormAlert tone="error" id="reset-invalid">
          {outcome.message}
        </FormAlert>
        <p className="mt-5 text-base-content/75">
          Un lien de réinitialisation ne sert qu’une fois et reste valable une heure. Demandez-en un
          nouveau&nbsp;: il arrive en quelques instants.
        </p>
        <Link href="/mot-de-passe-oublie" className="btn btn-primary btn-block mt-6">
          Demander un nouveau lien
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choisir un nouveau mot de passe"
      lead="Il remplacera l’ancien pour vous connecter à votre espace."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <PasswordField
          id="reset-password"
          label="Nouveau mot de passe"
          autoComplete="new-password"
          hint={PASSWORD_RULES_HINT}
          registration={register('password', {
            // A confirmation already typed is checked again whenever the password changes.
            onChange: () => {
              if (touchedFields.passwordConfirm) void trigger('passwordConfirm');
            },
          })}
          error={errors.password?.message}
        />
        <PasswordField
          id="reset-password-confirm"
          label="Confirmez le mot de passe"
          autoComplete="new-password"
          registration={register('passwordConfirm')}
          error={errors.passwordConfirm?.message}
        />
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        <SubmitButton loading={isSubmitting} className="btn-block btn-lg">
          Enregistrer le mot de passe
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
