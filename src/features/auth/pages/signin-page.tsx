import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useLocation } from 'wouter';
import { loginFormSchema, type LoginForm } from '../../../domain/auth.schema';
import { SIGNUP_MINUTES, minutesText } from '../../../domain/form-duration';
import { homeOf } from '../../../domain/roles';
import { useResendActivation } from '../../../lib/resend-activation';
import { ResendButton } from '../../../ui/form/resend-button';
import { login, type LoginRefusal } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { EmailField, PasswordField, SubmitButton } from '../components/fields';
import { signIn } from '../session.actions';
import { sessionStore } from '../session.state';

/** Where a person already signed in is sent from the sign-in page (spec 2.4). */
export const ACCOUNT_HOME = '/espace-client/dashboard';

/**
 * Sign-in (spec 2.4, 4.2): idle → loading on submit (message cleared) → the person's area on
 * success, or the server's message in red under the password field on failure.
 * `/admin` shows the same screen for the staff, without the sign-up block.
 */
export function SignInScreen({ isAdmin }: { isAdmin: boolean }) {
  const [, navigate] = useLocation();
  // Spec 2.4: a token held on entry (not one obtained here) sends the person to their area.
  const [signedInOnEntry] = useState(() => sessionStore.token !== null);
  const [loading, setLoading] = useState(false);
  const [refusal, setRefusal] = useState<LoginRefusal | null>(null);
  const { resend, send: sendResend, reset: resetResend } = useResendActivation();
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors, isValid },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (!signedInOnEntry) setFocus('email');
  }, [signedInOnEntry, setFocus]);

  if (signedInOnEntry) return <Redirect to={ACCOUNT_HOME} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    resetResend();
    setLoading(true);
    const result = await login(values);
    if (result.ok) {
      signIn(result.token, result.user);
      navigate(homeOf(sessionStore.roles));
      return;
    }
    setRefusal(result.failure);
    setLoading(false);
  });

  const onResend = () => sendResend(getValues('email').trim());

  return (
    <AuthLayout
      title={isAdmin ? 'Espace équipe' : 'Connexion'}
      lead={
        isAdmin
          ? 'Accès réservé aux chasseurs, managers, directeurs et administrateurs.'
          : 'Retrouvez votre projet, vos documents et les échanges avec votre chasseur immobilier.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={loading}>
        <EmailField
          id="signin-email"
          autoComplete="username"
          registration={register('email')}
          error={errors.email?.message}
        />
        <div>
          <PasswordField
            id="signin-password"
            label="Mot de passe"
            registration={register('password')}
            error={errors.password?.message}
            alsoDescribedBy={refusal ? 'signin-refusal' : undefined}
            aside={
              <Link href="/mot-de-passe-oublie" className="link link-primary text-sm">
                Mot de passe oublié&nbsp;?
              </Link>
            }
          />
          {refusal ? (
            <div id="signin-refusal" data-testid="signin-refusal" className="mt-2">
              <p role="alert" className="text-sm font-medium text-error">
                {refusal.message}
              </p>
              {refusal.reason === 'not-confirmed' ? (
                <div className="mt-3 rounded-field border border-base-300 bg-base-200/60 p-3 text-sm">
                  {resend.status === 'done' ? (
                    <p role="status" className={resend.failed ? 'text-error' : 'text-success'}>
                      {resend.message}
                    </p>
                  ) : (
                    <>
                      <p className="text-base-content/75">
                        Le lien reçu a expiré ou s’est perdu&nbsp;? Nous pouvons vous l’envoyer à
                        nouveau.
                      </p>
                      <ResendButton
                        className="mt-2"
                        sending={resend.status === 'sending'}
                        onClick={() => void onResend()}
                      >
                        Renvoyer l’e-mail d’activation
                      </ResendButton>
                    </>
                  )}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
        <SubmitButton
          loading={loading}
          disabled={!isValid}
          className={`btn-block btn-lg ${isAdmin ? 'mt-8' : 'mt-2'}`}
        >
          Se connecter
        </SubmitButton>
      </form>

      {isAdmin ? null : (
        <div className="mt-8">
          <div className="divider text-sm text-base-content/70">Pas encore inscrit&nbsp;?</div>
          <Link href="/signup" className="btn btn-outline btn-primary btn-block">
            Décrire mon projet
          </Link>
          <p className="mt-3 text-center text-sm text-base-content/70">
            {/* The spec's own sentence (spec 2.4), its figure the signup's duration. */}
            Cela vous prendra que {minutesText(SIGNUP_MINUTES)}, et c’est entièrement gratuit&nbsp;!
          </p>
        </div>
      )}
    </AuthLayout>
  );
}

export default function SignInPage() {
  return <SignInScreen isAdmin={false} />;
}

export function AdminSignInPage() {
  return <SignInScreen isAdmin />;
}
