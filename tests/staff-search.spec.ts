import { randomUUID } from 'node:crypto';
import { validRegistration } from '../src/domain/buyer-signup.fixture';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { expect, queryDb, test } from './fixtures';

/**
 * One search for every staff list (issue 25): « elodie », « ELODIE », « Élodie Martin » and
 * « martin élodie » find the same person, whatever the case, the accents and the order of the
 * words, under Acquéreurs and Utilisateurs (a buyer who signed up) and Propriétaires (an owner
 * who sent the questionnaire).
 */

const queries = ['elodie', 'ELODIE', 'Élodie Martin', 'martin élodie'];

test.describe('staff search (issue 25)', () => {
  test.use({ signedInAs: 'admin' });

  test('« elodie », « ELODIE », « Élodie Martin » and « martin élodie » find Élodie Martin in every list', async ({
    page,
    request,
  }) => {
    const key = randomUUID().slice(0, 8);
    const buyerEmail = `elodie.martin.${key}@exemple.fr`;
    const ownerEmail = `elodie.proprietaire.${key}@exemple.fr`;
    const signup = await request.post('/api/register', {
      data: { ...validRegistration, firstname: 'Élodie', lastname: 'Martin', email: buyerEmail },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(signup.status()).toBe(201);
    const lead = await request.post('/api/public/biens', {
      data: {
        ...validOwnerSubmission,
        contact: {
          ...validOwnerSubmission.contact,
          firstname: 'Élodie',
          lastname: 'Martin',
          email: ownerEmail,
        },
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(lead.status()).toBe(201);
    const [buyer] = queryDb<{ id: string }>('select id from app_user where email = ?', buyerEmail);
    const [owner] = queryDb<{ id: number }>(
      'select id from owner_contact where email = ?',
      ownerEmail,
    );

    for (const q of queries) {
      const search = `?q=${encodeURIComponent(q)}`;
      // Names read « Prénom Nom » everywhere (issue 29).
      await page.goto(`/wh-dashboard/acquereurs${search}`);
      await expect(page.getByLabel('Rechercher un acquéreur')).toHaveValue(q);
      await expect(
        page.locator(`a[href="/wh-dashboard/acquereurs/${encodeURIComponent(buyer!.id)}"]`),
        `Acquéreurs, « ${q} »`,
      ).toHaveText('Élodie Martin');

      await page.goto(`/wh-dashboard/proprietaires${search}`);
      await expect(
        page.locator(`a[href="/wh-dashboard/proprietaires/${owner!.id}"]`),
        `Propriétaires, « ${q} »`,
      ).toHaveText('Élodie Martin');

      await page.goto(`/wh-dashboard/utilisateurs${search}`);
      await expect(
        page.getByRole('row').filter({ hasText: buyerEmail }),
        `Utilisateurs, « ${q} »`,
      ).toContainText('Élodie Martin');
    }
  });
});
