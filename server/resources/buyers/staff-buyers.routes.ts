import { Hono, type Context } from 'hono';
import { cityName } from '../../../src/domain/arrondissements';
import {
  BUYER_STALE,
  buyerAssignSchema,
  buyerListQuerySchema,
  noteSchema,
  stageMoveSchema,
  type BuyerFiche,
  type BuyerListQuery,
  type BuyerRow,
  type BuyerStaleBody,
} from '../../../src/domain/api/buyers';
import { isProjectStage, stageMoveRefusal } from '../../../src/domain/staff';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import { idempotentPost } from '../../http/idempotency';
import { keyedChange } from '../../staff/keyed-change';
import { buyerFiche, listBuyers } from './buyers.repo';
import { hasSignedMandate } from '../mandates/mandates.repo';
import {
  assignBuyer,
  assigneeOf,
  buyerAccount,
  insertNote,
  moveStage,
  projectForStage,
  staleMove,
} from './staff-buyers.repo';
import type { StaffRouteDeps } from '../../staff/deps';
import { CSV_MAX_ROWS, csvDownload, type CsvColumn } from '../../staff/csv';
import { hunterRefusal } from '../../staff/hunters';
import { queryOf } from '../../staff/paging';
import {
  actorOf,
  inScope,
  requireStaff,
  requireSupervisor,
  type StaffEnv,
} from '../../staff/policy';

const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';
const NOT_FOUND_PROJECT = 'Ce projet n’existe pas ou ne vous est pas attribué.';

/** The columns of « Exporter » (acquereurs.csv). */
const COLUMNS: CsvColumn<BuyerRow>[] = [
  ['Nom', (r) => r.lastname],
  ['Prénom', (r) => r.firstname],
  ['E-mail', (r) => r.email],
  ['Téléphone', (r) => r.phone],
  ['Étape', (r) => r.stageLabel],
  ['Départements', (r) => r.departments.join(', ')],
  ['Villes', (r) => r.cities.map(cityName).join(', ')],
  ['Budget (€)', (r) => r.budget],
  ['Chasseur', (r) => r.hunterName ?? 'Non attribué'],
  ['Créé le', (r) => r.createdAt.slice(0, 10)],
];

/** The list's filters as the repository takes them. */
const filtersOf = ({ page: _page, pageSize: _size, archived, ...f }: BuyerListQuery) => ({
  ...f,
  archived: archived === '1',
});

/**
 * The buyers half of the staff area (issue 15, docs/staff-area.md): the list, the fiche,
 * assignment, stage moves and notes (« Aujourd’hui »: today.routes.ts). Mounted on /api.
 */
export function staffBuyersRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<StaffEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;

  app.get('/staff/buyers', ...staff, async (c) => {
    const parsed = buyerListQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { page, pageSize } = parsed.data;
    return c.json(await listBuyers(db, c.get('scope'), filtersOf(parsed.data), page, pageSize));
  });

  app.get('/staff/export/buyers.csv', ...staff, async (c) => {
    const parsed = buyerListQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { items } = await listBuyers(db, c.get('scope'), filtersOf(parsed.data), 1, CSV_MAX_ROWS);
    return csvDownload(c, 'acquereurs.csv', COLUMNS, items);
  });

  app.get('/staff/buyers/:userId', ...staff, async (c) => {
    const fiche = await buyerFiche(db, c.get('scope'), c.req.param('userId'));
    return fiche ? c.json(fiche) : apiError(c, 404, NOT_FOUND_BUYER);
  });

  app.post('/staff/buyers/:userId/assign', ...staff, requireSupervisor(), async (c) => {
    const parsed = buyerAssignSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const client = await buyerAccount(db, c.req.param('userId'));
    if (!client) return apiError(c, 404, NOT_FOUND_BUYER);
    const fiche = async () => (await buyerFiche(db, c.get('scope'), client.id)) as BuyerFiche;
    // Sent by the outbox (issue 29: made offline, with its Idempotency-Key) and already given
    // to that hunter (a replay after it arrived): done, nothing written again.
    if (c.req.header('Idempotency-Key') && client.id_chasseur === parsed.data.hunterId)
      return c.json((await fiche()) satisfies BuyerFiche);
    if (client.version !== parsed.data.version)
      return c.json({ message: BUYER_STALE, current: await fiche() } satisfies BuyerStaleBody, 409);
    const refusal = await hunterRefusal(db, parsed.data.hunterId);
    if (refusal) return apiError(c, 400, refusal);
    const done = await assignBuyer(
      deps,
      actorOf(c).id,
      client.id,
      parsed.data,
      new Date(now()).toISOString(),
    );
    if (done.kind !== 'done')
      return c.json({ message: BUYER_STALE, current: await fiche() } satisfies BuyerStaleBody, 409);
    return c.json((await fiche()) satisfies BuyerFiche);
  });

  /**
   * A stage move (issue 29): confirmed on the screen, sent with an Idempotency-Key (the outbox
   * replays a move made offline: it is made once), on the version it was made on. A stale one
   * (someone moved the project meanwhile) is refused (409) and says where the project is now.
   */
  app.post(
    '/staff/projects/:projectId/stage',
    ...staff,
    keyedChange({
      db,
      // Keys are the mover's, per project: nobody else's key can replay or block this move.
      scope: (c) =>
        `staff-stage:${(c as Context<StaffEnv>).get('user')._id}:${c.req.param('projectId')}`,
      schema: stageMoveSchema,
      prepare: async (c, data, replay) => {
        const ctx = c as Context<StaffEnv>;
        const id = Number(c.req.param('projectId'));
        const project = Number.isSafeInteger(id) ? await projectForStage(db, id) : undefined;
        if (!project || !inScope(ctx.get('scope'), project.id_chasseur))
          return apiError(c, 404, NOT_FOUND_PROJECT);
        const move = { project, actorId: actorOf(ctx).id, scope: ctx.get('scope') };
        if (replay) return { value: move };
        if (project.version !== data.version)
          return c.json(await staleMove(db, project.id, data.to), 409);
        const from = project.stage;
        // No search work before a signed mandate (issue 30): « Mandat signé » and later need one.
        const mandateSigned = await hasSignedMandate(db, project.id);
        const refusal = isProjectStage(from)
          ? stageMoveRefusal(from, data.to, data.note, { mandateSigned })
          : 'L’étape actuelle de ce projet est inconnue.';
        if (refusal) return apiError(c, 400, refusal);
        return { value: move };
      },
      work: async (trx, data, { project, actorId, scope }) => {
        const at = new Date(now()).toISOString();
        if (!(await moveStage(trx, deps, actorId, project, data, at)))
          return { status: 409, body: await staleMove(trx, project.id, data.to) };
        return { status: 200, body: await buyerFiche(trx, scope, project.user_id) };
      },
    }),
  );

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
        const assignedTo = await assigneeOf(db, data.recordType, data.recordId);
        if (assignedTo === undefined || !inScope(scope, assignedTo))
          return apiError(c, 404, 'Ce dossier n’existe pas ou ne vous est pas attribué.');
        return { value: actorOf(ctx).id };
      },
      work: async (trx, data, authorId) => ({
        status: 201,
        body: await insertNote(trx, authorId, data, new Date(now()).toISOString()),
      }),
    }),
  );

  return app as unknown as Hono<AuthEnv>;
}
