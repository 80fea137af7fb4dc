import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { mailPath, type QueuedMailDetail } from '../../../../domain/api/mails';
import { formatDayDateTime } from '../../../../domain/french-date';
import { api, toApiFailure } from '../../../../lib/api';
import { Modal } from '../../../../ui/confirm-dialog';

/**
 * What a mail's HTML may do inside its frame: show its own inline styles and images given as
 * data, nothing else (no script, no request, no form). The frame is also sandboxed without any
 * permission: its document has no origin of its own and can reach neither the page nor the API.
 */
const MAIL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'";

/** The mail's HTML, with the CSP first in its head (the frame's document obeys it). */
export function framedHtml(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${MAIL_CSP}">`;
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`)
    : `${meta}${html}`;
}

type Load =
  | { status: 'loading' }
  | { status: 'ready'; mail: QueuedMailDetail }
  | { status: 'failed'; message: string };

/**
 * One mail of the queue in a modal dialog (GET /api/admin/mails/:id): who, when, the subject and
 * the body, as text (the default) or as it looks (its HTML in a sandboxed frame, never put in the
 * page). Personal links (activation, password reset) come masked from the server. The body is
 * read from the server each time, never kept on the device.
 */
export function MailReader({
  mailId,
  onClose,
  actions,
}: {
  mailId: number;
  onClose: () => void;
  /** The mail's actions (« Renvoyer »), once it is read. */
  actions: (mail: QueuedMailDetail) => ReactNode;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [view, setView] = useState<'text' | 'html'>('text');

  useEffect(() => {
    dialog.current?.showModal();
    let live = true;
    api<QueuedMailDetail>(mailPath(mailId)).then(
      (mail) => live && setLoad({ status: 'ready', mail }),
      (error: unknown) =>
        live && setLoad({ status: 'failed', message: toApiFailure(error).message }),
    );
    return () => {
      live = false;
    };
  }, [mailId]);

  const mail = load.status === 'ready' ? load.mail : undefined;
  return (
    <Modal
      dialogRef={dialog}
      labelledBy={`${id}-titre`}
      onClose={onClose}
      boxClassName="w-full max-w-3xl"
      actionsClassName="flex-wrap"
      leading={mail ? actions(mail) : null}
      cancelLabel="Fermer"
      cancelClassName="btn"
    >
      <h2 id={`${id}-titre`} className="text-xl font-semibold break-words">
        {mail ? mail.subject : 'Courriel'}
      </h2>
      {load.status === 'loading' ? (
        <p role="status" className="mt-4 flex items-center gap-3 text-base-content/75">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Chargement du courriel…
        </p>
      ) : null}
      {load.status === 'failed' ? (
        <p role="alert" className="alert alert-error mt-4">
          {load.message}
        </p>
      ) : null}
      {mail ? (
        <>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/75">À</dt>
            <dd className="break-all">{mail.to}</dd>
            <dt className="text-base-content/75">Créé</dt>
            <dd>le {formatDayDateTime(mail.createdAt)}</dd>
            {mail.sentAt ? (
              <>
                <dt className="text-base-content/75">Envoyé</dt>
                <dd>le {formatDayDateTime(mail.sentAt)}</dd>
              </>
            ) : null}
          </dl>
          {mail.masked > 0 ? (
            <p className="mt-3 rounded-box bg-base-200 p-3 text-sm">
              Les liens personnels de ce courriel (activation, nouveau mot de passe) sont
              masqués&nbsp;: ils ouvrent le compte de la personne. Renvoyez le courriel pour qu’elle
              les reçoive à nouveau.
            </p>
          ) : null}
          <div role="group" aria-label="Affichage du courriel" className="join mt-4">
            <button
              type="button"
              className={`btn btn-sm join-item ${view === 'text' ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={view === 'text'}
              onClick={() => setView('text')}
            >
              Texte
            </button>
            <button
              type="button"
              className={`btn btn-sm join-item ${view === 'html' ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={view === 'html'}
              onClick={() => setView('html')}
            >
              Mise en forme
            </button>
          </div>
          {view === 'text' ? (
            <pre
              className="mt-3 max-h-[55vh] overflow-auto rounded-box border border-base-300 bg-base-100 p-4 font-sans text-sm whitespace-pre-wrap break-words"
              data-testid="mail-text"
              tabIndex={0}
              aria-label="Texte du courriel"
            >
              {mail.text}
            </pre>
          ) : (
            <iframe
              title="Courriel mis en forme"
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={framedHtml(mail.html)}
              className="mt-3 h-[55vh] w-full rounded-box border border-base-300 bg-white"
            />
          )}
        </>
      ) : null}
    </Modal>
  );
}
