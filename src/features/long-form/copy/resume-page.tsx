import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import {
  FORM_COPY_TOKEN,
  formCopyFlows,
  formCopyPages,
  type FormCopyFlow,
  type FormCopyView,
} from '../../../domain/api/form-copies';
import { adoptDraftCopy, clearDraft, readDraft, type DraftRecord } from '../../../db/drafts.repo';
import { LongFormFrame, LongFormTitle } from '../ui/frame';
import { draftsDiffer, readCopy, type CopyReading } from './copy-api';
import { handOffResumeNotice } from './resume-handoff';
import { resumeNotice, savedOn } from './resume-notice';

type Opening =
  | { status: 'opening' }
  | { status: 'choose'; copy: FormCopyView }
  | { status: 'unknown' }
  | { status: 'sent' }
  | { status: 'failed'; message: string };

/** The flow whose page starts the path: /signup/reprendre/… → 'buyer'. */
function flowOfPath(pathname: string): FormCopyFlow {
  return formCopyFlows.find((flow) => pathname.startsWith(`${formCopyPages[flow]}/`)) ?? 'buyer';
}

const TITLE_ID = 'reprise-titre';

/**
 * /{page}/reprendre/{token} (issue 33): the link to a long form begun on another device. The copy
 * is read from the server and loaded into this device's draft (its step, answers, Idempotency-Key
 * and token), then the form's own page opens at that step with « Reprise de votre saisie du … ».
 * A device holding other answers for the form asks which to keep. An unknown or expired link, a
 * form already sent, too many tries: each gets its French page.
 */
export default function FormCopyResumePage() {
  const { token = '' } = useParams<{ token: string }>();
  const [location, navigate] = useLocation();
  const flow = flowOfPath(location);
  const formPath = formCopyPages[flow];
  const [opening, setOpening] = useState<Opening>({ status: 'opening' });

  const take = useCallback(
    async (copy: FormCopyView) => {
      await adoptDraftCopy(flow, { ...copy, token });
      handOffResumeNotice(resumeNotice(copy.updatedAt));
      navigate(formPath, { replace: true });
    },
    [flow, token, formPath, navigate],
  );

  /** What the link opens on: a page to show, or null once the form opens at its step. */
  const load = useCallback(async (): Promise<Opening | null> => {
    // A link cut short is not even asked (every wrong token counts towards the limit).
    const reading: CopyReading = FORM_COPY_TOKEN.test(token)
      ? await readCopy(token)
      : { status: 'unknown' };
    let local: DraftRecord | undefined;
    try {
      local = await readDraft(flow);
    } catch {
      local = undefined;
    }
    if (reading.status === 'found') {
      const { copy } = reading;
      const same = local?.idempotencyKey === copy.idempotencyKey;
      if (!same && draftsDiffer(local, copy)) return { status: 'choose', copy };
      await take(copy);
      return null;
    }
    if (reading.status === 'sent') {
      // The form was sent: this device's draft of it must not be sent a second time.
      if (local?.copyToken === token) await clearDraft(flow).catch(() => undefined);
      return { status: 'sent' };
    }
    if (reading.status === 'unknown') return { status: 'unknown' };
    return { status: 'failed', message: reading.message };
  }, [flow, token, take]);

  useEffect(() => {
    let current = true;
    void load().then((next) => {
      if (current && next) setOpening(next);
    });
    return () => {
      current = false;
    };
  }, [load]);

  const retry = () => {
    setOpening({ status: 'opening' });
    void load().then((next) => next && setOpening(next));
  };

  return (
    // Under the site's fixed header, as the forms' own pages.
    <div className="min-h-[70vh] bg-base-200 pb-8 pt-16 sm:pt-20">
      <LongFormFrame busy={opening.status === 'opening'}>
        {opening.status === 'opening' ? (
          <p role="status" className="flex items-center gap-2">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Ouverture de votre saisie…
          </p>
        ) : opening.status === 'choose' ? (
          <div>
            <LongFormTitle id={TITLE_ID}>{'Quelle saisie garder\u202f?'}</LongFormTitle>
            <p className="mt-3 text-base-content/80">
              Cet appareil a déjà des réponses à ce formulaire, différentes de celles de l’autre
              appareil (saisie du {savedOn(opening.copy.updatedAt)}). Celle que vous ne gardez pas
              sera effacée de cet appareil.
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void take(opening.copy)}
              >
                Reprendre la saisie de l’autre appareil
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => navigate(formPath, { replace: true })}
              >
                Garder la saisie de cet appareil
              </button>
            </div>
          </div>
        ) : opening.status === 'unknown' ? (
          <div>
            <LongFormTitle id={TITLE_ID}>Ce lien n’est plus valable</LongFormTitle>
            <p className="mt-3 text-base-content/80">
              Il a expiré (un lien dure 7&nbsp;jours), ou il est incomplet. Vos réponses ne sont
              plus disponibles par ce lien&nbsp;: vous pouvez recommencer le formulaire.
            </p>
            <Link href={formPath} className="btn btn-primary mt-6">
              Recommencer le formulaire
            </Link>
          </div>
        ) : opening.status === 'sent' ? (
          <div>
            <LongFormTitle id={TITLE_ID}>Ce formulaire a déjà été envoyé</LongFormTitle>
            <p className="mt-3 text-base-content/80">
              Il a été envoyé depuis un autre appareil&nbsp;: il n’y a plus rien à faire ici. Vous
              recevrez nos nouvelles à l’adresse e-mail indiquée.
            </p>
            <Link href="/" className="btn btn-outline mt-6">
              Retour à l’accueil
            </Link>
          </div>
        ) : (
          <div>
            <LongFormTitle id={TITLE_ID}>Votre saisie n’a pas pu être ouverte</LongFormTitle>
            <p role="alert" className="mt-3 text-base-content/80">
              {opening.message}
            </p>
            <button type="button" className="btn btn-primary mt-6" onClick={retry}>
              Réessayer
            </button>
          </div>
        )}
      </LongFormFrame>
    </div>
  );
}
