import { Link } from 'wouter';
import {
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  type NotificationsReadResponse,
  type NotificationsResponse,
  type NotificationView,
} from '../../../domain/api/routing';
import { formatDayDateTime } from '../../../domain/french-date';
import { offlineSince } from '../../../db/use-cached-api';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { LoadGate } from '../../../ui/load-gate';
import { NeedsNetwork, useOnline } from '../components/routing-parts';
import { READ_EVENT } from '../components/unread-count';
import { StaffFrame } from '../components/staff-frame';
import { staffChange, useStaffApi } from '../staff-api';
import { staffPaths } from '../staff-paths';

/** What each kind of line is (a kind this screen does not know yet: « Notification »). */
const kindLabels: Partial<Record<string, string>> = {
  'reminder-hunter': 'Rappel à 24\u00a0heures',
  'reminder-managers': 'Rappel des managers à 40\u00a0heures',
  'match-lead': 'Rapprochement\u00a0: un nouveau bien pour vos acquéreurs',
  'match-buyer': 'Rapprochement\u00a0: un nouvel acquéreur pour des biens',
  'proposal-answer': 'Réponse du client à un bien proposé',
};

const ficheOf = (n: NotificationView) =>
  n.recordType === 'owner' ? staffPaths.lead(Number(n.recordId)) : staffPaths.buyer(n.recordId);

/** Marks read (these ids, or all), then tells the menu. */
async function markRead(ids?: number[]) {
  const result = await staffChange<NotificationsReadResponse>(
    NOTIFICATIONS_READ_PATH,
    'POST',
    ids ? { ids } : {},
  );
  window.dispatchEvent(new Event(READ_EVENT));
  return result;
}

/**
 * « Notifications » (issue 31): the reminders sent to the signed-in person (a new record not
 * contacted at 24 h for its hunter, at 40 h for the managers) and the rapprochements, newest first, the unread marked;
 * each opens its fiche and is then read. Readable offline (kept answer); marking needs the network.
 */
export function NotificationsScreen() {
  const [load, reload] = useStaffApi<NotificationsResponse>(NOTIFICATIONS_PATH);
  const online = useOnline();
  const unread =
    load.status === 'ready'
      ? (load.data.unread ?? load.data.notifications.filter((n) => n.readAt === null).length)
      : 0;
  return (
    <StaffFrame
      title="Notifications"
      lead="Les rappels des nouveaux dossiers pas encore contactés et les rapprochements avec vos acquéreurs, du plus récent au plus ancien."
      updatedAt={offlineSince(load)}
      actions={
        unread > 0 && online ? (
          <BusyButton
            className="btn btn-outline btn-sm"
            run={async () => {
              const result = await markRead();
              if (result.ok) {
                notify.success('Toutes les notifications sont marquées comme lues.');
                reload();
              } else notify.error(result.message);
            }}
          >
            Tout marquer comme lu
          </BusyButton>
        ) : null
      }
    >
      <LoadGate load={load} loading="Chargement des notifications…">
        {({ notifications }) => (
          <div className="max-w-3xl space-y-4">
            <p
              role="status"
              className={notifications.length === 0 ? 'sr-only' : 'text-base-content/75'}
            >
              {unread === 0
                ? 'Aucune notification non lue.'
                : unread === 1
                  ? '1 notification non lue.'
                  : `${unread} notifications non lues.`}
            </p>
            {unread > 0 && !online ? (
              <NeedsNetwork>
                Sans réseau, les notifications se lisent mais ne se marquent pas comme lues.
              </NeedsNetwork>
            ) : null}
            {notifications.length === 0 ? (
              <p className="alert" data-testid="notifications-empty">
                Aucune notification pour l’instant. Vous serez prévenu ici et par e-mail si un
                nouveau dossier attend encore un appel ou s’il correspond à vos acquéreurs.
              </p>
            ) : (
              <ul className="space-y-3">
                {notifications.map((n) => {
                  const isUnread = n.readAt === null;
                  return (
                    <li
                      key={n.id}
                      data-testid="notification"
                      className={`rounded-box border p-4 ${
                        isUnread
                          ? 'border-primary/40 border-l-4 border-l-primary bg-base-100'
                          : 'border-base-300 bg-base-200/40'
                      }`}
                    >
                      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                        <p className="text-sm font-medium text-secondary-strong">
                          {kindLabels[n.kind] ?? 'Notification'}
                          {isUnread ? (
                            <span className="badge badge-primary badge-sm ml-2 align-middle">
                              Non lue
                            </span>
                          ) : null}
                        </p>
                        <p className="text-sm text-base-content/75">
                          {formatDayDateTime(n.createdAt)}
                        </p>
                      </div>
                      <p className={`mt-1 ${isUnread ? 'font-semibold' : ''}`}>{n.text}</p>
                      <p className="mt-2 text-sm">
                        {n.recordName === null ? (
                          <span className="text-base-content/75">
                            Ce dossier n’existe plus (effacé).
                          </span>
                        ) : (
                          <Link
                            href={ficheOf(n)}
                            className="link link-primary font-medium"
                            onClick={() => {
                              if (isUnread && online) void markRead([n.id]);
                            }}
                          >
                            {n.recordName}
                            <span className="sr-only">
                              {' '}
                              ({n.recordType === 'owner' ? 'propriétaire' : 'acquéreur'})
                            </span>
                          </Link>
                        )}
                      </p>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </LoadGate>
    </StaffFrame>
  );
}
