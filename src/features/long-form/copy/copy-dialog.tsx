import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  formCopyEmailSchema,
  formCopyResumePath,
  FORM_COPY_TTL_DAYS,
  type FormCopyFlow,
} from '../../../domain/api/form-copies';
import { saveDraft, setDraftCopyToken } from '../../../db/drafts.repo';
import { toApiFailure } from '../../../lib/api';
import { Modal } from '../../../ui/confirm-dialog';
import { createCopy, emailAnswer, emailCopy, updateCopy } from './copy-api';
import { QrCode } from './qr-code';

export interface CopyDialogProps {
  flow: FormCopyFlow;
  step: number;
  answers: object;
  onClose: () => void;
}

const OFFLINE =
  'Le lien demande une connexion à Internet. Vos réponses restent enregistrées sur cet appareil\u00a0: réessayez une fois connecté.';
const UNSTORED =
  'Cet appareil n’enregistre pas vos réponses (navigation privée ou stockage plein)\u00a0: le lien ne peut pas être préparé.';

type Link =
  | { status: 'making' }
  | { status: 'ready'; token: string; url: string }
  | { status: 'failed'; message: string };

/**
 * Makes (or refreshes) the server's copy of the draft and returns its link: the draft's copy if
 * it has one still valid, a new one otherwise (its token kept in the draft).
 */
async function makeLink(flow: FormCopyFlow, step: number, answers: object): Promise<Link> {
  let record;
  try {
    record = await saveDraft(flow, { step, answers: answers as Record<string, unknown> });
  } catch {
    return { status: 'failed', message: UNSTORED };
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return { status: 'failed', message: OFFLINE };
  try {
    if (record.copyToken) {
      try {
        await updateCopy(record.copyToken, record);
        const url = new URL(formCopyResumePath(flow, record.copyToken), location.origin).href;
        return { status: 'ready', token: record.copyToken, url };
      } catch (error) {
        const { status } = toApiFailure(error);
        if (status !== 404 && status !== 410) throw error;
      }
    }
    const made = await createCopy(flow, record);
    await setDraftCopyToken(flow, made.token);
    return { status: 'ready', token: made.token, url: made.url };
  } catch (error) {
    const failed = toApiFailure(error);
    return { status: 'failed', message: failed.status === null ? OFFLINE : failed.message };
  }
}

/**
 * « Continuer sur un autre appareil » (issue 33): the link to this draft for another device, as a
 * QR code drawn in the page, as text to copy, and by e-mail (prefilled with the flow's address).
 */
export function CopyDialog({ flow, step, answers, onClose }: CopyDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [link, setLink] = useState<Link>({ status: 'making' });
  const [email, setEmail] = useState(() => emailAnswer(answers));
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const make = () => {
    setLink({ status: 'making' });
    void makeLink(flow, step, answers).then(setLink);
  };

  useEffect(() => {
    dialog.current?.showModal();
    // Made once, from the step the dialog was opened on.
    void makeLink(flow, step, answers).then(setLink);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (link.status !== 'ready') return;
    setSentTo(null);
    const parsed = formCopyEmailSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Saisissez une adresse e-mail valide.');
      return;
    }
    setEmailError(null);
    setSending(true);
    try {
      await emailCopy(link.token, parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (error) {
      const failed = toApiFailure(error);
      setEmailError(
        failed.fieldErrors.email ?? (failed.status === null ? OFFLINE : failed.message),
      );
    } finally {
      setSending(false);
    }
  };

  const copy = () => {
    if (link.status !== 'ready') return;
    void navigator.clipboard?.writeText(link.url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <Modal
      dialogRef={dialog}
      labelledBy="copie-titre"
      describedBy="copie-texte"
      onClose={onClose}
      cancelLabel="Fermer"
      boxClassName="text-left"
    >
      <h2 id="copie-titre" className="text-xl font-semibold">
        Continuer sur un autre appareil
      </h2>
      <p id="copie-texte" className="mt-2 text-base-content/75">
        Ouvrez ce lien sur votre téléphone ou votre ordinateur&nbsp;: vous y retrouverez vos
        réponses, à la même étape. Il est valable {FORM_COPY_TTL_DAYS}&nbsp;jours et ne contient
        jamais de mot de passe.
      </p>
      {link.status === 'making' ? (
        <p role="status" className="mt-4 flex items-center gap-2">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Préparation du lien…
        </p>
      ) : link.status === 'failed' ? (
        <div role="alert" className="alert alert-warning mt-4 flex-col items-start text-sm">
          <p>{link.message}</p>
          <button type="button" className="btn btn-sm" onClick={make}>
            Réessayer
          </button>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <div className="flex justify-center">
            <QrCode text={link.url} label="QR code du lien vers votre saisie" />
          </div>
          <div>
            <label htmlFor="copie-lien" className="mb-1 block text-sm font-medium">
              Le lien
            </label>
            <div className="flex gap-2">
              <input
                id="copie-lien"
                readOnly
                value={link.url}
                className="input input-bordered input-sm min-w-0 flex-1 font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <button type="button" className="btn btn-sm" onClick={copy}>
                Copier
              </button>
            </div>
            {copied ? (
              <p role="status" className="mt-1 text-sm">
                Lien copié.
              </p>
            ) : null}
          </div>
          <form noValidate onSubmit={(event) => void send(event)}>
            <label htmlFor="copie-email" className="mb-1 block text-sm font-medium">
              Recevoir le lien par e-mail
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id="copie-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? 'copie-email-erreur' : undefined}
                className="input input-bordered input-sm w-full min-w-0 sm:flex-1"
              />
              <button type="submit" className="btn btn-primary btn-sm" disabled={sending}>
                Envoyer le lien
              </button>
            </div>
            {emailError ? (
              <p id="copie-email-erreur" role="alert" className="mt-1 text-sm text-error">
                {emailError}
              </p>
            ) : null}
            {sentTo ? (
              <p role="status" className="mt-2 text-sm font-medium">
                Lien envoyé à {sentTo}.
              </p>
            ) : null}
          </form>
        </div>
      )}
    </Modal>
  );
}
