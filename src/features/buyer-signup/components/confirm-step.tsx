import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useResendActivation } from '../../../lib/resend-activation';
import { ClockIcon, MailIcon } from '../../../ui';
import type { LongFormConfirmationContent } from '../../long-form';
import { ResendButton } from '../../../ui/form/resend-button';

/**
 * CONFIRM (spec 2.6, step 17): once validated, an e-mail goes to the address entered; its link
 * confirms the signup and opens the client area; a hunter calls within 48 hours. What to do
 * next is said step by step: the e-mail to open (its address shown), a new one if it does not
 * come, the way home. A registration the service worker keeps for the network is said to be
 * waiting, then shown as arrived once sent; a refusal leads back to USER.
 */
export const buyerConfirmation: LongFormConfirmationContent = {
  sent: 'inscription',
  arrivedTitle: 'Merci, votre inscription est enregistrée',
  next: ({ email, arrived, refused }) => (
    <>
      {refused ? null : (
        <>
          <h2 className="mt-8 text-lg font-semibold">Et maintenant&nbsp;?</h2>
          <ol className="mt-4 space-y-5">
            <li className="flex gap-3">
              <MailIcon className="mt-1 shrink-0 text-xl text-primary" />
              <div className="min-w-0">
                <p>
                  <strong className="font-semibold">Ouvrez l’e-mail de confirmation</strong>{' '}
                  {arrived ? 'que nous venons d’envoyer à' : 'que vous recevrez à'}{' '}
                  <strong className="font-semibold [overflow-wrap:anywhere]">
                    {email ?? 'l’adresse indiquée'}
                  </strong>
                  {arrived ? '.' : ' dès que votre inscription sera arrivée.'}
                </p>
                <p className="mt-1 text-base-content/75">
                  Cliquez sur son lien, valable 48&nbsp;heures&nbsp;: il confirme votre inscription
                  et ouvre votre espace client.
                </p>
                {arrived && email ? <ResendActivation email={email} /> : null}
              </div>
            </li>
            <li className="flex gap-3">
              <ClockIcon className="mt-1 shrink-0 text-xl text-primary" />
              <p className="min-w-0">
                Un chasseur immobilier vous contactera dans les 48&nbsp;heures pour parler de votre
                projet.
              </p>
            </li>
          </ol>
        </>
      )}
      <div className="mt-10 border-t border-base-300 pt-6">
        <Link href="/" className="btn btn-primary max-sm:btn-block">
          Retour à l’accueil
        </Link>
      </div>
    </>
  ),
};

/**
 * 'Renvoyer l’e-mail de confirmation': the server's answer replaces the button, and takes the
 * focus the button had.
 */
function ResendActivation({ email }: { email: string }) {
  const { resend, send } = useResendActivation();
  const answer = useRef<HTMLParagraphElement>(null);
  const sent = resend.status === 'done' && !resend.failed;
  useEffect(() => {
    if (sent) answer.current?.focus();
  }, [sent]);
  return (
    <div className="mt-4 rounded-field border border-base-300 bg-base-200/60 p-4 text-sm">
      {resend.status === 'done' && !resend.failed ? (
        <p ref={answer} role="status" tabIndex={-1} className="text-success outline-none">
          {resend.message}
        </p>
      ) : (
        <>
          <p className="text-base-content/75">
            Rien reçu après quelques minutes&nbsp;? Regardez dans les courriers indésirables, ou
            demandez un nouvel e-mail.
          </p>
          {resend.status === 'done' ? (
            <p role="alert" className="mt-2 text-error">
              {resend.message}
            </p>
          ) : null}
          <ResendButton
            className="mt-3"
            sending={resend.status === 'sending'}
            onClick={() => void send(email)}
          >
            Renvoyer l’e-mail de confirmation
          </ResendButton>
        </>
      )}
    </div>
  );
}
