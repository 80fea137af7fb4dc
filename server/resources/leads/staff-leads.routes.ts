import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { leadStatuses, leadStatusRefusal, type LeadStatus } from '../../../src/domain/staff';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import { audit } from '../../staff/audit';
import type { StaffRouteDeps } from '../../staff/deps';
import { leadFiche, listLeads } from './leads.repo';
import { CSV_MAX_ROWS, toCsv } from '../../staff/csv';
import { hunterRefusal } from '../../staff/hunters';
import { listFilterSchema, pagingSchema, queryOf } from '../../staff/paging';
import {
  actorOf,
  inScope,
  requireStaff,
  requireSupervisor,
  type StaffEnv,
} from '../../staff/policy';

const NOT_FOUND = 'Ce contact n’existe pas ou ne vous est pas attribué.';
const STALE =
  'Ce contact vient d’être modifié par quelqu’un d’autre. Il a été rechargé\u00a0: vérifiez-le puis refaites votre changement.';

const statusValues = leadStatuses.map((s) => s.value) as [LeadStatus, ...LeadStatus[]];

const querySchema = z.object({
  ...listFilterSchema,
  status: z.enum(statusValues, { error: 'Ce statut n’existe pas.' }).optional(),
  sort: z
    .enum(['created', '-created', 'name'], { error: 'Ce tri n’existe pas.' })
    .default('-created'),
  ...pagingSchema,
});

const version = z.number({ error: 'La version du contact manque.' }).int().min(1);
const assignSchema = z.object({ hunterId: z.string().trim().min(1).max(64).nullable(), version });
const statusSchema = z.object({
  to: z.enum(statusValues, { error: 'Ce statut n’existe pas.' }),
  version,
});

const leadIdOf = (c: Context) => {
  const id = c.req.param('id') ?? '';
  return /^\d{1,12}$/.test(id) ? Number(id) : undefined;
};

/** The owner leads half of the staff area (issue 15, docs/staff-area.md). Mounted on /api. */
export function staffLeadsRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<StaffEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;

  app.get('/staff/leads', ...staff, async (c) => {
    const parsed = querySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { page, pageSize, ...filters } = parsed.data;
    return c.json(await listLeads(db, c.get('scope'), filters, page, pageSize));
  });

  app.get('/staff/export/leads.csv', ...staff, async (c) => {
    const parsed = querySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { page: _page, pageSize: _size, ...filters } = parsed.data;
    const { items } = await listLeads(db, c.get('scope'), filters, 1, CSV_MAX_ROWS);
    const csv = toCsv(
      [
        'Nom',
        'Prénom',
        'E-mail',
        'Téléphone',
        'Ville',
        'Département',
        'Bien',
        'Surface',
        'Prix (€)',
        'Statut',
        'Chasseur',
        'Reçu le',
      ],
      items.map((r) => [
        r.lastname,
        r.firstname,
        r.email,
        r.phone,
        r.city,
        r.department,
        r.typeBien,
        r.surface,
        r.price ?? 'estimation gratuite',
        r.statusLabel,
        r.hunterName ?? 'Non attribué',
        String(r.createdAt).slice(0, 10),
      ]),
    );
    c.header('Content-Disposition', 'attachment; filename="proprietaires.csv"');
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  });

  app.get('/staff/leads/:id', ...staff, async (c) => {
    const id = leadIdOf(c);
    const fiche = id === undefined ? undefined : await leadFiche(db, c.get('scope'), id);
    return fiche ? c.json(fiche) : apiError(c, 404, NOT_FOUND);
  });

  /**
   * A change to a lead: found in scope, on the version it was made on (409 with the fresh lead
   * otherwise), applied conditionally on that version with its audit entry.
   */
  async function change(
    c: Context<StaffEnv>,
    expected: number,
    check: (lead: { lead_status: string; assigned_to: string | null }) => Promise<string | null>,
    set: (
      lead: { lead_status: string; contacted_at: string | null },
      at: string,
    ) => Record<string, unknown>,
    action: string,
  ) {
    const id = leadIdOf(c);
    const lead =
      id === undefined
        ? undefined
        : await db.selectFrom('owner_contact').selectAll().where('id', '=', id).executeTakeFirst();
    if (!lead || id === undefined || !inScope(c.get('scope'), lead.assigned_to))
      return apiError(c, 404, NOT_FOUND);
    if (lead.version !== expected)
      return apiError(c, 409, STALE, undefined, {
        current: await leadFiche(db, c.get('scope'), id),
      });
    const refusal = await check(lead);
    if (refusal) return apiError(c, 400, refusal);
    const at = new Date(now()).toISOString();
    const changes = set(lead, at);
    const done = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('owner_contact')
        .set({ ...changes, version: lead.version + 1 })
        .where('id', '=', id)
        .where('version', '=', expected)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      const before = Object.fromEntries(
        Object.keys(changes).map((k) => [k, (lead as Record<string, unknown>)[k]]),
      );
      await audit(
        trx,
        {
          actorId: actorOf(c).id,
          action,
          recordType: 'owner',
          recordId: id,
          before,
          after: changes,
        },
        at,
      );
      return true;
    });
    if (!done)
      return apiError(c, 409, STALE, undefined, {
        current: await leadFiche(db, c.get('scope'), id),
      });
    return c.json(await leadFiche(db, c.get('scope'), id));
  }

  app.post('/staff/leads/:id/assign', ...staff, requireSupervisor(), async (c) => {
    const parsed = assignSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { hunterId } = parsed.data;
    return change(
      c,
      parsed.data.version,
      () => hunterRefusal(db, hunterId),
      () => ({ assigned_to: hunterId }),
      'assign',
    );
  });

  app.post('/staff/leads/:id/status', ...staff, async (c) => {
    const parsed = statusSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { to } = parsed.data;
    return change(
      c,
      parsed.data.version,
      async (lead) => leadStatusRefusal(lead.lead_status as LeadStatus, to),
      (lead, at) => ({
        lead_status: to,
        // The 48-hour promise is kept by the first move out of « nouveau ».
        ...(lead.contacted_at === null && lead.lead_status === 'nouveau'
          ? { contacted_at: at }
          : {}),
      }),
      'status',
    );
  });

  return app as unknown as Hono<AuthEnv>;
}
