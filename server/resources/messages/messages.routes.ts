import { Hono, type Context } from 'hono';
import { company } from '../../../src/domain/company';
import {
  CLIENT_MESSAGES_PATH,
  CLIENT_MESSAGES_READ_PATH,
  MESSAGE_BURST,
  STAFF_MESSAGES_PATH,
  STAFF_MESSAGES_READ_PATH,
  messageSchema,
  messagesReadSchema,
  type Conversation,
  type MessageSent,
  type MessageSide,
  type MessagesMarked,
} from '../../../src/domain/api/messages';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import { idempotentPost } from '../../http/idempotency';
import { underApi } from '../../http/paths';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, requireStaff, type StaffEnv } from '../../staff/policy';
import { notifyNewMessage } from './message-push';
import {
  conversationOf,
  markRead,
  projectForStaff,
  projectOfClient,
  recentMessagesBy,
  recordMessage,
  type MessageProject,
} from './messages.repo';

const NOT_FOUND = 'Cette conversation n’existe pas ou ne vous est pas ouverte.';
const TOO_MANY =
  'Vous avez envoyé beaucoup de messages en peu de temps. Patientez quelques minutes avant d’en écrire un autre.';

/**
 * The conversation of a buyer project (issue 29, docs/messages.md). The client reads and writes
 * the conversations of their own projects; the staff, those of the projects they may see (the
 * assigned chasseur; managers, directeurs, admins). A message carries an Idempotency-Key (the
 * outbox replays it offline): a replay never makes a second one. Reading marks the other side's
 * messages read. Web Push goes out once the message is committed. Mounted on /api.
 */
export function messagesRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<StaffEnv>();
  const signedIn = requireAuth(deps.tokens, deps.users);
  const staff = [signedIn, requireStaff()] as const;
  const client = [signedIn, requireRoles([Role.CLIENT])] as const;
  const mailDeps = { mails: deps.mails, publicUrl: deps.publicUrl, agencyEmail: company.email };
  const isoNow = () => new Date(now()).toISOString();
  const projectIdOf = (c: Context) => Number(c.req.param('projectId'));

  /** The project of the path, if the caller's side may open its conversation. */
  const findProject = (c: Context<StaffEnv>, side: MessageSide) =>
    side === 'client'
      ? projectOfClient(db, c.get('user')._id, projectIdOf(c))
      : projectForStaff(db, actorOf(c), projectIdOf(c));

  const read = (side: MessageSide) => async (c: Context<StaffEnv>) => {
    const project = await findProject(c, side);
    if (!project) return apiError(c, 404, NOT_FOUND);
    return c.json((await conversationOf(db, project)) satisfies Conversation);
  };

  const write = (side: MessageSide) => async (c: Context<StaffEnv>) => {
    const authorId = c.get('user')._id;
    let sent:
      { project: MessageProject; done: Awaited<ReturnType<typeof recordMessage>> } | undefined;
    const post = idempotentPost({
      db,
      // Keys are the author's, per conversation: another person's key can neither replay nor
      // block this message.
      scope: `message:${authorId}:${c.req.param('projectId')}`,
      schema: messageSchema,
      prepare: async (_c, _data, replay) => {
        const project = await findProject(c, side);
        if (!project) return apiError(c, 404, NOT_FOUND);
        if (!replay && (await recentMessagesBy(db, project.id, authorId, now())) >= MESSAGE_BURST) {
          c.header('Retry-After', '120');
          return apiError(c, 429, TOO_MANY);
        }
        return { value: project satisfies MessageProject };
      },
      work: async (trx, data, project) => {
        const done = await recordMessage(trx, mailDeps, {
          project,
          side,
          authorId,
          text: data.text,
          at: isoNow(),
        });
        sent = { project, done };
        return { status: 201, body: { message: done.message } satisfies MessageSent };
      },
    });
    const response = await post(c);
    // Committed and new (not a replay): the other side's devices are told, outside the
    // transaction; a failure there never fails the message.
    if (
      response.status === 201 &&
      sent?.done.notify &&
      !response.headers.has('Idempotent-Replayed')
    )
      notifyNewMessage(
        { db, push: deps.push },
        sent.done.notify.userId,
        sent.project,
        sent.done.message,
      );
    return response;
  };

  const markAsRead = (side: MessageSide) => async (c: Context<StaffEnv>) => {
    const project = await findProject(c, side);
    if (!project) return apiError(c, 404, NOT_FOUND);
    const parsed = messagesReadSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const marked = await markRead(db, project, side, parsed.data.lastId, isoNow());
    return c.json({ marked } satisfies MessagesMarked);
  };

  app.get(underApi(CLIENT_MESSAGES_PATH), ...client, read('client'));
  app.post(underApi(CLIENT_MESSAGES_PATH), ...client, write('client'));
  app.post(underApi(CLIENT_MESSAGES_READ_PATH), ...client, markAsRead('client'));
  app.get(underApi(STAFF_MESSAGES_PATH), ...staff, read('staff'));
  app.post(underApi(STAFF_MESSAGES_PATH), ...staff, write('staff'));
  app.post(underApi(STAFF_MESSAGES_READ_PATH), ...staff, markAsRead('staff'));

  return app as unknown as Hono<AuthEnv>;
}
