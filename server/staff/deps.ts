import type { AccountTokens, UsersRepo } from '../resources/users/users.repo';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db/database';
import type { MailQueue } from '../mail/mail-queue';
import type { PushSettings } from '../push/push';

/** What every staff-area route module is given (server/app.ts). */
export interface StaffRouteDeps {
  db: Db;
  users: UsersRepo;
  accountTokens: AccountTokens;
  tokens: TokenService;
  mails: MailQueue;
  publicUrl: string;
  /** The clock, for deadlines and dates (tests give a fixed one). */
  now: () => number;
  /** Web Push (server/push/push.ts): `notifyUser(deps, userId, payload)` after a commit. */
  push: PushSettings;
}
