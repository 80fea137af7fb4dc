import type { MailStatus, QueuedMailRow } from '../../../domain/staff-admin-views';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { formatDateTime } from '../components/notes-panel';
import {
  ListFilters,
  ListFrame,
  numeric,
  PagedTable,
  useStaffList,
} from '../components/staff-list';
import { staffChange } from '../staff-api';

const FILTERS = ['status'] as const;

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

/**
 * « Courriels » (admins): the durable mail queue (GET /api/admin/mails), newest first, by
 * status; a failed mail can be sent again (POST /api/admin/mails/:id/retry).
 */
export function MailsScreen() {
  const list = useStaffList<QueuedMailRow>('/api/admin/mails', FILTERS);

  const retry = async (mail: QueuedMailRow) => {
    const answer = await staffChange<{ requeued: boolean }>(
      `/api/admin/mails/${mail.id}/retry`,
      'POST',
    );
    if (answer.ok) {
      notify.success(`Le courriel à ${mail.to} repart dans la file d’envoi.`);
      list.reload();
    } else notify.error(answer.message);
  };

  return (
    <ListFrame
      list={list}
      title="Courriels"
      lead="Les courriels envoyés par le site, du plus récent au plus ancien. Ceux en échec après plusieurs essais peuvent être renvoyés."
    >
      <ListFilters
        list={list}
        filters={[{ name: 'status', label: 'Statut', options: statusOptions }]}
      />
      <PagedTable
        list={list}
        what={['courriel', 'courriels']}
        empty={
          list.values.status ? 'Aucun courriel avec ce statut.' : 'Aucun courriel pour l’instant.'
        }
        columns={columns}
        row={(mail) => {
          const status = statuses[mail.status];
          return (
            <tr key={mail.id}>
              <td className="whitespace-nowrap">{mail.to}</td>
              <td className="min-w-48">{mail.subject}</td>
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
                    Envoyé le {formatDateTime(mail.sentAt)}
                    <div className="text-base-content/75">
                      Créé le {formatDateTime(mail.createdAt)}
                    </div>
                  </>
                ) : (
                  <>Créé le {formatDateTime(mail.createdAt)}</>
                )}
              </td>
              <td>
                {mail.status === 'failed' ? (
                  <BusyButton className="btn btn-sm" run={() => retry(mail)}>
                    Renvoyer<span className="sr-only"> le courriel à {mail.to}</span>
                  </BusyButton>
                ) : null}
              </td>
            </tr>
          );
        }}
      />
    </ListFrame>
  );
}
