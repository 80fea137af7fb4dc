import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import type { BuyerProject } from '../../../src/domain/buyer-signup.schema';
import type { Db } from '../../db/database';
import { openTestDatabase } from '../../db/test-database';
import { addBuyer, addLead } from '../../staff/test-records';
import { updateProjectCriteria } from '../buyers/buyer-projects.repo';
import { leadsMatchingProject, matchLeadOf, projectsMatchingLead } from './matches.repo';

let db: Db;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await db.destroy();
});

/** The criteria of a buyer's project changed as the client would (its department rows too). */
async function setCriteria(projectId: number, change: Partial<BuyerProject>) {
  await db
    .transaction()
    .execute((trx) =>
      updateProjectCriteria(
        trx,
        projectId,
        1,
        { ...validRegistration.project, ...change } as BuyerProject,
        new Date().toISOString(),
      ),
    );
}

async function leadProperty(leadId: number) {
  const row = await db
    .selectFrom('owner_property')
    .selectAll()
    .where('contact_id', '=', leadId)
    .executeTakeFirstOrThrow();
  return matchLeadOf(row);
}

describe('matches.repo', () => {
  it('finds the buyers a new lead fits, best first, with their reasons', async () => {
    // The lead: a 3-room flat in Vincennes (94) at 520 000 €.
    const lead = await leadProperty(await addLead(db, 'Martin', null, 'Vincennes'));
    const exact = await addBuyer(db, 'Alice', null, { department: ['94'], city: 'Vincennes' });
    await setCriteria(exact.projectId, {
      department: ['94'],
      cities: ['Vincennes'],
      roomCount: 3,
      surface: 3,
      budget: 520_000,
    });
    const sameDepartment = await addBuyer(db, 'Bruno', null, {
      department: ['94'],
      city: 'Saint-Mandé',
    });
    await setCriteria(sameDepartment.projectId, {
      department: ['94'],
      cities: ['Saint-Mandé'],
      budget: 500_000,
    });
    const elsewhere = await addBuyer(db, 'Chloé', null, { department: ['92'], city: 'Sèvres' });
    await setCriteria(elsewhere.projectId, { department: ['92'], cities: ['Sèvres'] });
    const tooRich = await addBuyer(db, 'David', null);
    await setCriteria(tooRich.projectId, { department: ['94'], budget: 900_000 });

    const matches = await projectsMatchingLead(db, lead);
    expect(matches.map((m) => m.projectId)).toEqual([exact.projectId, sameDepartment.projectId]);
    expect(matches[0]?.reasons.map((r) => r.text)).toEqual([
      'à Vincennes, ville recherchée',
      'Appartement recherché',
      'budget 520\u202f000\u00a0€ pour 520\u202f000\u00a0€ demandés\u00a0: 0\u00a0%',
      '3 pièces, comme recherché',
      '50 à 70\u00a0m², comme recherché',
    ]);
    expect(matches[1]?.reasons[2]?.text).toBe(
      'budget 500\u202f000\u00a0€ pour 520\u202f000\u00a0€ demandés\u00a0: \u22124\u00a0%',
    );
  });

  it('keeps a hunter to their own buyers', async () => {
    const lead = await leadProperty(await addLead(db, 'Martin', null, 'Vincennes'));
    await addBuyer(db, 'Alice', null);
    const found = await projectsMatchingLead(db, lead, { kind: 'hunter', hunterId: 'nobody' });
    expect(found).toEqual([]);
    expect(await projectsMatchingLead(db, lead)).toHaveLength(1);
  });

  it('finds the leads a buyer’s project fits, best first, and none for an unknown project', async () => {
    const { projectId } = await addBuyer(db, 'Alice', null);
    await setCriteria(projectId, { department: ['94'], cities: ['Vincennes'], roomCount: 3 });
    const vincennes = await addLead(db, 'Martin', null, 'Vincennes');
    const nogent = await addLead(db, 'Durand', null, 'Nogent-sur-Marne');
    const matches = await leadsMatchingProject(db, projectId);
    expect(matches?.map((m) => m.leadId)).toEqual([vincennes, nogent]);
    expect(await leadsMatchingProject(db, 999_999)).toBeUndefined();
  });
});
