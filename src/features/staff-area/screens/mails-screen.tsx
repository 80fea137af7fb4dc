import type { MailStatus, QueuedMailRow } from '../../../domain/staff-admin-views';
import type { StaffPage } from '../../../domain/staff-views';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { ListBar, Pager, SelectFilter, useListQuery } from '../components/list-controls';
import { offlineSince } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';
import { formatDateTime } from '../components/notes-panel';
import { StaffFrame } from '../components/staff-frame';
import { staffChange, useStaffApi } from '../staff-api';
import { withQuery } from '../staff-paths';
import { TableFrame } from '../components/table-frame';

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

/**
 * « Courriels » (admins): the durable mail queue (GET /api/admin/mails), newest first, by
 * status; a failed mail can be sent again (POST /api/admin/mails/:id/retry).
 */
export function MailsScreen() {
  const { values, page, set } = useListQuery(FILTERS);
  const [load, reload] = useStaffApi<StaffPage<QueuedMailRow>>(
    withQuery('/api/admin/mails', { ...values, page }),
  );

  const retry = async (mail: QueuedMailRow) => {
    const answer = await staffChange<{ requeued: boolean }>(
      `/api/admin/mails/${mail.id}/retry`,
      'POST',
    );
    if (answer.ok) {
      notify.success(`Le courriel à ${mail.to} repart dans la file d’envoi.`);
      reload();
    } else notify.error(answer.message);
  };

  return (
    <StaffFrame
      title="Courriels"
      lead="Les courriels envoyés par le site, du plus récent au plus ancien. Ceux en échec après plusieurs essais peuvent être renvoyés."
      updatedAt={offlineSince(load)}
    >
      <ListBar>
        <SelectFilter
          label="Statut"
          value={values.status}
          options={statusOptions}
          onChange={(status) => set({ status })}
        />
      </ListBar>
      <LoadGate load={load} loading="Chargement des courriels…">
        {(data) =>
          data.items.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
              {values.status ? 'Aucun courriel avec ce statut.' : 'Aucun courriel pour l’instant.'}
            </p>
          ) : (
            <>
              <TableFrame label="Tableau des courriels">
                <table className="table">
                  <caption className="sr-only">Courriels, page {data.page}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Destinataire</th>
                      <th scope="col">Objet</th>
                      <th scope="col">Statut</th>
                      <th scope="col" className="text-right">
                        Essais
                      </th>
                      <th scope="col">Dernière erreur</th>
                      <th scope="col">Date</th>
                      <th scope="col">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((mail) => {
                      const status = statuses[mail.status];
                      return (
                        <tr key={mail.id}>
                          <td className="whitespace-nowrap">{mail.to}</td>
                          <td className="min-w-48">{mail.subject}</td>
                          <td>
                            <span className={`badge whitespace-nowrap ${status.badge}`}>
                              {status.label}
                            </span>
                          </td>
                          <td className="text-right tabular-nums">
                            {mail.attempts.toLocaleString('fr-FR')}
                          </td>
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
                    })}
                  </tbody>
                </table>
              </TableFrame>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                noun={['courriel', 'courriels']}
                onPage={(p) => set({ page: p })}
              />
            </>
          )
        }
      </LoadGate>
    </StaffFrame>
  );
}
