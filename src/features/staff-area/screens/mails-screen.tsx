import { useState } from 'react';
import {
  MAILS_PATH,
  mailPath,
  type MailResent,
  type MailStatus,
  type QueuedMailRow,
} from '../../../domain/api/mails';
import { formatShortDate, formatTime } from '../../../domain/french-date';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import {
  ListFilters,
  ListFrame,
  numeric,
  PagedTable,
  useStaffList,
} from '../components/staff-list';
import { staffChange } from '../staff-api';
import { MailReader } from './mails/mail-reader';

const FILTERS = ['q', 'status'] as const;

const statuses: Record<MailStatus, { label: string; badge: string }> = {
  pending: { label: 'En attente', badge: 'badge-warning' },
  sending: { label: 'En cours d’envoi', badge: 'badge-info' },
  sent: { label: 'Envoyé', badge: 'badge-success' },
  failed: { label: 'Échec', badge: 'badge-error' },
};

const statusOptions = [
  { value: '', label: 'Tous' },
  ...Object.entries(statuses).map(([value, s]) => ({ value, label: s.label })),
];

const columns = [
  ...['Destinataire', 'Objet', 'Statut', numeric('Essais'), 'Dernière erreur', 'Date'],
  { label: <span className="sr-only">Actions</span> },
];

/** « 26 nov., 14 h 05 »: a table's date, never broken inside. */
const when = (iso: string) => `${formatShortDate(iso)}, ${formatTime(iso)}`;

/**
 * « Courriels » (managers, directeurs, admins): the durable mail queue (GET /api/admin/mails),
 * newest first, by recipient and status. Each mail opens in a reader (its body; personal links
 * masked by the server); a failed mail goes back to the queue (…/retry), a sent one is sent again
 * as a new copy (…/resend, a few an hour).
 */
export function MailsScreen() {
  const list = useStaffList<QueuedMailRow>(MAILS_PATH, FILTERS);
  const [open, setOpen] = useState<number | null>(null);

  const retry = async (mail: QueuedMailRow) => {
    const answer = await staffChange<{ requeued: boolean }>(`${mailPath(mail.id)}/retry`, 'POST');
    if (answer.ok) {
      notify.success(`Le courriel à ${mail.to} repart dans la file d’envoi.`);
      list.reload();
    } else notify.error(answer.message);
  };

  const resend = async (mail: QueuedMailRow) => {
    const answer = await staffChange<MailResent>(`${mailPath(mail.id)}/resend`, 'POST');
    if (answer.ok) {
      notify.success(`Une copie du courriel part à ${mail.to}.`);
      list.reload();
    } else notify.error(answer.message);
  };

  /** « Renvoyer »: a failed mail is tried again, a sent one is sent again as a copy. */
  const again = (mail: QueuedMailRow) =>
    mail.status === 'failed' || mail.status === 'sent' ? (
      <BusyButton
        className="btn btn-sm"
        run={() => (mail.status === 'failed' ? retry(mail) : resend(mail))}
      >
        Renvoyer<span className="sr-only"> le courriel à {mail.to}</span>
      </BusyButton>
    ) : null;

  return (
    <ListFrame
      list={list}
      title="Courriels"
      lead="Les courriels envoyés par le site, du plus récent au plus ancien. Ouvrez-en un pour le lire, renvoyez-le s’il n’est pas arrivé."
    >
      <ListFilters
        list={list}
        search={{
          label: 'Rechercher un destinataire',
          placeholder: 'Adresse e-mail ou une partie',
        }}
        filters={[{ name: 'status', label: 'Statut', options: statusOptions }]}
      />
      <PagedTable
        list={list}
        what={['courriel', 'courriels']}
        empty={
          list.values.q || list.values.status
            ? 'Aucun courriel ne correspond à cette recherche.'
            : 'Aucun courriel pour l’instant.'
        }
        columns={columns}
        card={(mail) => {
          const status = statuses[mail.status];
          return (
            <li
              key={mail.id}
              className="rounded-box border border-base-300 p-4"
              data-testid="mail-card"
            >
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <button
                  type="button"
                  className="link link-primary text-left font-medium"
                  onClick={() => setOpen(mail.id)}
                >
                  {mail.subject}
                </button>
                <span className={`badge whitespace-nowrap ${status.badge}`}>{status.label}</span>
              </div>
              <div className="mt-1 space-y-0.5 text-sm text-base-content/75">
                <p className="break-all">À {mail.to}</p>
                <p>
                  {mail.sentAt
                    ? `Envoyé le ${when(mail.sentAt)}`
                    : `Créé le ${when(mail.createdAt)}`}
                  {mail.attempts > 1
                    ? ` · ${mail.attempts.toLocaleString('fr-FR')}\u00a0essais`
                    : ''}
                </p>
                {mail.lastError ? <p className="text-error">{mail.lastError}</p> : null}
              </div>
              {mail.status === 'failed' || mail.status === 'sent' ? (
                <div className="mt-3">{again(mail)}</div>
              ) : null}
            </li>
          );
        }}
        row={(mail) => {
          const status = statuses[mail.status];
          return (
            <tr key={mail.id}>
              <td className="whitespace-nowrap">{mail.to}</td>
              <td className="min-w-48">
                <button
                  type="button"
                  className="link link-primary text-left"
                  onClick={() => setOpen(mail.id)}
                >
                  {mail.subject}
                </button>
              </td>
              <td>
                <span className={`badge whitespace-nowrap ${status.badge}`}>{status.label}</span>
              </td>
              <td className="text-right tabular-nums">{mail.attempts.toLocaleString('fr-FR')}</td>
              <td className="min-w-40 text-sm">
                {mail.lastError ?? (
                  <span className="text-base-content/75">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Aucune</span>
                  </span>
                )}
              </td>
              <td className="whitespace-nowrap text-sm">
                {mail.sentAt ? (
                  <>
                    Envoyé le {when(mail.sentAt)}
                    <div className="text-base-content/75">Créé le {when(mail.createdAt)}</div>
                  </>
                ) : (
                  <>Créé le {when(mail.createdAt)}</>
                )}
              </td>
              <td>{again(mail)}</td>
            </tr>
          );
        }}
      />
      {open === null ? null : (
        <MailReader key={open} mailId={open} onClose={() => setOpen(null)} actions={again} />
      )}
    </ListFrame>
  );
}
