import { validRegistration } from '../../src/domain/buyer-signup.fixture';
import type { BuyerProject } from '../../src/domain/buyer-signup.schema';
import { validOwnerSubmission } from '../../src/domain/owner-questionnaire.fixture';
import type { OwnerSubmission } from '../../src/domain/owner-questionnaire.schema';
import type { ProjectStage } from '../../src/domain/project';
import { Role } from '../../src/domain/roles';
import type { Db } from '../db/database';
import { insertBuyerProject, projectSearchColumns } from '../resources/buyers/buyer-projects.repo';
import { insertOwnerLead } from '../resources/leads/owner-leads.repo';
import { UsersRepo } from '../resources/users/users.repo';

/** Records the staff tests work on, written by the repositories the app uses. */

/**
 * A client with one project, assigned to `hunterId` (or nobody), created `hoursAgo`. The first
 * name is also the e-mail's local part.
 */
export async function addBuyer(
  db: Db,
  name: string,
  hunterId: string | null,
  options: {
    lastname?: string;
    stage?: ProjectStage;
    department?: BuyerProject['department'];
    hoursAgo?: number;
    city?: string;
  } = {},
): Promise<{ userId: string; projectId: number }> {
  const user = await db.transaction().execute(async (trx) => {
    const row = await new UsersRepo(db).create(
      {
        email: `${name.toLowerCase()}@exemple.fr`,
        passwordHash: 'x',
        firstname: name,
        lastname: options.lastname ?? 'Acheteur',
        phone: '06 01 02 03 04',
        roles: [Role.CLIENT],
        isActive: true,
        idChasseur: hunterId,
      },
      trx,
    );
    await insertBuyerProject(
      trx,
      row.id,
      {
        ...validRegistration.project,
        department: options.department ?? ['94'],
        cities: [options.city ?? 'Vincennes'],
      } as BuyerProject,
      undefined,
    );
    return row;
  });
  const project = await db
    .selectFrom('buyer_project')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const created = new Date(Date.now() - (options.hoursAgo ?? 1) * 3_600_000).toISOString();
  const stage = options.stage ?? 'VALIDATION';
  await db
    .updateTable('buyer_project')
    .set({ stage, ...projectSearchColumns({ stage }), created_at: created })
    .where('id', '=', project.id)
    .execute();
  return { userId: user.id, projectId: project.id };
}

/** An owner lead from the questionnaire, assigned to `assignedTo` (or nobody); its id. */
export async function addLead(
  db: Db,
  lastname: string,
  assignedTo: string | null,
  city = 'Vincennes',
  firstname?: string,
): Promise<number> {
  const { contact, bien } = validOwnerSubmission;
  const saved = await db
    .transaction()
    .execute((trx) =>
      insertOwnerLead(
        trx,
        { ...contact, lastname, ...(firstname ? { firstname } : {}) } as OwnerSubmission['contact'],
        bien as OwnerSubmission['bien'],
        city,
        new Date().toISOString(),
      ),
    );
  // The lead of the property just saved, given to `assignedTo`.
  const lead = await db
    .updateTable('owner_contact')
    .set({ assigned_to: assignedTo })
    .where('id', '=', (eb) =>
      eb.selectFrom('owner_property').select('contact_id').where('id', '=', saved.id),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return lead.id;
}
