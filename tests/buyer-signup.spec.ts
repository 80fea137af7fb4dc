import type { Page } from '@playwright/test';
import { expect, queryDb, test } from './fixtures';
import { storedDraft } from './support/browser-state';
import { title, atStep, next, answerUpTo, fillUser, reachStep } from './support/buyer-flow';
import { expectStepInView, scrollToBottom } from './support/long-form';

/** Buyer signup wizard (spec 2.6, issue 5), driven by the keyboard alone. */

/** Every value of every object store of every IndexedDB database, as JSON. */
async function indexedDbDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: unknown[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        out.push({ store, all });
      }
      db.close();
    }
    return JSON.stringify(out);
  });
}

interface OutboxMail {
  links: string[];
}

test.describe('buyer signup wizard', () => {
  test('by keyboard: account and project created, link → signed in on /dashboard', async ({
    page,
  }) => {
    const email = `acheteur.${Date.now()}@exemple.fr`;
    await page.goto('/signup/COURTIER-7');
    await expect(
      page.getByRole('heading', { name: 'Concrétiser votre projet immobilier' }),
    ).toBeVisible();
    await answerUpTo(page, 15);
    await fillUser(page, email);
    await page.keyboard.press('Enter');
    await expect(title(page)).toContainText('Merci, votre inscription est enregistrée');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(/dans les 48\s+heures/)).toBeVisible();

    const users = queryDb<{ id: string }>('select id from app_user where email = ?', email);
    expect(users).toHaveLength(1);
    const projects = queryDb<Record<string, unknown>>(
      'select * from buyer_project where user_id = ?',
      users[0]!.id,
    );
    expect(projects).toHaveLength(1);
    expect(projects[0]).toMatchObject({
      partner_code: 'COURTIER-7',
      person_count: 2,
      search_goal: 'Résidence principale',
      surface: 3,
      room_count: 3,
      bedroom_count: 2,
      visit_count: 0,
      description: 'Proche du métro',
      budget: 450000,
      apport: 2,
      with_bank: 1,
      stage: 'VALIDATION',
    });
    expect(JSON.parse(projects[0]!.departments as string)).toEqual(['75']);
    expect(JSON.parse(projects[0]!.cities as string)).toEqual(['Paris']);
    expect(JSON.parse(projects[0]!.type_bien as string)).toEqual([1]);
    expect(JSON.parse(projects[0]!.type_achat as string)).toEqual([1, 2]);

    let link: string | undefined;
    await expect
      .poll(async () => {
        const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as OutboxMail[];
        link = mails
          .flatMap((m) => m.links)
          .find((l) => new URL(l).pathname.startsWith('/activation/'));
        return link;
      })
      .toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('project-stage')).toHaveText('En cours de validation');
    // The project is named for a person (goal and where), never by its database id.
    const project = page.getByRole('article', { name: 'Résidence principale\u00a0– Paris (75)' });
    await expect(project).toBeVisible();
    await expect(
      project.getByRole('heading', { level: 3, name: 'Résidence principale\u00a0– Paris (75)' }),
    ).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/Projet\s*(n°\s*)?\d/);
    await expect(page.getByRole('article', { name: /Projet\s*\d/ })).toHaveCount(0);
    await expect(page.getByText('450 000')).toBeVisible();
    await expect(page.getByText('De 10 001 à 50 000 €')).toBeVisible();
    await expect(page.getByText('Proche du métro')).toBeVisible();
    await expect(
      page.locator('dt', { hasText: 'Départements' }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('Paris (75)');
  });

  test('on a phone, a new step shows the progress bar and its title below the header @mobile', async ({
    page,
  }) => {
    await page.goto('/signup');
    await answerUpTo(page, 2);
    await expectStepInView(page, 'Progression de l’inscription');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Résidence principale
    await scrollToBottom(page);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await atStep(page, 4);
    await expectStepInView(page, 'Progression de l’inscription');
    await scrollToBottom(page);
    await page.getByRole('button', { name: 'Precedent' }).click();
    await atStep(page, 3);
    await expectStepInView(page, 'Progression de l’inscription');
  });

  test('CONFIRM says what comes next: the e-mail to open, a new one on demand, the way home', async ({
    page,
  }) => {
    const email = `confirmation.${Date.now()}@exemple.fr`;
    await reachStep(page, 16);
    await fillUser(page, email);
    await page.keyboard.press('Enter');
    await expect(title(page)).toHaveText('Merci, votre inscription est enregistrée');
    await expect(title(page)).toBeFocused();
    await expect(page.getByText('Ouvrez l’e-mail de confirmation')).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByText(/dans les 48\s+heures/)).toBeVisible();

    // The picture is the e-mail leaving, and its alt says so (the SVG's own title).
    const picture = page.locator('main img');
    await expect(picture).toHaveAttribute('alt', /enveloppe/);
    const alt = (await picture.getAttribute('alt'))!;
    const svg = await (await page.request.get((await picture.getAttribute('src'))!)).text();
    expect(svg).toContain(`<title>${alt}</title>`);

    const activationMails = async () => {
      const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()) as OutboxMail[];
      return mails.filter((m) =>
        m.links.some((l) => new URL(l).pathname.startsWith('/activation/')),
      ).length;
    };
    await expect.poll(activationMails).toBe(1);
    await page.getByRole('button', { name: 'Renvoyer l’e-mail de confirmation' }).click();
    const resent = page
      .getByRole('status')
      .filter({ hasText: 'un nouvel e-mail de confirmation vient' });
    await expect(resent).toBeVisible();
    await expect(resent).toBeFocused(); // where the button was
    await expect(
      page.getByRole('button', { name: 'Renvoyer l’e-mail de confirmation' }),
    ).toHaveCount(0);
    await expect.poll(activationMails).toBe(2);

    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('BUDGET says next to the field why a figure is refused, amounts written the French way', async ({
    page,
  }) => {
    await reachStep(page, 13);
    await atStep(page, 13);
    const budget = page.getByLabel(/Votre budget total en euros/);
    const suivant = page.getByRole('button', { name: 'Suivant' });
    const message = page.locator('#inscription-budget-erreur');
    await expect(
      page.getByText('entre 20\u202f000\u00a0€ et 10\u202f000\u202f000\u00a0€'),
    ).toBeVisible();

    await page.keyboard.press('Tab');
    await page.keyboard.type('5000');
    await expect(message).toHaveCount(0); // not while typing: 5, 50, 500… lead to 50 000
    await expect(suivant).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(message).toHaveText('Le budget doit être d’au moins 20\u202f000\u00a0€.');
    await expect(budget).toBeFocused();
    await expect(budget).toHaveAttribute('aria-invalid', 'true');
    await expect(budget).toHaveAttribute('aria-describedby', 'inscription-budget-erreur');
    await expect(title(page)).toContainText('12.');

    await budget.fill('20000000');
    await expect(message).toHaveText('Le budget ne peut pas dépasser 10\u202f000\u202f000\u00a0€.');
    await expect(suivant).toBeDisabled();
    await budget.fill('');
    await budget.pressSequentially('45e');
    await expect(message).toHaveText(
      'Saisissez votre budget en chiffres seulement, par exemple 450000.',
    );
    await budget.fill('450000');
    await expect(message).toHaveCount(0);
    await expect(budget).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText('Soit 450\u202f000\u00a0€.')).toBeVisible();
    await budget.press('Enter');
    await atStep(page, 14);
  });

  test('BUDGET: leaving the field with a figure too low says why at once', async ({ page }) => {
    await reachStep(page, 13);
    await page.keyboard.press('Tab');
    await page.keyboard.type('19999');
    await page.keyboard.press('Tab'); // to Precedent
    await expect(page.locator('#inscription-budget-erreur')).toHaveText(
      'Le budget doit être d’au moins 20\u202f000\u00a0€.',
    );
    await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  });

  test('reload at step 9 restores the step and the answers', async ({ page }) => {
    await page.goto('/signup');
    await answerUpTo(page, 8);
    const saved = async () => JSON.stringify((await storedDraft(page, 'buyer'))?.answers ?? {});
    const before = await saved();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight'); // 2 rooms, not yet moved on
    // Saving is asynchronous (IndexedDB): the reload comes once the answer is on the device.
    await expect.poll(saved).not.toBe(before);
    await page.reload();
    await expect(title(page)).toContainText('8.');
    await expect(page.getByRole('radio', { name: '2 pièces' })).toBeChecked();
    await page.getByRole('button', { name: 'Precedent' }).click();
    await expect(page.getByRole('radio', { name: '50 à 70 m²' })).toBeChecked();
  });

  test('password messages: exact strings, only once touched', async ({ page }) => {
    await reachStep(page, 16);
    const password = page.getByLabel('Mot de passe', { exact: true });
    await expect(page.getByText('Le mot de passe est requis')).toHaveCount(0);
    await password.focus();
    await password.blur();
    await expect(page.getByText('Le mot de passe est requis')).toBeVisible();
    await password.fill('abc');
    await expect(page.getByText('Le mot de passe doit avoir au moin 6 caractères')).toBeVisible();
    await expect(page.getByText('Il faut au moins 1 majuscule')).toBeVisible();
    await expect(page.getByText('Il faut au moins 1 chiffre')).toBeVisible();
    await password.fill('ABCDEFG');
    await expect(page.getByText('Il faut au moins 1 minuscule')).toBeVisible();
    await password.fill('Maison2026');
    await expect(page.getByText(/Il faut au moins/)).toHaveCount(0);
    const confirm = page.getByLabel('Confirmation de votre mot de passe');
    await confirm.fill('Maison2027');
    await confirm.blur();
    await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  });

  test('an e-mail already registered: the server’s message on step 16, answers kept', async ({
    page,
  }) => {
    await reachStep(page, 16);
    await fillUser(page, 'client@demo.chassimmo.fr');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/Un compte existe déjà avec cette adresse e-mail/)).toBeVisible();
    await expect(title(page)).toContainText('15.');
    await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Martin');
    await expect(page.getByLabel('Adresse mail')).toHaveValue('client@demo.chassimmo.fr');
    await page.getByRole('button', { name: 'Precedent' }).click();
    await expect(page.getByRole('radio', { name: 'Oui' })).toBeChecked();
  });

  test('the password is nowhere in IndexedDB, after any step', async ({ page }) => {
    const secret = 'Secret2026xyz';
    await reachStep(page, 16);
    await fillUser(page, `secret.${Date.now()}@exemple.fr`, secret);
    expect(await indexedDbDump(page)).not.toContain(secret);
    await page.getByRole('button', { name: 'Precedent' }).click();
    await atStep(page, 15);
    expect(await indexedDbDump(page)).not.toContain(secret);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await next(page, 15);
    expect(await indexedDbDump(page)).toContain('Martin');
    expect(await indexedDbDump(page)).not.toContain(secret);
  });

  test('network failure → Réessayer, the answers kept; the retry registers once', async ({
    page,
  }) => {
    // Without a service worker (blocked here): the page itself says so. The queued (202) path,
    // with the worker, is in tests/offline-flows.spec.ts.
    const email = `hors.ligne.${Date.now()}@exemple.fr`;
    await reachStep(page, 16);
    await fillUser(page, email);
    await page.route('**/api/register', (route) => route.abort('internetdisconnected'));
    await page.keyboard.press('Enter');
    const retry = page.getByRole('button', { name: 'Réessayer' });
    await expect(retry).toBeVisible();
    expect(await indexedDbDump(page)).toContain('Martin');
    await page.unroute('**/api/register');
    await retry.click();
    await expect(title(page)).toContainText('Merci, votre inscription est enregistrée');
    expect(queryDb('select id from app_user where email = ?', email)).toHaveLength(1);
  });
});
