import { z } from 'zod';
import { plainText } from '../text';

/**
 * The conversation of a buyer project (issue 29, docs/messages.md): the client and the staff who
 * follow the project write to each other, newest last, with read receipts. Written once, for
 * server/resources/messages and the screens of both areas.
 */

/** A message is at most this long. */
export const MESSAGE_MAX = 4000;
/** A conversation shows its last messages, this many at most. */
export const MESSAGES_SHOWN = 200;
/** At most one e-mail per conversation and recipient in this window. */
export const MESSAGE_MAIL_WINDOW_MS = 15 * 60_000;
/** At most this many messages per author and conversation in MESSAGE_BURST_WINDOW_MS (429). */
export const MESSAGE_BURST = 30;
export const MESSAGE_BURST_WINDOW_MS = 10 * 60_000;

/** GET: the client's conversation of their own project. POST (Idempotency-Key): a message. */
export const CLIENT_MESSAGES_PATH = '/api/client/projects/:projectId/messages';
export const clientMessagesPath = (projectId: number) =>
  CLIENT_MESSAGES_PATH.replace(':projectId', String(projectId));
/** POST: the client read the staff's messages up to `lastId`. */
export const CLIENT_MESSAGES_READ_PATH = '/api/client/projects/:projectId/messages/read';
export const clientMessagesReadPath = (projectId: number) =>
  CLIENT_MESSAGES_READ_PATH.replace(':projectId', String(projectId));

/** GET: a project's conversation, for the staff who may see the project. POST: a message. */
export const STAFF_MESSAGES_PATH = '/api/staff/projects/:projectId/messages';
export const staffMessagesPath = (projectId: number) =>
  STAFF_MESSAGES_PATH.replace(':projectId', String(projectId));
/** POST: the staff read the client's messages up to `lastId`. */
export const STAFF_MESSAGES_READ_PATH = '/api/staff/projects/:projectId/messages/read';
export const staffMessagesReadPath = (projectId: number) =>
  STAFF_MESSAGES_READ_PATH.replace(':projectId', String(projectId));

/** The POST of a message, from either side (the outbox replays it offline: see sw/). */
export const MESSAGE_POST_PATTERN = /^\/api\/(client|staff)\/projects\/(\d+)\/messages$/;

/** POST …/messages */
export const messageSchema = z.object({
  text: plainText(
    MESSAGE_MAX,
    `Votre message est trop long (${MESSAGE_MAX.toLocaleString('fr-FR')}\u00a0caractères au plus).`,
  ).pipe(z.string().min(1, 'Écrivez votre message.')),
});
export type MessageInput = z.input<typeof messageSchema>;

/** POST …/messages/read: the last message read (the other side's, up to this id). */
export const messagesReadSchema = z.object({
  lastId: z
    .number({ error: 'Le dernier message lu manque.' })
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
export type MessagesRead = z.output<typeof messagesReadSchema>;

export type MessageSide = 'client' | 'staff';

/** A message as both sides read it. */
export interface MessageView {
  id: number;
  side: MessageSide;
  /** « Prénom Nom » of its author (null: an account now gone). */
  authorName: string | null;
  text: string;
  createdAt: string;
  /** When the other side first read it (null: not yet). */
  readAt: string | null;
}

/** GET …/messages: the conversation of one project, oldest first (newest last). */
export interface Conversation {
  projectId: number;
  /** The client's « Prénom Nom ». */
  clientName: string;
  /** The hunter following the project (null: nobody yet). */
  hunterName: string | null;
  messages: MessageView[];
  /** Older messages not shown (beyond MESSAGES_SHOWN). */
  older: number;
}

/** POST …/messages (201, or 200 for a replay of the same key). */
export interface MessageSent {
  message: MessageView;
}

/** POST …/messages/read */
export interface MessagesMarked {
  /** How many of the other side's messages this read marked. */
  marked: number;
}

/** The client's unread messages of one project, for « Aujourd’hui » (unreadMessagesForStaff). */
export interface UnreadConversation {
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
 * The first characters of a message, on one line, for a list; the no-break spaces of French
 * typography stay.
 */
export function messageExcerpt(text: string, max = 120): string {
  const flat = text.replace(/[^\S\u00a0\u202f]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
