import { Hono, type Context } from 'hono';
import { cityName } from '../../../src/domain/arrondissements';
import {
  LEAD_STALE as STALE,
  leadAssignSchema as assignSchema,
  leadListQuerySchema as querySchema,
  leadStatusSchema as statusSchema,
  type LeadRow,
} from '../../../src/domain/api/leads';
import { leadStatusRefusal, type LeadStatus } from '../../../src/domain/staff';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import type { StaffRouteDeps } from '../../staff/deps';
import { leadFiche, listLeads } from './leads.repo';
import { changeLead, findLead, type LeadChanges, type LeadRecord } from './staff-leads.repo';
import { leadAssignmentHooks, type AssignmentHooks } from '../users/handover.repo';
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

const NOT_FOUND = 'Ce contact n’existe pas ou ne vous est pas attribué.';

/** The columns of « Exporter » (proprietaires.csv). */
const COLUMNS: CsvColumn<LeadRow>[] = [
  ['Nom', (r) => r.lastname],
  ['Prénom', (r) => r.firstname],
  ['E-mail', (r) => r.email],
  ['Téléphone', (r) => r.phone],
  ['Ville', (r) => (r.city === null ? null : cityName(r.city))],
  ['Département', (r) => r.department],
  ['Bien', (r) => r.typeBien],
  ['Surface', (r) => r.surface],
  ['Prix (€)', (r) => r.price ?? 'estimation gratuite'],
  ['Statut', (r) => r.statusLabel],
  ['Chasseur', (r) => r.hunterName ?? 'Non attribué'],
  ['Reçu le', (r) => String(r.createdAt).slice(0, 10)],
];

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
    return csvDownload(c, 'proprietaires.csv', COLUMNS, items);
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
    set: (lead: { lead_status: string; contacted_at: string | null }, at: string) => LeadChanges,
    action: string,
    hooks?: AssignmentHooks<LeadRecord>,
  ) {
    const id = leadIdOf(c);
    const lead = id === undefined ? undefined : await findLead(db, id);
    if (!lead || !inScope(c.get('scope'), lead.assigned_to)) return apiError(c, 404, NOT_FOUND);
    const stale = async () =>
      c.json({ message: STALE, current: await leadFiche(db, c.get('scope'), lead.id) }, 409);
    if (lead.version !== expected) return stale();
    const refusal = await check(lead);
    if (refusal) return apiError(c, 400, refusal);
    const at = new Date(now()).toISOString();
    if (!(await changeLead(db, actorOf(c).id, lead, expected, set(lead, at), action, at, hooks)))
      return stale();
    return c.json(await leadFiche(db, c.get('scope'), lead.id));
  }

  app.post('/staff/leads/:id/assign', ...staff, requireSupervisor(), async (c) => {
    const parsed = assignSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { hunterId } = parsed.data;
    // Sent by the outbox (issue 29: made offline, with its Idempotency-Key) and already given
    // to that hunter (a replay after it arrived): done, nothing written again.
    const id = leadIdOf(c);
    const lead = id === undefined ? undefined : await findLead(db, id);
    if (c.req.header('Idempotency-Key') && lead && lead.assigned_to === hunterId)
      return c.json(await leadFiche(db, c.get('scope'), lead.id));
    return change(
      c,
      parsed.data.version,
      () => hunterRefusal(db, hunterId),
      () => ({ assigned_to: hunterId }),
      'assign',
      // The hunter who receives it is e-mailed, once (issue 29).
      leadAssignmentHooks(deps, actorOf(c).id, hunterId),
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
