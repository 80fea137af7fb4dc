import { Link } from 'wouter';
import { OwnerStep } from '../../../domain/owner-questionnaire.schema';
import type { LongFormConfirmationContent } from '../../long-form';
import { ArrowRightIcon, ClockIcon, MailIcon } from '../../../ui';
import { stepTitles } from '../step-content';

/**
 * CONFIRM (spec 1, 2.5): the e-mail entered, the confirmation e-mail and the 48-hour promise.
 * A submission the service worker keeps for the network (the form's `confirmed.queuedKey`) is
 * said to be waiting, then shown as arrived once the worker has sent it; a refusal leads back
 * to CONTACT.
 */
export const ownerConfirmation: LongFormConfirmationContent = {
  sent: 'demande',
  arrivedTitle: stepTitles[OwnerStep.CONFIRM],
  next: ({ email, arrived, refused }) => (
    <>
      <ul className={refused ? 'hidden' : 'mt-6 space-y-4'}>
        <li className="flex gap-3">
          <MailIcon className="mt-0.5 shrink-0 text-xl text-primary" />
          <p>
            Un e-mail de confirmation {arrived ? 'va vous être envoyé' : 'vous sera envoyé'}
            {email ? (
              <>
                {' '}
                à <strong className="font-semibold [overflow-wrap:anywhere]">{email}</strong>
              </>
            ) : null}
            .
          </p>
        </li>
        <li className="flex gap-3">
          <ClockIcon className="mt-0.5 shrink-0 text-xl text-primary" />
          <p>
            Un chasseur immobilier vous contactera <strong>sous 48 heures</strong> pour parler de
            votre bien et convenir d’une estimation.
          </p>
        </li>
      </ul>
      <div className="mt-10 flex flex-col gap-3 border-t border-base-300 pt-6 sm:flex-row">
        <Link href="/" className="btn btn-primary">
          Retour à l’accueil
        </Link>
        <Link href="/homestylz" className="btn btn-ghost">
          Découvrir le home staging homestylz
          <ArrowRightIcon />
        </Link>
      </div>
    </>
  ),
};
