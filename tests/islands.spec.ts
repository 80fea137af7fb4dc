import type { Page } from '@playwright/test';
import { appStarted, expect, queryDb, test } from './fixtures';
import { openAtStep, seededForms } from './support/long-form';

// Issue 27: a prerendered page hydrates only what a person can touch (src/lib/island.tsx); the
// rest is its HTML. On a phone, right after load (the islands live), every touchable piece of a
// content page works, and the first navigation draws the next page without a document load.
test.use({ viewport: { width: 390, height: 844 } });

/** Counts the documents the page loads from now on (a client-side navigation loads none). */
function countDocuments(page: Page): () => number {
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame())
      documents += 1;
  });
  return () => documents;
}

/** A mark in the page's window: it survives a client-side navigation, not a document load. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { islandMark: string }).islandMark = 'même document';
  });
}
const windowMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { islandMark?: string }).islandMark ?? null);

/** The first heading of /questions-proprietaire. */
const ownerQuestionnaireHeading = (page: Page) =>
  page.getByRole('heading', {
    level: 1,
    name: 'Pourquoi passer par un chasseur immobilier pour vendre votre bien ?',
  });

test.describe('a content page on a phone, first visit', () => {
  test.use({ consentGiven: false });

  test('cookie banner, menu, basket badge and panel, FAQ disclosure, a link to the owner questionnaire: all work right after load', async ({
    page,
  }) => {
    // One product in the basket (an island of the pack page), so the badge has a count.
    await page.goto('/homestylz/pack/1');
    await page.getByRole('button', { name: 'Refuser' }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
    const basket = page.getByRole('dialog', { name: 'Mon panier' });
    await expect(basket).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.removeItem('cookie_consent'));

    await page.goto('/aide/faq');
    expect(await page.locator('[data-island]').count()).toBeGreaterThan(0);
    // Only the pieces a person touches are hydrated: the page's own text is not an island.
    await expect(page.locator('main [data-island]')).toHaveCount(0);

    // The cookie banner (first visit again: the choice was removed).
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accepter' }).click();
    await expect(banner).toBeHidden();

    // The menu.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const panel = page.getByTestId('mobile-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    await expect(panel).toBeHidden();

    // The basket's badge, then its panel.
    const cart = page.getByRole('button', { name: /^Mon panier/ });
    await expect(cart).toHaveAccessibleName('Mon panier (1)');
    await cart.click();
    await expect(basket).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(basket).toBeHidden();

    // A question of the FAQ: a disclosure that opens and closes.
    const first = page.locator('main details').first();
    await expect(first).not.toHaveAttribute('open');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open');
    await first.locator('summary').click();
    await expect(first).not.toHaveAttribute('open');

    // The answer that leads to the owner questionnaire, and its link: drawn without a document
    // load.
    const question = page
      .locator('main details')
      .filter({ has: page.getByText('Comment vous présenter mon bien ?') });
    await question.locator('summary').click();
    await expect(question).toHaveAttribute('open');
    const documents = countDocuments(page);
    await markWindow(page);
    await question.getByRole('link', { name: 'questionnaire propriétaire' }).click();
    await expect(page).toHaveURL(/\/questions-proprietaire$/);
    await expect(ownerQuestionnaireHeading(page)).toBeVisible();
    expect(documents()).toBe(0);
    expect(await windowMark(page)).toBe('même document');
    // The next page's title, and the menu still works (the whole app has taken over).
    await expect(page).toHaveTitle(/Vendre votre bien/);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(panel).toBeVisible();
  });
});

