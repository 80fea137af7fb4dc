import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { passwordWithConfirmSchema } from '../../../domain/password';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { resetPassword } from '../api/email-links';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, PASSWORD_RULES_HINT, PasswordField, SubmitButton } from '../components/fields';

type Outcome = { done: true; message: string } | { linkInvalid: true; message: string };

/**
 * /reinitialiser-mot-de-passe/{token}, the link of the reset e-mail: a new password under the
 * signup's rules (spec 5), each message of spec 8 shown once the field has been touched.
 */
export default function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    submit,
    trigger,
    failure,
    formState: { errors, isSubmitting, touchedFields },
  } = useSchemaForm(passwordWithConfirmSchema, {
    defaultValues: { password: '', passwordConfirm: '' },
  });

  const onSubmit = submit(
    async (values) => {
      const answer = await resetPassword({ token, ...values });
      setOutcome({ done: true, message: answer.message });
    },
    {
      only: ['password', 'passwordConfirm'],
      focus: true,
      onRefused: ({ failed, placed }) => {
        // No field at fault: the link itself is unknown, used or expired.
        const linkInvalid = !placed && (failed.status === 400 || failed.status === 404);
        if (linkInvalid) setOutcome({ linkInvalid, message: failed.message });
        return linkInvalid;
      },
    },
  );

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
