import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { validRegistration } from '../src/domain/buyer-signup.fixture';
import { appStarted, expect, queryDb, signedInContext, test } from './fixtures';
import { demo, PASSWORD } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Versions (issue 25): two staff people on the same record; the first saves, the second, still
 * on the version they read, saves too: refused (409), their screen says so in French and shows
 * the record as it is now.
 */

const unique = () => randomUUID().slice(0, 8);

/** Letters only, for a name the forms accept. */
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/login', {
    data: { username: demo('admin'), password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

test.describe('stale versions (issue 25)', () => {
  test.setTimeout(timeouts.scenario);

  test.describe(() => {
    test.use({ signedInAs: 'admin' });

    test('a user edit made on a stale version is refused, said, and the account reloaded', async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      // An account of this test's own, created by the admin through the API.
      const email = `version-${unique()}@exemple.fr`;
      const lastname = `Version${letters()}`;
      const created = await request.post('/api/admin/users', {
        headers: { Authorization: `Bearer ${await adminToken(request)}` },
        data: { firstname: 'Avant', lastname, email, roles: [1] },
      });
      expect(created.status()).toBe(201);

      // Two admins' browsers open the same account.
      const other = await signedInContext(browser, request, baseURL!, 'admin');
      const second = await other.newPage();
      for (const screen of [page, second]) {
        await screen.goto(`/wh-dashboard/utilisateurs?q=${encodeURIComponent(email)}`);
        await appStarted(screen);
        await screen.getByRole('button', { name: `Avant ${lastname}` }).click();
        await expect(screen.getByRole('region', { name: `Avant ${lastname}` })).toBeVisible();
      }

      // The first saves a new first name.
      const first = page.getByRole('region', { name: `Avant ${lastname}` });
      await first.getByLabel('Prénom').fill('Premier');
      await first.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      const saved = page.getByRole('region', { name: `Premier ${lastname}` });
      await expect(saved).toBeVisible();
      await expect(saved.getByLabel('Prénom')).toHaveValue('Premier');

      // The second, still on the version they read, saves another: refused and reloaded.
      const late = second.getByRole('region', { name: `Avant ${lastname}` });
      await late.getByLabel('Prénom').fill('Second');
      await late.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      const reloaded = second.getByRole('region', { name: `Premier ${lastname}` });
      await expect(reloaded.getByTestId('user-stale')).toContainText(
        'Ce compte vient d’être modifié par quelqu’un d’autre',
      );
      await expect(reloaded.getByLabel('Prénom')).toHaveValue('Premier');
      const row = second.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText(`Premier ${lastname}`);
      expect(
        queryDb<{ firstname: string }>('select firstname from app_user where email = ?', email),
      ).toEqual([{ firstname: 'Premier' }]);

      // Now on the current version, the second's change goes through.
      await reloaded.getByLabel('Prénom').fill('Second');
      await reloaded.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await expect(second.getByRole('region', { name: `Second ${lastname}` })).toBeVisible();
      await other.close();
    });
  });

  test.describe(() => {
    test.use({ signedInAs: 'manager' });

    test('a buyer assignment made on a stale version is refused, said, and the fiche reloaded', async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      // A buyer of this test's own, signed up through the public API.
      const email = `assignation-${unique()}@exemple.fr`;
      const signup = await request.post('/api/register', {
        data: { ...validRegistration, lastname: `Assign${letters()}`, email },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(signup.status()).toBe(201);
      const [buyer] = queryDb<{ id: string }>('select id from app_user where email = ?', email);
      const fiche = `/wh-dashboard/acquereurs/${encodeURIComponent(buyer!.id)}`;

      // The manager and the admin open the same fiche (not the demo directeur: its password
      // belongs to tests/auth.spec.ts's reset test).
      const other = await signedInContext(browser, request, baseURL!, 'admin');
      const admin = await other.newPage();
      for (const screen of [page, admin]) {
        await screen.goto(fiche);
        await appStarted(screen);
        await expect(screen.getByRole('region', { name: 'Chasseur', exact: true })).toContainText(
          'Non attribué',
        );
      }

      // The manager gives the buyer to the first hunter of the list.
      const mine = page.getByRole('region', { name: 'Chasseur', exact: true });
      const choice = mine.getByLabel('Chasseur attribué');
      await expect(choice.locator('option')).not.toHaveCount(1);
      const hunter = (await choice.locator('option').nth(1).textContent())!;
      await choice.selectOption({ label: hunter });
      await mine.getByRole('button', { name: 'Attribuer' }).click();
      await expect(mine.locator('p').first()).toContainText(hunter);

      // The admin, on the version read before, gives it to another (or takes it back).
      const theirs = admin.getByRole('region', { name: 'Chasseur', exact: true });
      const theirChoice = theirs.getByLabel('Chasseur attribué');
      await expect(theirChoice.locator('option')).not.toHaveCount(1);
      const options = await theirChoice.locator('option').allTextContents();
      const another = options.slice(1).find((o) => o !== hunter) ?? options[0]!;
      await theirChoice.selectOption({ label: another });
      await theirs.getByRole('button', { name: 'Attribuer' }).click();
      await expect(theirs.getByRole('alert')).toContainText(
        'Ce dossier vient d’être modifié par quelqu’un d’autre',
      );
      // Reloaded: the fiche shows the manager's hunter, and so does the select.
      await expect(theirs.locator('p').first()).toContainText(hunter);
      await expect(theirChoice.locator('option:checked')).toHaveText(hunter);
      const [row] = queryDb<{ id_chasseur: string | null }>(
        'select id_chasseur from app_user where email = ?',
        email,
      );
      expect(row?.id_chasseur).not.toBeNull();
      await other.close();
    });
  });
});
