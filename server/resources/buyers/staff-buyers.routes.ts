import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { projectStages, type ProjectStage } from '../../../src/domain/project';
import { Role } from '../../../src/domain/roles';
import {
  callbackDeadline,
  isProjectStage,
  stageLabel,
  stageMoveRefusal,
} from '../../../src/domain/staff';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { toProjectView } from './buyer-projects.repo';
import { apiError, readJson, validationError } from '../../http/errors';
import { idempotentPost } from '../../http/idempotency';
import { projectStageMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import { buyerFiche, listBuyers } from './buyers.repo';
import { TODAY_LIMIT, todayLeads, todayProjects } from './today.repo';
import type { StaffRouteDeps } from '../../staff/deps';
import { CSV_MAX_ROWS, toCsv } from '../../staff/csv';
import { hunterRefusal } from '../../staff/hunters';
import { listFilterSchema, pagingSchema, queryOf } from '../../staff/paging';
import {
  actorOf,
  inScope,
  isSupervisor,
  requireStaff,
  requireSupervisor,
  type StaffEnv,
} from '../../staff/policy';

const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';
const NOT_FOUND_PROJECT = 'Ce projet n’existe pas ou ne vous est pas attribué.';
const STALE =
  'Ce dossier vient d’être modifié par quelqu’un d’autre. Il a été rechargé\u00a0: vérifiez-le puis refaites votre changement.';

const stageValues = projectStages.map((s) => s.value) as [ProjectStage, ...ProjectStage[]];

const buyerQuerySchema = z.object({
  ...listFilterSchema,
  stage: z.enum(stageValues, { error: 'Cette étape n’existe pas.' }).optional(),
  archived: z.enum(['0', '1'], { error: 'archived vaut 0 ou 1.' }).optional(),
  sort: z
    .enum(['created', '-created', 'name', 'budget', 'stage'], { error: 'Ce tri n’existe pas.' })
    .default('-created'),
  ...pagingSchema,
});

const assignSchema = z.object({
  hunterId: z.string().trim().min(1).max(64).nullable(),
});

const stageSchema = z.object({
  to: z.enum(stageValues, { error: 'Cette étape n’existe pas.' }),
  note: z
    .string()
    .trim()
    .max(2000, 'La note est trop longue (2000 caractères au plus).')
    .default(''),
  version: z.number({ error: 'La version du dossier manque.' }).int().min(1),
});

const noteSchema = z.object({
  recordType: z.enum(['buyer', 'owner'], { error: 'Ce type de dossier n’existe pas.' }),
  recordId: z.string().trim().min(1).max(64),
  text: z
    .string()
    .trim()
    .min(1, 'Écrivez la note.')
    .max(4000, 'La note est trop longue (4000 caractères au plus).'),
  visibleToClient: z.boolean().default(false),
});

/**
 * The buyers half of the staff area (issue 15, docs/staff-area.md): the list, the fiche,
 * assignment, stage moves, notes and the day's callbacks. Mounted on /api.
 */
export function staffBuyersRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, mails, publicUrl, now } = deps;
  const app = new Hono<StaffEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;

  app.get('/staff/buyers', ...staff, async (c) => {
    const parsed = buyerQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { page, pageSize, archived, ...filters } = parsed.data;
    return c.json(
      await listBuyers(
        db,
        c.get('scope'),
        { ...filters, archived: archived === '1' },
        page,
        pageSize,
      ),
    );
  });

  app.get('/staff/export/buyers.csv', ...staff, async (c) => {
    const parsed = buyerQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { page: _page, pageSize: _size, archived, ...filters } = parsed.data;
    const { items } = await listBuyers(
      db,
      c.get('scope'),
      { ...filters, archived: archived === '1' },
      1,
      CSV_MAX_ROWS,
    );
    const csv = toCsv(
      [
        'Nom',
        'Prénom',
        'E-mail',
        'Téléphone',
        'Étape',
        'Départements',
        'Villes',
        'Budget (€)',
        'Chasseur',
        'Créé le',
      ],
      items.map((r) => [
        r.lastname,
        r.firstname,
        r.email,
        r.phone,
        r.stageLabel,
        r.departments.join(', '),
        r.cities.join(', '),
        r.budget,
        r.hunterName ?? 'Non attribué',
        r.createdAt.slice(0, 10),
      ]),
    );
    c.header('Content-Disposition', 'attachment; filename="acquereurs.csv"');
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  });

  app.get('/staff/buyers/:userId', ...staff, async (c) => {
    const fiche = await buyerFiche(db, c.get('scope'), c.req.param('userId'));
    return fiche ? c.json(fiche) : apiError(c, 404, NOT_FOUND_BUYER);
  });

  app.post('/staff/buyers/:userId/assign', ...staff, requireSupervisor(), async (c) => {
    const parsed = assignSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { hunterId } = parsed.data;
    const client = await db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', c.req.param('userId'))
      .executeTakeFirst();
    if (!client || !JSON.parse(client.roles).includes(Role.CLIENT))
      return apiError(c, 404, NOT_FOUND_BUYER);
    const refusal = await hunterRefusal(db, hunterId);
    if (refusal) return apiError(c, 400, refusal);
    const at = new Date(now()).toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('app_user')
        .set({ id_chasseur: hunterId, updated_at: at })
        .where('id', '=', client.id)
        .execute();
      await audit(
        trx,
        {
          actorId: actorOf(c).id,
          action: 'assign',
          recordType: 'buyer',
          recordId: client.id,
          before: { hunterId: client.id_chasseur },
          after: { hunterId },
        },
        at,
      );
    });
    return c.json(await buyerFiche(db, c.get('scope'), client.id));
  });

  app.post('/staff/projects/:projectId/stage', ...staff, async (c) => {
    const id = Number(c.req.param('projectId'));
    const parsed = stageSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const project = Number.isSafeInteger(id)
      ? await db
          .selectFrom('buyer_project as p')
          .innerJoin('app_user as u', 'u.id', 'p.user_id')
          .selectAll('p')
          .select(['u.id_chasseur', 'u.email', 'u.firstname', 'u.is_archived'])
          .where('p.id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!project || !inScope(c.get('scope'), project.id_chasseur))
      return apiError(c, 404, NOT_FOUND_PROJECT);
    const current = () => ({ ...toProjectView(project), version: project.version });
    if (project.version !== parsed.data.version)
      return apiError(c, 409, STALE, undefined, { current: current() });
    const from = project.stage;
    const { to, note } = parsed.data;
    const refusal = isProjectStage(from)
      ? stageMoveRefusal(from, to, note)
      : 'L’étape actuelle de ce projet est inconnue.';
    if (refusal) return apiError(c, 400, refusal);
    const at = new Date(now()).toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      // Conditional on the version read: two moves at once, the second finds it changed.
      const updated = await trx
        .updateTable('buyer_project')
        .set({ stage: to, version: project.version + 1, updated_at: at })
        .where('id', '=', id)
        .where('version', '=', project.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      const actor = actorOf(c);
      await trx
        .insertInto('project_stage_move')
        .values({ project_id: id, from_stage: from, to_stage: to, by_user_id: actor.id, note, at })
        .execute();
      await audit(
        trx,
        {
          actorId: actor.id,
          action: 'stage',
          recordType: 'buyer',
          recordId: project.user_id,
          before: { projectId: id, stage: from },
          after: { projectId: id, stage: to, note },
        },
        at,
      );
      if (project.is_archived !== 1)
        await mails.enqueue(
          projectStageMail(
            project.email,
            project.firstname,
            stageLabel(to),
            `${publicUrl}/dashboard`,
          ),
          trx,
        );
      return true;
    });
    if (!moved) {
      const fresh = await db
        .selectFrom('buyer_project')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return c.json(
        { message: STALE, current: { ...toProjectView(fresh), version: fresh.version } },
        409,
      );
    }
    return c.json(await buyerFiche(db, c.get('scope'), project.user_id));
  });

  /** Who works a record: a hunter's id, null (nobody), or undefined when there is no such record. */
  async function assigneeOf(
    recordType: 'buyer' | 'owner',
    recordId: string,
  ): Promise<string | null | undefined> {
    if (recordType === 'buyer') {
      const client = await db
        .selectFrom('app_user')
        .select(['id_chasseur', 'roles'])
        .where('id', '=', recordId)
        .executeTakeFirst();
      return client && (JSON.parse(client.roles) as number[]).includes(Role.CLIENT)
        ? client.id_chasseur
        : undefined;
    }
    if (!/^\d{1,12}$/.test(recordId)) return undefined;
    const lead = await db
      .selectFrom('owner_contact')
      .select('assigned_to')
      .where('id', '=', Number(recordId))
      .executeTakeFirst();
    return lead ? lead.assigned_to : undefined;
  }

  app.post(
    '/staff/notes',
    ...staff,
    idempotentPost({
      db,
      // Keys are the author's: another person's key can neither replay nor block this note.
      scope: (c) => `staff-note:${(c as Context<StaffEnv>).get('user')._id}`,
      schema: noteSchema,
      prepare: async (c, data) => {
        const ctx = c as Context<StaffEnv>;
        const scope = ctx.get('scope');
        const assignedTo = await assigneeOf(data.recordType, data.recordId);
        if (assignedTo === undefined || !inScope(scope, assignedTo))
          return apiError(c, 404, 'Ce dossier n’existe pas ou ne vous est pas attribué.');
        return { value: actorOf(ctx).id };
      },
      work: async (trx, data, authorId) => {
        const at = new Date(now()).toISOString();
        const saved = await trx
          .insertInto('staff_note')
          .values({
            record_type: data.recordType,
            record_id: data.recordId,
            author_id: authorId,
            text: data.text,
            visible_to_client: data.visibleToClient ? 1 : 0,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          {
            actorId: authorId,
            action: 'note',
            recordType: data.recordType,
            recordId: data.recordId,
            after: { noteId: saved.id, visibleToClient: data.visibleToClient },
          },
          at,
        );
        return { status: 201, body: { id: saved.id, createdAt: at } };
      },
    }),
  );

  app.get('/staff/today', ...staff, async (c) => {
    const scope = c.get('scope');
    // Supervisors see the unassigned first: nobody else will call them.
    const first = isSupervisor(actorOf(c)) ? 'unassigned' : 'any';
    const [projects, leads] = await Promise.all([
      todayProjects(db, scope, first, TODAY_LIMIT),
      todayLeads(db, scope, first, TODAY_LIMIT),
    ]);
    const at = now();
    const withDeadline = <R extends { createdAt: string }>(r: R) => {
      const due = callbackDeadline(r.createdAt);
      return { ...r, deadline: due.toISOString(), overdue: due.getTime() < at };
    };
    return c.json({ projects: projects.map(withDeadline), leads: leads.map(withDeadline) });
  });

  return app as unknown as Hono<AuthEnv>;
}
