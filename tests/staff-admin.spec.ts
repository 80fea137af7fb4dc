import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { appStarted, expect, test } from './fixtures';
import { demo, PASSWORD, signIn } from './support/sign-in';

/**
 * The admins' screens of /wh-dashboard (issue 15): « Utilisateurs » (an account's whole life:
 * created by an admin, activated through the e-mailed link, archived, refused at sign-in),
 * « Courriels » (the mail queue), and « Chiffres » for a directeur.
 *
 * Each test works on accounts it creates (unique e-mails), except the admin, whom it only reads
 * with: the demo directeur's password belongs to tests/auth.spec.ts.
 */

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest link of the outbox for this address whose path starts with `prefix`. */
async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  prefix: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
      const mails = (await response.json()) as OutboxMail[];
      link = mails.flatMap((m) => m.links).find((l) => new URL(l).pathname.startsWith(prefix));
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** A second person's browser, with the cookie choice already made (as the fixture does). */
async function otherPerson(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  await context.addInitScript(() => {
    localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() }));
  });
  return context.newPage();
}

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@exemple.fr`;

test.describe('staff admin screens (issue 15)', () => {
  // The admin is signed in from the first page (tests/fixtures.ts); the directeur's test
  // signs in its own new account through the page.
  test.use({ signedInAs: 'admin' });

  test('admin creates a client, who chooses a password by the e-mailed link; archived, they cannot sign in', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('camille');
    const password = 'Bienvenue2024';
    await page.goto('/wh-dashboard/utilisateurs');
    await expect(page.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Alice Admin');

    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const panel = page.getByRole('region', { name: 'Nouvel utilisateur' });
    const firstname = panel.getByLabel('Prénom');
    const emailField = panel.getByLabel('Adresse e-mail');
    // The server's French messages, next to their fields; nothing typed is lost.
    await firstname.fill('Camille');
    await panel.getByLabel('Nom', { exact: true }).fill('Essai');
    await emailField.fill('pas-une-adresse');
    await panel.getByRole('button', { name: 'Créer l’utilisateur' }).click();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.getByRole('alert')).toContainText('Certains champs sont invalides');
    await expect(firstname).toHaveValue('Camille');

    await emailField.fill(email);
    await expect(panel.getByRole('checkbox', { name: 'Client' })).toBeChecked();
    await panel.getByLabel('Chasseur du client').selectOption({ index: 1 });
    await panel.getByRole('button', { name: 'Créer l’utilisateur' }).click();

    const userPanel = page.getByRole('region', { name: 'Camille Essai' });
    await expect(userPanel).toContainText('En attente d’activation');
    await expect(
      userPanel.getByRole('button', { name: 'Renvoyer le lien d’activation' }),
    ).toBeVisible();

    // The person chooses a password through the e-mailed link, then signs in.
    const link = await linkFromOutbox(page.request, email, '/reinitialiser-mot-de-passe/');
    const person = await otherPerson(browser, baseURL!);
    await person.goto(link);
    await appStarted(person);
    await person.getByLabel('Nouveau mot de passe').fill(password);
    await person.getByLabel('Confirmez le mot de passe').fill(password);
    await person.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(person.getByRole('status')).toContainText('Votre mot de passe a été modifié');
    await signIn(person, email, password);
    await expect(person).toHaveURL('/dashboard');
    await person.context().close();

    // Shown as active now; the admin archives the account.
    await page.reload();
    await appStarted(page);
    await page.getByLabel('Rechercher un utilisateur').fill(email);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Actif');
    await expect(row).toContainText('Client');
    await row.getByRole('button', { name: 'Camille Essai' }).click();
    await userPanel.getByRole('button', { name: 'Archiver' }).click();
    await expect(userPanel).toContainText('Archivé');
    await expect(row).toContainText('Archivé');
    await expect(userPanel.getByRole('button', { name: 'Désarchiver' })).toBeVisible();

    // The archived person can no longer sign in, and is told why in French.
    const again = await otherPerson(browser, baseURL!);
    await signIn(again, email, password);
    await expect(again.getByRole('alert').filter({ hasText: 'archivé' })).toContainText(
      'Ce compte a été archivé',
    );
    await expect(again).toHaveURL('/signin');
    await again.context().close();
  });

  test('deleting a user with projects is refused with the server’s message', async ({ page }) => {
    await page.goto('/wh-dashboard/utilisateurs?q=chasseur%40demo');
    await page.getByRole('row').filter({ hasText: 'chasseur@demo' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toContainText('Supprimer le compte de');
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(dialog.getByRole('alert')).toContainText('archivez-le plutôt');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });

  test('« Courriels » lists the mail queue for the admin', async ({ page }) => {
    // At least one mail: a password-reset request for the admin's own address.
    const asked = await page.request.post('/api/auth/forgot-password', {
      data: { email: demo('admin') },
    });
    expect(asked.ok()).toBe(true);
    await page.goto('/wh-dashboard/courriels');
    await expect(page.getByRole('heading', { level: 1, name: 'Courriels' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table).toContainText(demo('admin'));
    await expect(table.getByRole('columnheader', { name: 'Essais' })).toBeVisible();
    await page.getByLabel('Statut').selectOption('failed');
    await expect(page).toHaveURL(/status=failed/);
  });

  test.describe(() => {
    test.use({ signedInAs: undefined });
    test('« Chiffres » shows the agency’s numbers to a directeur', async ({ page }) => {
      // A directeur of its own, created by the admin through the API and activated by the link.
      const email = uniqueEmail('directeur');
      const password = 'Chiffres2024';
      const login = await page.request.post('/api/login', {
        data: { username: demo('admin'), password: PASSWORD },
      });
      const { token } = (await login.json()) as { token: string };
      const created = await page.request.post('/api/admin/users', {
        headers: { Authorization: `Bearer ${token}` },
        data: { firstname: 'Dora', lastname: 'Chiffres', email, roles: [4] },
      });
      expect(created.status()).toBe(201);
      const link = await linkFromOutbox(page.request, email, '/reinitialiser-mot-de-passe/');
      const reset = await page.request.post('/api/auth/reset-password', {
        data: {
          token: new URL(link).pathname.split('/').pop(),
          password,
          passwordConfirm: password,
        },
      });
      expect(reset.ok()).toBe(true);

      await signIn(page, email, password, '/admin');
      await expect(page).toHaveURL('/wh-dashboard');
      await page
        .getByRole('navigation', { name: 'Espace de gestion' })
        .getByRole('link', { name: 'Chiffres' })
        .click();
      await expect(page).toHaveURL('/wh-dashboard/chiffres');
      await expect(page.getByRole('heading', { level: 1, name: 'Chiffres' })).toBeVisible();
      await expect(page.getByText('Les chiffres de toute l’agence')).toBeVisible();
      const stages = page.getByRole('region', { name: 'Projets par étape' });
      await expect(stages.getByRole('listitem')).toHaveCount(9);
      await expect(stages.getByRole('listitem').first()).toContainText(/\d/);
      const weeks = page.getByRole('region', { name: 'Propriétaires reçus par semaine' });
      await expect(weeks.getByRole('listitem')).toHaveCount(12);
      await expect(page.getByRole('region', { name: /contactés sous 48/ })).toBeVisible();
      const hunters = page.getByRole('region', { name: 'Par chasseur' }).getByRole('table');
      await expect(hunters.getByRole('columnheader', { name: 'Projets en cours' })).toBeVisible();
      await expect(hunters.getByRole('row')).not.toHaveCount(1);
    });
  });
});