test('from / to /questions-proprietaire and back: client-side, no document load, the scroll kept', async ({
  page,
}) => {
  await page.goto('/');
  const documents = countDocuments(page);
  await markWindow(page);
  const home = page.getByRole('heading', { level: 1 });
  const homeTitle = await home.textContent();

  // Scrolled down to the page's last link there, as a person would.
  const link = page.getByRole('main').locator('a[href="/questions-proprietaire"]').last();
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/questions-proprietaire$/);
  await expect(ownerQuestionnaireHeading(page)).toBeVisible();
  // A new page opens at its top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: homeTitle ?? '' })).toBeVisible();
  // Back returns where the person was.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  expect(documents()).toBe(0);
  expect(await windowMark(page)).toBe('même document');
});

test('an island keeps its state while another works: the fee simulator of /tarifs answers, the menu opens', async ({
  page,
}) => {
  await page.goto('/tarifs');
  await page.getByRole('spinbutton', { name: 'Prix d’achat envisagé' }).fill('450000');
  await expect(page.getByText('Honoraires estimés')).toBeVisible();
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByTestId('mobile-panel')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Prix d’achat envisagé' })).toHaveValue(
    '450000',
  );
});

/** Whether React has taken over an island's element (its root container marks it). */
const isLive = (page: Page, island: string) =>
  page
    .locator(`[data-island="${island}"]`)
    .first()
    .evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactContainer')));

/** Holds the answer of a module of the build until `release` is called. */
async function holdModule(page: Page, name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Fills and sends the contact form while the module `held` cannot arrive, checks that nothing
 * was sent (`notLive`: the page or the form is still its HTML), releases it, and checks that the
 * message was sent once, as typed.
 */
async function sendContactWhileHeld(
  page: Page,
  {
    held,
    name,
    message,
    notLive,
  }: {
    held: string;
    name: string;
    message: string;
    notLive: () => Promise<boolean>;
  },
) {
  const release = await holdModule(page, held);
  const email = `tenu.${Date.now()}@exemple.fr`;
  await page.goto('/contact');
  await page.getByLabel('Nom et prénom').pressSequentially(name);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Objet de votre demande').selectOption({ label: 'Vendre mon bien' });
  await page.getByLabel('Votre message').fill(message);
  await page.getByRole('checkbox').check();
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact') && r.method() === 'POST') posts += 1;
  });
  // Pressed while the form is not live yet: held, not sent raw by the browser.
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  expect(await notLive()).toBe(true);
  await expect(page).toHaveURL(/\/contact$/);
  release();
  await expect(page.getByTestId('contact-sent')).toBeVisible();
  expect(posts).toBe(1);
  expect(
    queryDb('select name, subject, message from contact_message where email = ?', email),
  ).toEqual([{ name, subject: 'vente', message }]);
}

test.describe('a form comes to life at the first touch (src/app/hydrate-on-intent.ts)', () => {
  test('loaded with the page, run only once touched', async ({ page }) => {
    const formModule = page.waitForResponse(/\/assets\/contact-form-[\w-]+\.js$/);
    await page.goto('/contact');
    await formModule;
    await appStarted(page);
    // The header is live; the form is still its HTML, its code fetched but not run.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByTestId('mobile-panel')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await isLive(page, 'contact-form')).toBe(false);
    await page.getByLabel('Nom et prénom').click();
    await expect.poll(() => isLive(page, 'contact-form')).toBe(true);
  });

  test('what was typed and ticked before it was live is kept, and the press of « Envoyer » is sent once', async ({
    page,
  }) => {
    await sendContactWhileHeld(page, {
      held: 'contact-form',
      name: 'Claire Martin',
      message: 'Un trois-pièces à Montreuil, à vendre vite.',
      notLive: async () => !(await isLive(page, 'contact-form')),
    });
  });

  test('« Ajouter au panier » pressed before the pack’s order is live adds one line, once', async ({
    page,
  }) => {
    const release = await holdModule(page, 'product-order');
    await page.goto('/homestylz/pack/1');
    await appStarted(page);
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
    release();
    await expect(page.getByRole('button', { name: /^Mon panier/ })).toHaveAccessibleName(
      'Mon panier (1)',
    );
    // The add opens the basket: one line, added once.
    await expect(
      page.getByRole('dialog', { name: 'Mon panier' }).getByRole('listitem'),
    ).toHaveCount(1);
  });
});

