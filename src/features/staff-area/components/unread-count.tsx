import { useEffect } from 'react';
import { NOTIFICATIONS_PATH, type NotificationsResponse } from '../../../domain/api/routing';
import { useStaffApi } from '../staff-api';

/** Said by a screen that changed what is read, so that the menu's count is read again. */
export const READ_EVENT = 'staff-notifications-read';

/**
 * The menu's count of unread notifications (GET /api/staff/notifications), read again when a
 * screen marks some read; nothing when all are read, or before the answer.
 */
export function UnreadCount() {
  const [load, reload] = useStaffApi<NotificationsResponse>(NOTIFICATIONS_PATH);
  useEffect(() => {
    window.addEventListener(READ_EVENT, reload);
    return () => window.removeEventListener(READ_EVENT, reload);
  }, [reload]);
  const unread = load.status === 'ready' ? (load.data.unread ?? 0) : 0;
  if (unread === 0) return null;
  return (
    <span className="badge badge-primary badge-sm ml-2 align-middle" data-testid="unread-count">
      {unread}
      <span className="sr-only"> non {unread === 1 ? 'lue' : 'lues'}</span>
    </span>
  );
}
