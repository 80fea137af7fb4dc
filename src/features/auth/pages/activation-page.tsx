import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { homeOf } from '../../../domain/roles';
import { toApiFailure } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { resendActivation } from '../../../lib/resend-activation';
import { activateAccount } from '../api/email-links';
import { AuthLayout } from '../components/auth-layout';
import { EmailRequestForm } from '../components/email-request-form';
import { FormAlert } from '../components/fields';
import { signIn } from '../session.actions';
import { sessionStore } from '../session.state';

type Outcome =
  | { ok: true; token: string; user: Parameters<typeof signIn>[1] }
  | { ok: false; message: string; retryable: boolean };

/**
 * A code works once: the same code is sent once per page load, even when React runs the effect
 * twice (StrictMode) or the page renders again.
 */
const attempts = new Map<string, Promise<Outcome>>();

function activate(code: string): Promise<Outcome> {
  let attempt = attempts.get(code);
  if (!attempt) {
    attempt = activateAccount(code).then(
      (answer): Outcome => ({ ok: true, token: answer.token, user: answer.user }),
      (error: unknown): Outcome => {
        const failed = toApiFailure(error);
        // Without an answer the code is untouched: it may be tried again.
        if (failed.status === null) attempts.delete(code);
        return { ok: false, message: failed.message, retryable: failed.status === null };
      },
    );
    attempts.set(code, attempt);
  }
  return attempt;
}

/**
 * /activation/{code}, the link of the confirmation e-mail (issue 3): confirms the account, signs
 * the person in and opens their area; a used or expired link says so and offers a new e-mail.
 */
export default function ActivationPage() {
  const { code = '' } = useParams<{ code: string }>();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<{ message: string; retryable: boolean } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    void activate(code).then((outcome) => {
      if (!live) return;
      if (outcome.ok) {
        signIn(outcome.token, outcome.user);
        notify.success('Votre compte est activé. Bienvenue\u202f!');
        navigate(homeOf(sessionStore.roles), { replace: true });
      } else {
        setFailure({ message: outcome.message, retryable: outcome.retryable });
      }
    });
    return () => {
      live = false;
    };
  }, [code, round, navigate]);

  if (!failure) {
    return (
      <AuthLayout title="Activation de votre compte">
        <div role="status" className="flex items-center gap-3 text-base-content/80">
          <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
          Nous confirmons votre adresse e-mail…
        </div>
      </AuthLayout>
    );
  }

  if (failure.retryable) {
    return (
      <AuthLayout title="Activation de votre compte">
        <FormAlert tone="error">{failure.message}</FormAlert>
        <button
          type="button"
          className="btn btn-primary btn-block mt-6"
          onClick={() => {
            setFailure(null);
            setRound((r) => r + 1);
          }}
        >
          Réessayer
        </button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Ce lien d’activation n’est plus valable"
      footer={
        <>
          Votre compte est déjà actif&nbsp;?{' '}
          <Link href="/signin" className="link link-primary">
            Se connecter
          </Link>
        </>
      }
    >
      <FormAlert tone="error" id="activation-failure">
        {failure.message}
      </FormAlert>
      <div className="mt-6">
        <EmailRequestForm
          id="activation-resend"
          submitLabel="Recevoir un nouveau lien"
          send={resendActivation}
          intro={
            <p className="text-base-content/75">
              Saisissez l’adresse e-mail de votre inscription&nbsp;: nous vous envoyons un nouveau
              lien d’activation, valable 48 heures.
            </p>
          }
        />
      </div>
    </AuthLayout>
  );
}
