import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { buyerProjectSchema } from '../../../src/domain/buyer-signup.schema';
import { Role } from '../../../src/domain/roles';
import { callbackDeadline, stageLabel } from '../../../src/domain/staff';
import { decoyHash, verifyPassword } from '../../auth/password-hash';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { toUser } from '../users/users.repo';
import { projectRowsOf, toProjectView } from '../buyers/buyer-projects.repo';
import { apiError, readJson, validationError } from '../../http/errors';
import { idempotentPost } from '../../http/idempotency';
import {
  ACCOUNT_MAILS_PER_ACCOUNT,
  PASSWORD_CHECK_PER_ACCOUNT,
  passwordCheckKey,
  type Throttle,
} from '../../http/throttle';
import { accountDeletedMail, dataExportMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import { removeDocumentRows, unlinkDocuments } from '../documents/documents.routes';
import type { StaffRouteDeps } from '../../staff/deps';

const STALE =
  'Votre projet vient d’être modifié (par vous sur un autre appareil, ou par votre chasseur). Il a été rechargé\u00a0: vérifiez-le puis refaites votre changement.';

const criteriaSchema = buyerProjectSchema.extend({
  version: z.number({ error: 'La version du projet manque.' }).int().min(1),
});

const deletionSchema = z.object({
  password: z
    .string({ error: 'Saisissez votre mot de passe.' })
    .min(1, 'Saisissez votre mot de passe.'),
});

const initials = (firstname: string, lastname: string) =>
  `${firstname.charAt(0)}${lastname.charAt(0)}`.toUpperCase();

/**
 * The client area's server half (issue 16, docs/client-area.md): what the buyer sees of their
 * project, editing the search, the RGPD export and the account's deletion. Mounted on /api;
 * every path acts on the caller's own data only (no id of another person is ever taken).
 */
export function clientAreaRoutes(
  deps: StaffRouteDeps & { throttle: Throttle; documentsDir: string },
): Hono<AuthEnv> {
  const { db, mails, now, throttle } = deps;
  const app = new Hono<AuthEnv>();
  const client = [requireAuth(deps.tokens, deps.users), requireRoles([Role.CLIENT])] as const;
  const me = (c: Context<AuthEnv>) => c.get('user')._id;

  async function overview(userId: string) {
    const user = await db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const projects = await projectRowsOf(db, userId);
    const ids = projects.map((p) => p.id);
    const moves = ids.length
      ? await db
          .selectFrom('project_stage_move')
          .select(['project_id', 'from_stage', 'to_stage', 'at'])
          .where('project_id', 'in', ids)
          .orderBy('id')
          .limit(500)
          .execute()
      : [];
    const hunter = user.id_chasseur
      ? await db
          .selectFrom('app_user')
          .select(['firstname', 'lastname', 'email', 'phone'])
          .where('id', '=', user.id_chasseur)
          .executeTakeFirst()
      : undefined;
    const messages = await db
      .selectFrom('staff_note as n')
      .leftJoin('app_user as a', 'a.id', 'n.author_id')
      .select(['n.id', 'n.text', 'n.created_at', 'a.firstname'])
      .where('n.record_type', '=', 'buyer')
      .where('n.record_id', '=', userId)
      .where('n.visible_to_client', '=', 1)
      .orderBy('n.id', 'desc')
      .limit(100)
      .execute();
    const oldest = projects.at(-1);
    return {
      projects: projects.map((p) => ({
        ...toProjectView(p),
        version: p.version,
        updatedAt: p.updated_at,
        // The stage timeline (spec 4.7): when each stage was reached; VALIDATION at creation.
        timeline: [
          { stage: 'VALIDATION', label: stageLabel('VALIDATION'), at: p.created_at },
          ...moves
            .filter((m) => m.project_id === p.id)
            .map((m) => ({ stage: m.to_stage, label: stageLabel(m.to_stage), at: m.at })),
        ],
      })),
      hunter: hunter
        ? {
            firstname: hunter.firstname,
            lastname: hunter.lastname,
            initials: initials(hunter.firstname, hunter.lastname),
            email: hunter.email,
            phone: hunter.phone,
          }
        : null,
      // « Un chasseur vous contacte sous 48 heures », until one is assigned.
      callbackBefore: !hunter && oldest ? callbackDeadline(oldest.created_at).toISOString() : null,
      messages: messages.map((m) => ({
        id: m.id,
        text: m.text,
        createdAt: m.created_at,
        authorFirstname: m.firstname,
      })),
    };
  }

  app.get('/client/overview', ...client, async (c) => c.json(await overview(me(c))));

  // The wizard's own schema; sent with an Idempotency-Key so an edit made offline arrives once.
  app.post(
    '/client/projects/:id/criteria',
    ...client,
    idempotentPost({
      db,
      scope: (c) => `client-criteria:${(c as Context<AuthEnv>).get('user')._id}`,
      schema: criteriaSchema,
      prepare: async (c) => {
        const id = Number(c.req.param('id'));
        const project = Number.isSafeInteger(id)
          ? await db
              .selectFrom('buyer_project')
              .selectAll()
              .where('id', '=', id)
              .where('user_id', '=', me(c as Context<AuthEnv>))
              .executeTakeFirst()
          : undefined;
        if (!project) return apiError(c, 404, 'Ce projet n’existe pas.');
        return { value: { project, userId: me(c as Context<AuthEnv>) } };
      },
      work: async (trx, { version, ...criteria }, { project, userId }) => {
        if (project.version !== version) {
          return {
            status: 409,
            body: {
              message: STALE,
              current: { ...toProjectView(project), version: project.version },
            },
          };
        }
        const at = new Date(now()).toISOString();
        const updated = await trx
          .updateTable('buyer_project')
          .set({
            person_count: criteria.personCount,
            search_goal: criteria.searchGoal,
            departments: JSON.stringify(criteria.department),
            cities: JSON.stringify(criteria.cities),
            type_bien: JSON.stringify(criteria.typeBien),
            type_achat: JSON.stringify(criteria.typeAchat),
            surface: criteria.surface,
            room_count: criteria.roomCount,
            bedroom_count: criteria.bedroomCount,
            visit_count: criteria.visitCount,
            description: criteria.description,
            budget: criteria.budget,
            apport: criteria.apport,
            with_bank: Number(criteria.withBank),
            with_courtier:
              criteria.withCourtier === undefined ? null : Number(criteria.withCourtier),
            version: project.version + 1,
            updated_at: at,
          })
          .where('id', '=', project.id)
          .where('version', '=', version)
          .returningAll()
          .executeTakeFirst();
        if (!updated) {
          const fresh = await trx
            .selectFrom('buyer_project')
            .selectAll()
            .where('id', '=', project.id)
            .executeTakeFirstOrThrow();
          return {
            status: 409,
            body: { message: STALE, current: { ...toProjectView(fresh), version: fresh.version } },
          };
        }
        await trx
          .deleteFrom('buyer_project_department')
          .where('project_id', '=', project.id)
          .execute();
        await trx
          .insertInto('buyer_project_department')
          .values(
            [...new Set(criteria.department)].map((d) => ({
              project_id: project.id,
              department: d,
            })),
          )
          .execute();
        // The hunter sees the change and its date on the fiche (the audit trail).
        await audit(
          trx,
          {
            actorId: userId,
            action: 'criteria',
            recordType: 'buyer',
            recordId: userId,
            before: { ...toProjectView(project) },
            after: { ...toProjectView(updated) },
          },
          at,
        );
        return { status: 200, body: { ...toProjectView(updated), version: updated.version } };
      },
    }),
  );

  /** RGPD art. 15 and 20: everything stored about the caller, as one JSON file. */
  app.get('/client/export', ...client, async (c) => {
    const userId = me(c);
    const row = await db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const [orders, notes, trail] = await Promise.all([
      db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('staff_note')
        .select(['id', 'text', 'visible_to_client', 'created_at'])
        .where('record_type', '=', 'buyer')
        .where('record_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after', 'at'])
        .where('record_type', '=', 'buyer')
        .where('record_id', '=', userId)
        .orderBy('id')
        .execute(),
    ]);
    const { projects, hunter, messages } = await overview(userId);
    const { _id, ...account } = toUser(row);
    // One e-mail per export, three an hour at most: a script calling the export in a loop does
    // not flood the person's inbox (the export itself is theirs to take).
    const told = await throttle.reserve([
      { key: `export-mail:${userId}`, policy: ACCOUNT_MAILS_PER_ACCOUNT },
    ]);
    if (told.ok) await mails.enqueue(dataExportMail(row.email, row.firstname));
    c.header('Content-Disposition', 'attachment; filename="mes-donnees-chassimmo.json"');
    return c.json({
      exportedAt: new Date(now()).toISOString(),
      account: { id: _id, ...account, createdAt: row.created_at, updatedAt: row.updated_at },
      projects,
      hunter,
      messages,
      notesAboutYou: notes.map((n) => ({
        text: n.text,
        visibleToYou: n.visible_to_client === 1,
        createdAt: n.created_at,
      })),
      changes: trail.map((a) => ({
        action: a.action,
        before: a.before === null ? null : (JSON.parse(a.before) as unknown),
        after: a.after === null ? null : (JSON.parse(a.after) as unknown),
        at: a.at,
      })),
      orders: orders.map((o) => ({
        id: o.id,
        status: o.status,
        lines: JSON.parse(o.lines) as unknown,
        totalCents: o.total_cents,
        createdAt: o.created_at,
        paidAt: o.paid_at,
      })),
    });
  });

  /**
   * « Supprimer mon compte »: asks the password (under the sign-in limit), then anonymises the
   * account and its search in one transaction, ends every session and confirms by e-mail to the
   * address it had. Orders stay (accounting law) without the person's name or e-mail.
   */
  app.post('/client/delete-account', ...client, async (c) => {
    const parsed = deletionSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = me(c);
    const attempt = { key: passwordCheckKey(userId), policy: PASSWORD_CHECK_PER_ACCOUNT };
    const reservation = await throttle.reserve([attempt]);
    if (!reservation.ok)
      return apiError(c, 429, 'Trop d’essais du mot de passe. Réessayez plus tard.');
    const row = await db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(parsed.data.password, row.password_hash || (await decoyHash()))))
      return apiError(c, 400, 'Le mot de passe est incorrect.', {
        password: 'Le mot de passe est incorrect.',
      });
    await throttle.forget(attempt.key);
    const at = new Date(now()).toISOString();
    const files = await db.transaction().execute(async (trx) => {
      await mails.enqueue(accountDeletedMail(row.email, row.firstname), trx);
      await trx
        .updateTable('app_user')
        .set((eb) => ({
          email: `supprime-${userId}@compte-supprime.invalid`,
          firstname: 'Compte',
          lastname: 'supprimé',
          phone: '',
          address: '',
          children_count: 0,
          password_hash: '',
          is_archived: 1,
          deleted_at: at,
          updated_at: at,
          session_version: eb('session_version', '+', 1),
        }))
        .where('id', '=', userId)
        .execute();
      await trx
        .updateTable('buyer_project')
        .set({ description: '', cities: '[]', partner_code: null, updated_at: at })
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('orders')
        .set({ email: null, updated_at: at })
        .where('user_id', '=', userId)
        .execute();
      await trx
        .deleteFrom('staff_note')
        .where('record_type', '=', 'buyer')
        .where('record_id', '=', userId)
        .execute();
      // The trail keeps what was done and when, not what it said: file names, reasons and the
      // search's before/after carry the person's data.
      await trx
        .updateTable('audit_log')
        .set({ before: null, after: null })
        .where('record_type', '=', 'buyer')
        .where('record_id', '=', userId)
        .where('action', 'in', ['criteria', 'document.upload', 'document.review'])
        .execute();
      await audit(
        trx,
        { actorId: userId, action: 'account-deleted', recordType: 'buyer', recordId: userId },
        at,
      );
      // The documents sent (identity, payslips…): their rows go with the account, the files
      // once that is committed.
      return removeDocumentRows(trx, userId);
    });
    await unlinkDocuments(deps.documentsDir, files);
    return c.json({ deleted: true, message: 'Votre compte est supprimé.' });
  });

  return app;
}
