import type { TodayTask } from './tasks';

/**
 * « Aujourd’hui » (issue 29, docs/staff-area.md): the hunter's and the manager's day. What
 * GET /api/staff/today answers beyond the callbacks and the visits (src/domain/staff-views.ts
 * `TodayView`), and the « Vu » of a client's criteria edit. Written once, for the server and the
 * screen.
 */

export const TODAY_PATH = '/api/staff/today';

/** POST: the caller saw the client's latest criteria edits (« Vu »: they leave the day). */
export const CRITERIA_SEEN_PATH = '/api/staff/buyers/:userId/criteria-seen';
export const criteriaSeenPath = (userId: string) =>
  CRITERIA_SEEN_PATH.replace(':userId', encodeURIComponent(userId));

/** Whose item it is: the hunter of the record (null: nobody works it). */
export interface Whose {
  hunterId: string | null;
  hunterName: string | null;
}

/** A client's documents waiting for review (« Reçu »: to check), the oldest sent `since`. */
export interface TodayDocuments extends Whose {
  userId: string;
  clientName: string;
  /** DocumentKind values (src/domain/client-documents.ts). */
  kinds: string[];
  since: string;
}

/** A client changed their search from their area at `at` (the latest edit, not yet seen). */
export interface TodayCriteria extends Whose {
  userId: string;
  clientName: string;
  /** The project edited (the fiche's « projet-<id> »), null when the trail no longer says. */
  projectId: number | null;
  at: string;
}

/**
 * A client's unread messages on one project (what unreadMessagesForStaff of
 * server/resources/messages gives, src/domain/api/messages.ts `UnreadConversation`, and whose).
 */
export interface TodayMessages extends Whose {
  projectId: number;
  /** The buyer's account (the fiche acquéreur's id). */
  clientId: string;
  clientName: string;
  count: number;
  /** The start of the last unread message. */
  lastText: string;
  lastAt: string;
}

/**
 * What « Aujourd’hui » adds to the day's callbacks and visits. The server always sends them; an
 * answer kept on a device before issue 29 lacks them (read as empty).
 */
export interface TodayExtras {
  /** Open tasks due before the end of the Paris day (the overdue ones first). */
  tasks?: TodayTask[];
  documents?: TodayDocuments[];
  criteria?: TodayCriteria[];
  messages?: TodayMessages[];
}
