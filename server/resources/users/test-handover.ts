import { Role } from '../../../src/domain/roles';
import { addBuyer, addLead } from '../../staff/test-records';
import type { staffApps } from '../../staff/test-staff';
import { UsersRepo } from './users.repo';

/** What the handover and assignment-mail tests share (issue 29): hunters, their work, archiving. */
export type App = Awaited<ReturnType<ReturnType<typeof staffApps>>>;

/** An active hunter, as if they had chosen their password. */
export async function addHunter(t: App, firstname: string, lastname: string, options = {}) {
  const row = await new UsersRepo(t.db).create({
    email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@exemple.fr`,
    passwordHash: 'x',
    firstname,
    lastname,
    roles: [Role.CHASSEUR],
    isActive: true,
    ...options,
  });
  return row.id;
}

/** The demo hunter (Charles Chasseur, 3 demo clients) with 2 more buyers and 2 owner leads. */
export async function hunterWithWork(openApp: () => Promise<App>) {
  const t = await openApp();
  const hunter = t.ids.chasseur;
  const buyers = [
    (await addBuyer(t.db, 'Elodie', hunter, { lastname: 'Martin' })).userId,
    (await addBuyer(t.db, 'Paul', hunter, { lastname: 'Durand' })).userId,
  ];
  const leads = [await addLead(t.db, 'Lefebvre', hunter), await addLead(t.db, 'Moreau', hunter)];
  const other = await addBuyer(t.db, 'Zoe', null, { lastname: 'Autre' });
  return { t, hunter, buyers, leads, other };
}

export const archive = async (t: App, id: string, body: Record<string, unknown> = {}) =>
  t.call('admin', 'PUT', `/api/users/${id}`, {
    isArchived: true,
    version: await t.versionOf(id),
    ...body,
  });

/** Who works what: buyers' accounts by hunter, owner leads by hunter. */
export async function assignees(t: App) {
  const buyers = await t.db
    .selectFrom('app_user')
    .select(['id', 'id_chasseur', 'version'])
    .where('id_chasseur', 'is not', null)
    .execute();
  const leads = await t.db.selectFrom('owner_contact').select(['id', 'assigned_to']).execute();
  return { buyers, leads };
}
