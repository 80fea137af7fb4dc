import type { Kysely, Transaction } from 'kysely';
import {
  MESSAGE_BURST_WINDOW_MS,
  MESSAGE_MAIL_WINDOW_MS,
  MESSAGES_SHOWN,
  messageExcerpt,
  type Conversation,
  type MessageSent,
  type MessageSide,
  type MessageView,
  type UnreadConversation,
} from '../../../src/domain/api/messages';
import { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { Database, MessageTable } from '../../db/schema';
import type { MailQueue } from '../../mail/mail-queue';
import { newMessagesMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import { inScope, workScope, type Actor } from '../../staff/policy';
import { personName } from '../buyers/buyers.repo';

/**
 * The conversation of a buyer project (issue 29, docs/messages.md): every query of `message`,
 * the audit entry and the e-mail of a new message in one transaction. The other side is told by
 * e-mail at most once per MESSAGE_MAIL_WINDOW_MS per conversation and recipient: `message_mail`
 * keeps when each was last told, claimed by one conditional upsert (two messages at once, on any
 * number of servers, make one mail).
 */

export interface MessageMailDeps {
  mails: MailQueue;
  publicUrl: string;
  /** Told when no hunter can be (nobody assigned, or an archived account). */
  agencyEmail: string;
}

/** A project with what the conversation needs of its client and hunter. */
export interface MessageProject {
  id: number;
  clientId: string;
  clientFirstname: string;
  clientName: string;
  clientEmail: string;
  /** The client can be written to (not archived, not deleted). */
  clientReachable: boolean;
  hunterId: string | null;
}

/** Whether a roles column (a JSON list of codes) holds the client role. */
function isClient(roles: string): boolean {
  try {
    const parsed: unknown = JSON.parse(roles);
    return Array.isArray(parsed) && parsed.includes(Role.CLIENT);
  } catch {
    return false;
  }
}

const STAFF_BUYER_PATH = '/wh-dashboard/acquereurs/';
/** Where each side reads the conversation. */
export const conversationUrl = (publicUrl: string, side: MessageSide, p: MessageProject) =>
  side === 'client'
    ? `${publicUrl}/dashboard#messages`
    : `${publicUrl}${STAFF_BUYER_PATH}${encodeURIComponent(p.clientId)}#messages-${p.id}`;

async function projectRow(db: Kysely<Database>, projectId: number) {
  if (!Number.isSafeInteger(projectId) || projectId < 1) return undefined;
  const row = await db
    .selectFrom('buyer_project as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'u.firstname',
      'u.lastname',
      'u.email',
      'u.roles',
      'u.is_archived',
      'u.deleted_at',
      'u.id_chasseur',
    ])
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (!row || !isClient(row.roles)) return undefined;
  return {
    id: row.id,
    clientId: row.user_id,
    clientFirstname: row.firstname,
    clientName: personName(row) ?? 'Client',
    clientEmail: row.email,
    clientReachable: row.is_archived !== 1 && !row.deleted_at,
    hunterId: row.id_chasseur,
  } satisfies MessageProject;
}

/** The project `projectId` when it is `clientId`'s own; undefined otherwise. */
export async function projectOfClient(
  db: Db,
  clientId: string,
  projectId: number,
): Promise<MessageProject | undefined> {
  const project = await projectRow(db, projectId);
  return project && project.clientId === clientId ? project : undefined;
}

/**
 * The project `projectId` when the staff member may see it (chasseur: their client's only;
 * managers, directeurs, admins: all); undefined otherwise.
 */
export async function projectForStaff(
  db: Db,
  actor: Actor,
  projectId: number,
): Promise<MessageProject | undefined> {
  const scope = workScope(actor);
  if (!scope) return undefined;
  const project = await projectRow(db, projectId);
  return project && inScope(scope, project.hunterId) ? project : undefined;
}

type MessageRow = Pick<
  MessageTable,
  'side' | 'text' | 'created_at' | 'read_at' | 'author_id' | 'project_id'
> & {
  id: number;
  firstname: string | null;
  lastname: string | null;
  deleted_at: string | null;
};

const toView = (r: MessageRow): MessageView => ({
  id: r.id,
  side: r.side,
  authorName: r.deleted_at ? null : personName(r),
  text: r.text,
  createdAt: r.created_at,
  readAt: r.read_at,
});

function messagesOf(db: Kysely<Database>) {
  return db
    .selectFrom('message as m')
    .leftJoin('app_user as a', 'a.id', 'm.author_id')
    .select([
      'm.id',
      'm.project_id',
      'm.author_id',
      'm.side',
      'm.text',
      'm.created_at',
      'm.read_at',
      'a.firstname',
      'a.lastname',
      'a.deleted_at',
    ]);
}

/** GET …/messages: the project's last messages, oldest first, with its people's names. */
export async function conversationOf(db: Db, project: MessageProject): Promise<Conversation> {
  const [rows, total, hunter] = await Promise.all([
    messagesOf(db)
      .where('m.project_id', '=', project.id)
      .orderBy('m.id', 'desc')
      .limit(MESSAGES_SHOWN)
      .execute(),
    db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow(),
    project.hunterId
      ? db
          .selectFrom('app_user')
          .select(['firstname', 'lastname', 'deleted_at'])
          .where('id', '=', project.hunterId)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    projectId: project.id,
    clientName: project.clientName,
    hunterName: hunter && !hunter.deleted_at ? personName(hunter) : null,
    messages: rows.reverse().map(toView),
    older: Math.max(0, Number(total.n) - rows.length),
  };
}

/** Messages `authorId` wrote in the project since `since` (the burst limit). */
export async function recentMessagesBy(
  db: Db,
  projectId: number,
  authorId: string,
  at: number,
): Promise<number> {
  const since = new Date(at - MESSAGE_BURST_WINDOW_MS).toISOString();
  const row = await db
    .selectFrom('message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('author_id', '=', authorId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Who the other side of a message is: an address, and the key its mails are grouped by. */
async function recipientOf(
  trx: Kysely<Database>,
  deps: MessageMailDeps,
  project: MessageProject,
  side: MessageSide,
): Promise<{ key: string; email: string; firstname: string | null } | undefined> {
  if (side === 'staff')
    return project.clientReachable
      ? { key: project.clientId, email: project.clientEmail, firstname: project.clientFirstname }
      : undefined;
  const hunter = project.hunterId
    ? await trx
        .selectFrom('app_user')
        .select(['id', 'email', 'firstname', 'is_archived', 'deleted_at'])
        .where('id', '=', project.hunterId)
        .executeTakeFirst()
    : undefined;
  if (hunter && hunter.is_archived !== 1 && !hunter.deleted_at)
    return { key: hunter.id, email: hunter.email, firstname: hunter.firstname };
  return { key: 'agency', email: deps.agencyEmail, firstname: null };
}

/**
 * Claims the right to e-mail `recipient` about the project at `at`: true when nobody was told
 * in the last MESSAGE_MAIL_WINDOW_MS (the row is then this mail's). One statement, so two
 * messages at once make one mail.
 */
async function claimMail(
  trx: Kysely<Database>,
  projectId: number,
  recipient: string,
  at: string,
): Promise<boolean> {
  const cutoff = new Date(Date.parse(at) - MESSAGE_MAIL_WINDOW_MS).toISOString();
  const claimed = await trx
    .insertInto('message_mail')
    .values({ project_id: projectId, recipient, mailed_at: at })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'recipient'])
        .doUpdateSet({ mailed_at: at })
        .where('message_mail.mailed_at', '<=', cutoff),
    )
    .returning('project_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export interface NewMessage {
  project: MessageProject;
  side: MessageSide;
  authorId: string;
  text: string;
  at: string;
}

/**
 * POST …/messages, in the Idempotency-Key's transaction: the message, its audit entry and, unless
 * the recipient was told less than 15 minutes ago, one e-mail saying how many messages wait.
 */
export async function recordMessage(
  trx: Transaction<Database>,
  deps: MessageMailDeps,
  { project, side, authorId, text, at }: NewMessage,
): Promise<MessageSent & { notify: { userId: string } | null }> {
  const { id } = await trx
    .insertInto('message')
    .values({
      project_id: project.id,
      author_id: authorId,
      side,
      text,
      created_at: at,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(
    trx,
    {
      actorId: authorId,
      action: 'message',
      recordType: 'buyer',
      recordId: project.clientId,
      // What was done, not what it said: the text stays in the conversation.
      after: { projectId: project.id, messageId: id, side },
    },
    at,
  );
  const recipient = await recipientOf(trx, deps, project, side);
  if (recipient && (await claimMail(trx, project.id, recipient.key, at))) {
    const unread = await trx
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', project.id)
      .where('side', '=', side)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    const author = await trx
      .selectFrom('app_user')
      .select(['firstname', 'lastname'])
      .where('id', '=', authorId)
      .executeTakeFirst();
    await deps.mails.enqueue(
      newMessagesMail(recipient.email, recipient.firstname, {
        count: Math.max(1, Number(unread.n)),
        from:
          (author && personName(author)) ?? (side === 'client' ? 'Votre client' : 'Votre chasseur'),
        toClient: side === 'staff',
        url: conversationUrl(deps.publicUrl, side === 'staff' ? 'client' : 'staff', project),
      }),
      trx,
    );
  }
  const row = await messagesOf(trx).where('m.id', '=', id).executeTakeFirstOrThrow();
  return {
    message: toView(row),
    // Web Push goes to the other side's account once committed (never for the agency's address).
    notify: recipient && recipient.key !== 'agency' ? { userId: recipient.key } : null,
  };
}

/**
 * POST …/messages/read: the reader's side read the other side's messages up to `lastId`; each
 * one keeps the moment it was first read. How many were marked.
 */
export async function markRead(
  db: Db,
  project: MessageProject,
  reader: MessageSide,
  lastId: number,
  at: string,
): Promise<number> {
  const done = await db
    .updateTable('message')
    .set({ read_at: at })
    .where('project_id', '=', project.id)
    .where('side', '=', reader === 'client' ? 'staff' : 'client')
    .where('id', '<=', lastId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/**
 * The clients' unread messages, per project `staff` may see (a chasseur: their clients'; the
 * supervisors: all), the latest first: for « Aujourd’hui ». Nothing for anyone else.
 */
export async function unreadMessagesForStaff(
  db: Kysely<Database>,
  staff: Actor,
): Promise<UnreadConversation[]> {
  const scope = workScope(staff);
  if (!scope) return [];
  let counts = db
    .selectFrom('message as m')
    .innerJoin('buyer_project as p', 'p.id', 'm.project_id')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .select([
      'm.project_id',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.max('m.id').as('last_id'),
    ])
    .where('m.side', '=', 'client')
    .where('m.read_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .groupBy('m.project_id');
  if (scope.kind === 'hunter') counts = counts.where('u.id_chasseur', '=', scope.hunterId);
  const groups = await counts.execute();
  if (groups.length === 0) return [];
  const lasts = await db
    .selectFrom('message as m')
    .innerJoin('buyer_project as p', 'p.id', 'm.project_id')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .select(['m.id', 'm.project_id', 'm.text', 'm.created_at', 'u.id as client_id'])
    .select(['u.firstname', 'u.lastname'])
    .where(
      'm.id',
      'in',
      groups.map((g) => Number(g.last_id)),
    )
    .execute();
  const lastOf = new Map(lasts.map((l) => [l.project_id, l]));
  return groups
    .flatMap((g) => {
      const last = lastOf.get(g.project_id);
      if (!last) return [];
      return [
        {
          projectId: g.project_id,
          clientId: last.client_id,
          clientName: personName(last) ?? 'Client',
          count: Number(g.n),
          lastText: messageExcerpt(last.text),
          lastAt: last.created_at,
        },
      ];
    })
    .sort((a, b) => b.lastAt.localeCompare(a.lastAt) || b.projectId - a.projectId);
}

/** A buyer's conversations removed (account deletion: what they wrote is theirs). */
export async function removeBuyerMessages(trx: Kysely<Database>, userId: string): Promise<void> {
  const projects = trx.selectFrom('buyer_project').select('id').where('user_id', '=', userId);
  await trx.deleteFrom('message').where('project_id', 'in', projects).execute();
  await trx.deleteFrom('message_mail').where('project_id', 'in', projects).execute();
}

/**
 * Demo data (server/db/seed-demo-work.ts, never in production): the demo hunter's first message
 * in the demo client's conversation, unread, e-mailed to nobody.
 */
export async function seedDemoConversation(
  trx: Kysely<Database>,
  clientId: string,
  hunterId: string | null,
  at: string,
): Promise<void> {
  const project = await trx
    .selectFrom('buyer_project')
    .select('id')
    .where('user_id', '=', clientId)
    .orderBy('id')
    .executeTakeFirst();
  if (!project || !hunterId) return;
  await trx
    .insertInto('message')
    .values({
      project_id: project.id,
      author_id: hunterId,
      side: 'staff',
      text: 'Bonjour Claire, j’ai repéré un trois-pièces à Boulogne, près du métro. Êtes-vous disponible jeudi à 18\u00a0h pour le visiter\u202f?',
      created_at: at,
      read_at: null,
    })
    .execute();
}
