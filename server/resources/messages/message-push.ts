import { messageExcerpt, type MessageView } from '../../../src/domain/api/messages';
import { notifyUser, type PushDeps } from '../../push/push';
import type { MessageProject } from './messages.repo';

/** Where the notification's click leads: the reader's own view of the conversation. */
const pathFor = (recipientSide: 'client' | 'staff', project: MessageProject) =>
  recipientSide === 'client'
    ? '/dashboard#messages'
    : `/wh-dashboard/acquereurs/${encodeURIComponent(project.clientId)}#messages-${project.id}`;

/**
 * Web Push of a new message to the other side's devices (issue 29, docs/push.md), called once
 * the message is committed, never inside its transaction, and not waited for: notifyUser never
 * throws (it logs), so nothing here can fail the message. One tag per conversation: a newer
 * message replaces the notification of the previous one.
 */
export function notifyNewMessage(
  deps: PushDeps,
  recipientId: string,
  project: MessageProject,
  message: MessageView,
): void {
  const recipientSide = message.side === 'client' ? 'staff' : 'client';
  const from =
    message.authorName ?? (message.side === 'client' ? project.clientName : 'Votre chasseur');
  void notifyUser(deps, recipientId, {
    title: `Nouveau message de ${from}`,
    body: messageExcerpt(message.text, 140),
    url: pathFor(recipientSide, project),
    tag: `messages-${project.id}`,
  }).catch(() => undefined);
}
