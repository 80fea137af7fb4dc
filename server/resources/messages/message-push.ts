import type { MessageSide, MessageView } from '../../../src/domain/api/messages';
import type { Db } from '../../db/database';

/**
 * Web Push of a new message to the other side's devices (issue 29), called once the message is
 * committed, never inside its transaction; a failure never fails the request.
 *
 * The push sender (server/push/push.ts) is not part of this build yet: nothing is sent.
 */
export function notifyNewMessage(
  _db: Db,
  _userId: string,
  _from: MessageSide,
  _message: MessageView,
  _publicUrl: string,
): void {
  // Intentionally empty until server/push/push.ts exists.
}
