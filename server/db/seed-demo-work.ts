import type { BuyerProject } from '../../src/domain/buyer-signup.schema';
import type { OwnerSubmission } from '../../src/domain/owner-questionnaire.schema';
import { projectStages } from '../../src/domain/project';
import { Role } from '../../src/domain/roles';
import { leadStatuses } from '../../src/domain/staff';
import { hashPassword } from '../auth/password-hash';
import { UsersRepo } from '../resources/users/users.repo';
import { insertBuyerProject, projectSearchColumns } from '../resources/buyers/buyer-projects.repo';
import type { Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';
import { insertOwnerLead } from '../resources/leads/owner-leads.repo';
import { DEMO_PASSWORD } from './seed';
import { seedDemoConversation } from '../resources/messages/messages.repo';
import { recordPriorSignedMandate } from '../resources/mandates/mandates.repo';
import { fullName } from '../../src/domain/person-name';

/**
 * Demo work for the staff area (issue 15), outside production only, right after the demo
 * accounts: two more hunters, 32 buyers with a project across the nine stages and the hunters
 * (some unassigned), their stage moves, and 24 owner leads across the statuses, dated over the
 * last six weeks with some inside the 48-hour promise and some late. Deterministic.
 */
const firstnames = [
  'Léa',
  'Hugo',
  'Chloé',
  'Louis',
  'Manon',
  'Gabriel',
  'Inès',
  'Arthur',
  'Jade',
  'Raphaël',
  'Camille',
  'Nathan',
  'Zoé',
  'Jules',
  'Louise',
  'Adam',
];
const lastnames = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
];
const places = [
  ['75', 'Paris'],
  ['92', 'Boulogne-Billancourt'],
  ['94', 'Vincennes'],
  ['93', 'Montreuil'],
  ['92', 'Levallois-Perret'],
  ['94', 'Saint-Maur-des-Fossés'],
  ['91', 'Massy'],
  ['75', 'Paris'],
] as const;

const HOUR = 3_600_000;

type PriorMandate = Parameters<typeof recordPriorSignedMandate>[1];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/**
 * A buyer's project as the wizard would have stored it, then moved stage by stage up to
 * `stageIndex` by `hunterId`, 60 hours apart, dated from `createdAt`. Past « En cours de
 * validation », its mandat de recherche was signed when it reached « Mandat signé » (issue 30):
 * noted in `signedMandates`, entered in the demo register once every project is seeded, in the
 * order of their dates (a signed mandate without a stored copy, rendered when asked).
 */
async function seedProject(
  trx: Transaction<Database>,
  userId: string,
  project: BuyerProject,
  createdAt: string,
  stageIndex: number,
  hunterId: string | null,
  now: number,
  signedMandates: PriorMandate[],
  hunterName?: string,
): Promise<void> {
  await insertBuyerProject(trx, userId, project, undefined);
  const saved = await trx
    .selectFrom('buyer_project')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  let at = new Date(createdAt).getTime();
  for (let s = 1; s <= stageIndex; s++) {
    at += 60 * HOUR;
    if (s === 1)
      signedMandates.push({
        buyerId: userId,
        projectId: saved.id,
        signedAt: new Date(Math.min(at, now - HOUR)).toISOString(),
        hunterName: hunterName ?? 'Chassimmo',
      });
    await trx
      .insertInto('project_stage_move')
      .values({
        project_id: saved.id,
        from_stage: pick(projectStages, s - 1).value,
        to_stage: pick(projectStages, s).value,
        by_user_id: hunterId,
        note: s === 1 ? 'Mandat de recherche signé.' : '',
        at: new Date(Math.min(at, now - HOUR)).toISOString(),
      })
      .execute();
  }
  await trx
    .updateTable('buyer_project')
    .set({
      stage: pick(projectStages, stageIndex).value,
      ...projectSearchColumns({ stage: pick(projectStages, stageIndex).value }),
      created_at: createdAt,
      version: 1 + stageIndex,
    })
    .where('id', '=', saved.id)
    .execute();
}

