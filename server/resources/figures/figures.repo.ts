import { sql } from 'kysely';
import { projectStages } from '../../../src/domain/project';
import { Role } from '../../../src/domain/roles';
import type { StaffFigures } from '../../../src/domain/staff-admin-views';
import { CALLBACK_HOURS } from '../../../src/domain/staff';
import type { Db } from '../../db/database';
import { isoPlusHours } from '../../db/dialect';
import type { Scope } from '../../staff/policy';
import { withRole } from '../users/users.repo';

/** Weeks of leads shown, and the window of the 48-hour share. */
const WEEKS = 12;
const SHARE_DAYS = 90;

/** Monday 00:00 UTC of the week of `at`. */
function weekStart(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/** « Chiffres » (issue 15): plain figures in `scope`, as of `at`. */
export async function staffFigures(db: Db, scope: Scope, at: Date): Promise<StaffFigures> {
  const hunter = scope.kind === 'hunter' ? scope.hunterId : undefined;

  let stages = db
    .selectFrom('buyer_project')
    .select(['stage', (eb) => eb.fn.countAll<number>().as('n')])
    .where('client_archived', '=', 0)
    .groupBy('stage');
  if (hunter) stages = stages.where('hunter_id', '=', hunter);
  const stageCounts = new Map((await stages.execute()).map((r) => [r.stage, Number(r.n)]));

  const since = weekStart(new Date(at.getTime() - (WEEKS - 1) * 7 * 86_400_000));
  let weekly = db
    .selectFrom('owner_contact')
    .select(['created_at'])
    .where('created_at', '>=', since.toISOString());
  if (hunter) weekly = weekly.where('assigned_to', '=', hunter);
  const weeks = Array.from({ length: WEEKS }, (_, i) => {
    const start = new Date(since.getTime() + i * 7 * 86_400_000);
    return { weekStart: start.toISOString().slice(0, 10), leads: 0 };
  });
  for (const row of await weekly.execute()) {
    const index = Math.floor(
      (weekStart(new Date(row.created_at)).getTime() - since.getTime()) / (7 * 86_400_000),
    );
    const week = weeks[index];
    if (week) week.leads += 1;
  }

  // Leads of the last 90 days whose first contact came within 48 hours (open leads past
  // their deadline count as late; those still within it are left out).
  const shareSince = new Date(at.getTime() - SHARE_DAYS * 86_400_000).toISOString();
  const deadline = isoPlusHours(db, 'created_at', CALLBACK_HOURS);
  let share = db
    .selectFrom('owner_contact')
    .select([
      'assigned_to',
      (eb) => eb.fn.countAll<number>().as('due'),
      sql<number>`sum(case when contacted_at is not null and contacted_at <= ${deadline} then 1 else 0 end)`.as(
        'onTime',
      ),
    ])
    .where('created_at', '>=', shareSince)
    .where(sql<boolean>`(contacted_at is not null or ${deadline} < ${at.toISOString()})`)
    .groupBy('assigned_to');
  if (hunter) share = share.where('assigned_to', '=', hunter);
  const shareRows = await share.execute();
  const due = shareRows.reduce((sum, r) => sum + Number(r.due), 0);
  const onTime = shareRows.reduce((sum, r) => sum + Number(r.onTime ?? 0), 0);

  let hunters = db
    .selectFrom('app_user as h')
    .select(['h.id', 'h.firstname', 'h.lastname'])
    .where(withRole(Role.CHASSEUR, 'h.roles'))
    .where('h.is_archived', '=', 0)
    .orderBy('h.lastname')
    .limit(200);
  if (hunter) hunters = hunters.where('h.id', '=', hunter);
  const hunterRows = await hunters.execute();
  let perHunterProjects = db
    .selectFrom('buyer_project')
    .select(['hunter_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('client_archived', '=', 0)
    .where('stage', '!=', 'COMPLETED')
    .groupBy('hunter_id');
  if (hunter) perHunterProjects = perHunterProjects.where('hunter_id', '=', hunter);
  const projectsBy = new Map(
    (await perHunterProjects.execute()).map((r) => [r.hunter_id, Number(r.n)]),
  );
  const shareBy = new Map(shareRows.map((r) => [r.assigned_to, r]));

  return {
    scope: scope.kind === 'all' ? 'agence' : 'personnel',
    projectsByStage: projectStages.map((s) => ({
      stage: s.value,
      label: s.label,
      count: stageCounts.get(s.value) ?? 0,
    })),
    leadsPerWeek: weeks,
    contactedWithin48h: { due, onTime, share: due === 0 ? null : onTime / due },
    perHunter: hunterRows.map((h) => {
      const s = shareBy.get(h.id);
      const hunterDue = Number(s?.due ?? 0);
      return {
        hunterId: h.id,
        name: `${h.firstname} ${h.lastname}`,
        openProjects: projectsBy.get(h.id) ?? 0,
        leadsDue: hunterDue,
        share: hunterDue === 0 ? null : Number(s?.onTime ?? 0) / hunterDue,
      };
    }),
  };
}