/** Whether React has taken over any element of the page yet. */
const anyLive = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-island]')].some((el) =>
      Object.keys(el).some((key) => key.startsWith('__reactContainer')),
    ),
  );

/** The service worker is registered: the page has loaded and gone idle (src/app/first-touch.ts). */
const settled = (page: Page) =>
  page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration()));

test.describe('a first visit: the app is evaluated at the first touch (src/app/first-touch.ts)', () => {
  test.use({ consentGiven: false });

  test('nothing of the app runs while the page is read; the first press of the menu opens it', async ({
    page,
  }) => {
    await page.goto('/services');
    await settled(page);
    expect(await anyLive(page)).toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByTestId('mobile-panel')).toBeVisible();
    expect(await anyLive(page)).toBe(true);
  });

  test('a link pressed first opens its page in the app, without a document load', async ({
    page,
  }) => {
    await page.goto('/');
    const documents = countDocuments(page);
    await markWindow(page);
    expect(await anyLive(page)).toBe(false);
    await page.getByRole('main').locator('a[href="/questions-proprietaire"]').first().click();
    await expect(page).toHaveURL(/\/questions-proprietaire$/);
    await expect(ownerQuestionnaireHeading(page)).toBeVisible();
    expect(documents()).toBe(0);
    expect(await windowMark(page)).toBe('même document');
  });

  test('the app’s code cannot load: the page stays HTML, and a link pressed opens as a document', async ({
    page,
  }) => {
    await page.route(/\/assets\/shell-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/');
    const documents = countDocuments(page);
    await page.getByRole('main').locator('a[href="/questions-proprietaire"]').first().click();
    await expect(page).toHaveURL(/\/questions-proprietaire$/);
    await expect(ownerQuestionnaireHeading(page)).toBeVisible();
    expect(documents()).toBe(1);
  });

  test('typed before the app is live: the fee simulator answers with the amount kept', async ({
    page,
  }) => {
    await page.goto('/tarifs');
    const price = page.getByRole('spinbutton', { name: 'Prix d’achat envisagé' });
    await price.fill('450000');
    await expect(page.getByText('Honoraires estimés')).toBeVisible();
    await expect(price).toHaveValue('450000');
  });

  test('a long form: « C’est parti ! » pressed first opens the questions; the draft is offered again at the next opening', async ({
    page,
  }) => {
    // Its intro is ready in the HTML; the press is held until the app is live. Reopened, the
    // page starts at load: the device now keeps the app's database.
    await openAtStep(page, seededForms.owner, 3);
  });

  test('a device that keeps data of the app (the app’s database) starts with the page', async ({
    page,
  }) => {
    await page.goto('/services');
    expect(await anyLive(page)).toBe(false);
    // What the app creates when the device keeps a draft, a basket or an outbox.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('chassimmo');
          open.onsuccess = () => {
            open.result.close();
            resolve();
          };
          open.onerror = () => reject(open.error);
        }),
    );
    await page.reload();
    await appStarted(page);
    await expect.poll(() => anyLive(page)).toBe(true);
  });

  test('the contact form filled and sent while the app’s code is still held: sent once, as typed', async ({
    page,
  }) => {
    // The app's frame (start-islands, the header) cannot arrive until released.
    await sendContactWhileHeld(page, {
      held: 'shell',
      name: 'Louis Bernard',
      message: 'Un deux-pièces à Vincennes.',
      notLive: async () => !(await anyLive(page)),
    });
  });
});

test('an unknown address shows the 404 page, live, at /404', async ({ page }) => {
  await page.goto('/homestylz/nulle-part');
  await expect(page).toHaveURL(/\/404$/);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByTestId('mobile-panel')).toBeVisible();
});