export async function seedDemoWork(db: Db, now = Date.now()): Promise<boolean> {
  const users = new UsersRepo(db);
  if (await users.findByEmail('chasseuse2@demo.chassimmo.fr')) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const demoHunter = await users.findByEmail('chasseur@demo.chassimmo.fr');
  const claire = await users.findByEmail('client@demo.chassimmo.fr');
  await db.transaction().execute(async (trx) => {
    const hunters: (string | null)[] = [demoHunter?.id ?? null];
    const hunterNames = new Map<string | null, string>();
    if (demoHunter) hunterNames.set(demoHunter.id, fullName(demoHunter));
    for (const [email, firstname, lastname] of [
      ['chasseuse2@demo.chassimmo.fr', 'Sophie', 'Chasseuse'],
      ['chasseur3@demo.chassimmo.fr', 'Karim', 'Chasseur'],
    ] as const) {
      const row = await users.create(
        {
          email,
          passwordHash,
          firstname,
          lastname,
          phone: '06 98 76 54 32',
          roles: [Role.CHASSEUR],
          isActive: true,
        },
        trx,
      );
      hunters.push(row.id);
      hunterNames.set(row.id, fullName(row));
    }
    hunters.push(null); // some buyers wait for a hunter

    const signedMandates: PriorMandate[] = [];
    for (let i = 0; i < 32; i++) {
      const [department, city] = pick(places, i);
      const hunterId = pick(hunters, i);
      // The first four are new (hours old); the others spread over six weeks.
      const createdAt = new Date(
        now - (i < 4 ? (6 + i * 14) * HOUR : (i * 31 + 50) * HOUR),
      ).toISOString();
      const stageIndex = i < 4 || hunterId === null ? 0 : i % projectStages.length;
      const firstname = pick(firstnames, i);
      // + i / 16: the 17th person on is not the 1st's namesake.
      const lastname = pick(lastnames, i * 7 + 3 + Math.floor(i / firstnames.length));
      const client = await users.create(
        {
          email: `acheteur${i + 1}@demo.chassimmo.fr`,
          passwordHash,
          firstname,
          lastname,
          phone: `06 ${String(10 + i)} 20 30 ${String(40 + (i % 50)).padStart(2, '0')}`,
          roles: [Role.CLIENT],
          isActive: true,
          idChasseur: hunterId,
        },
        trx,
      );
      const project: BuyerProject = {
        personCount: 1 + (i % 4),
        searchGoal: i % 5 === 0 ? 'Investissement locatif' : 'Résidence principale',
        department: [department] as BuyerProject['department'],
        cities: [city],
        typeBien: [1 + (i % 2)],
        typeAchat: [1],
        surface: 2 + (i % 4),
        roomCount: 2 + (i % 3),
        bedroomCount: 1 + (i % 3),
        visitCount: i % 4,
        description: i % 3 === 0 ? 'Proche des transports, un extérieur serait un plus.' : '',
        budget: 280_000 + (i % 12) * 45_000,
        apport: 1 + (i % 4),
        withBank: i % 2 === 0,
      } as BuyerProject;
      await seedProject(
        trx,
        client.id,
        project,
        createdAt,
        stageIndex,
        hunterId,
        now,
        signedMandates,
        hunterNames.get(hunterId),
      );
    }

    // The demo client (Claire, spec: client@demo) follows a search the demo hunter moved to
    // « Recherche », with a message meant for her: her area shows a real project.
    if (claire) {
      const claireProject = {
        personCount: 2,
        searchGoal: 'Résidence principale',
        department: ['75', '92'],
        cities: ['Paris', 'Boulogne-Billancourt'],
        typeBien: [1],
        typeAchat: [1],
        surface: 3,
        roomCount: 3,
        bedroomCount: 2,
        visitCount: 1,
        description: 'Une troisième pièce pour le télétravail, près d’une ligne de métro.',
        budget: 650_000,
        apport: 3,
        withBank: true,
      } as BuyerProject;
      const createdAt = new Date(now - 200 * HOUR).toISOString();
      await seedProject(
        trx,
        claire.id,
        claireProject,
        createdAt,
        2,
        demoHunter?.id ?? null,
        now,
        signedMandates,
        hunterNames.get(demoHunter?.id ?? null),
      );
      await trx
        .insertInto('staff_note')
        .values({
          record_type: 'buyer',
          record_id: claire.id,
          author_id: demoHunter?.id ?? null,
          text: 'Bonjour Claire, trois biens correspondent à votre recherche à Boulogne. Je vous propose des visites jeudi en fin de journée.',
          visible_to_client: 1,
          created_at: new Date(now - 20 * HOUR).toISOString(),
        })
        .execute();
      // Issue 29: the hunter's first message in her conversation, waiting for her answer.
      const asked = new Date(now - 19 * HOUR).toISOString();
      await seedDemoConversation(trx, claire.id, demoHunter?.id ?? null, asked);
    }
    // The register numbers follow the dates of signature, as in a register kept day by day.
    signedMandates.sort((a, b) => a.signedAt.localeCompare(b.signedAt));
    for (const mandate of signedMandates) await recordPriorSignedMandate(trx, mandate);

    for (let i = 0; i < 24; i++) {
      const [department, city] = pick(places, i + 3);
      const createdAt = new Date(
        now - (i < 5 ? (3 + i * 12) * HOUR : (i * 40 + 30) * HOUR),
      ).toISOString();
      const status = i < 5 ? 'nouveau' : pick(leadStatuses, i).value;
      const contact = {
        lastname: pick(lastnames, i * 5 + 1 + Math.floor(i / firstnames.length)),
        firstname: pick(firstnames, i * 3 + 2),
        email: `proprietaire${i + 1}@demo.chassimmo.fr`,
        phone: `07 ${String(11 + i)} 22 33 44`,
        bienCount: 1,
      } as OwnerSubmission['contact'];
      const bien = {
        propertyType: i % 4 === 0 ? 'Investissement locatif' : 'Résidence principale',
        department,
        city,
        typeBien: 1 + (i % 2),
        status: i % 3 === 0 ? 'Neuf' : 'Ancien',
        surface: 1 + (i % 5),
        roomCount: 1 + (i % 4),
        bedroomCount: 1 + (i % 3),
        visitCount: i % 3,
        price: i % 3 === 0 ? null : 350_000 + i * 15_000,
        withThreeLastAssembly: i % 2 === 0,
        withFourLastChargesStatements: i % 3 === 0,
        withLastPropertyTax: true,
        withMaintenanceBuilding: i % 4 === 0,
        withPreStatement: false,
        withDiagnostics: i % 2 === 1,
        description: 'Lumineux, proche des commerces.',
        disponible: true,
      } as OwnerSubmission['bien'];
      const saved = await insertOwnerLead(trx, contact, bien, city, createdAt);
      const property = await trx
        .selectFrom('owner_property')
        .select('contact_id')
        .where('id', '=', saved.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('owner_contact')
        .set({
          lead_status: status,
          assigned_to: i % 4 === 3 ? null : pick(hunters, i),
          contacted_at:
            status === 'nouveau'
              ? null
              : new Date(new Date(createdAt).getTime() + (i % 2 ? 20 : 70) * HOUR).toISOString(),
        })
        .where('id', '=', property.contact_id)
        .execute();
    }
  });
  return true;
}
