import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { appStarted, expect, queryDb, signedInContext, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { swReady } from './support/browser-state';
import { demo, signIn } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 29, the conversation of a buyer project: the demo client answers her hunter's message in
 * « Messages » (the demo data's first message); the hunter reads it on the fiche acquéreur (it is
 * then « Lu » for her), answers without network (« En attente de réseau », across a reload), and
 * back online the answer arrives once and the client gets exactly one e-mail for it. Both screens
 * pass axe and French typography, at 390 and 1280 px, and are photographed.
 */

/** Letters only, unique per run. */
const unique = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

const clientId = () =>
  queryDb<{ id: string }>('select id from app_user where email = ?', demo('client'))[0]!.id;

/** The e-mails about new messages sent to `email` (from `from`, when given). */
const messageMails = (email: string, from = '') =>
  queryDb<{ subject: string; text: string }>(
    `select subject, text from mail_queue
     where recipient = ? and subject like '%nouveau%message%' and subject like ? order by id`,
    email,
    `%${from}%`,
  );

const storedMessages = (text: string) =>
  queryDb<{ n: number }>('select count(*) as n from message where text = ?', text)[0]!.n;

/** What a person sees of `part`, screen after screen, as PNGs in the test's output folder. */
async function photograph(page: Page, part: Locator, testInfo: TestInfo, name: string) {
  await part.scrollIntoViewIfNeeded();
  const box = await part.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + window.scrollY, height: r.height };
  });
  const viewport = page.viewportSize()!;
  const step = Math.round(viewport.height * 0.85);
  for (let y = box.top - 80, n = 1; y < box.top + box.height; y += step, n++) {
    await page.evaluate((top) => window.scrollTo(0, top), Math.max(0, y));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${n}.png`) });
  }
}

/** The client's own browser, signed in, at the width of `like`. */
async function clientPage(browser: Browser, like: Page, baseURL: string) {
  const context = await signedInContext(browser, like.context().request, baseURL, 'client');
  await context.addInitScript(() =>
    localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() })),
  );
  const page = await context.newPage();
  await page.setViewportSize(like.viewportSize()!);
  return { context, page };
}

const conversationOf = (page: Page) =>
  page.getByRole('region', { name: 'Messages' }).getByTestId('conversation');

test.describe('the conversation of a buyer project (issue 29)', () => {
  test.use({ serviceWorkers: 'allow', signedInAs: 'chasseur' });
  test.setTimeout(timeouts.scenario);

  test('the client answers in « Messages »; the hunter answers offline; it arrives once, with one e-mail @mobile', async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    // The client: her hunter's message waits in « Messages ».
    const client = await clientPage(browser, page, baseURL!);
    await client.page.goto('/dashboard#messages');
    await appStarted(client.page);
    const mine = conversationOf(client.page);
    await expect(mine.getByTestId('message').first()).toContainText('Charles Chasseur');
    await expect(mine.getByTestId('message').first()).toContainText('j’ai repéré un trois-pièces');
    const question = `Oui, jeudi 18\u00a0h me convient. Faut-il apporter un dossier\u202f? (${unique()})`;
    await mine.getByLabel('Votre message à Charles').fill(question);
    await mine.getByRole('button', { name: 'Envoyer' }).click();
    const asked = mine.getByTestId('message').filter({ hasText: question });
    await expect(asked).toHaveCount(1);
    await expect(asked).toHaveAttribute('data-side', 'mine');
    await expect(mine.getByLabel('Votre message à Charles')).toHaveValue('');
    expect(storedMessages(question)).toBe(1);
    await expect.poll(() => messageMails(demo('chasseur'), 'Claire Cliente').length).toBe(1);
    await expectAccessible(client.page, testInfo, '/dashboard « Messages » (390 px)');
    await photograph(client.page, mine, testInfo, 'client-messages-390');

    // The hunter, on the phone: « Aujourd’hui », then the fiche, show her answer.
    await page.goto('/wh-dashboard');
    await swReady(page);
    // « Aujourd’hui » lists her unread message, and leads to the fiche's conversation.
    const waiting = page.getByTestId('today-message').filter({ hasText: 'Claire Cliente' });
    await expect(waiting).toContainText(/1\smessage non lu/);
    await expect(waiting).toContainText(question);
    await waiting.getByRole('link', { name: 'Claire Cliente' }).click();
    await page.waitForURL(`**/wh-dashboard/acquereurs/${encodeURIComponent(clientId())}#messages`);
    const panel = page.getByTestId('buyer-messages');
    await expect(panel.getByTestId('message').filter({ hasText: question })).toHaveAttribute(
      'data-side',
      'theirs',
    );
    await expect(
      panel.getByTestId('message').filter({ hasText: question }).getByText('Claire Cliente'),
    ).toBeVisible();
    // Read on the fiche: « Lu » for her.
    await expect
      .poll(
        () =>
          queryDb<{ read_at: string | null }>(
            'select read_at from message where text = ?',
            question,
          )[0]?.read_at,
      )
      .toEqual(expect.any(String));

    // No network: the answer waits on the device, across a reload.
    await context.setOffline(true);
    const answer = `Pas besoin, j’apporte tout. À jeudi devant le 12, rue Gallieni. (${unique()})`;
    await panel.getByLabel('Message à Claire Cliente').fill(answer);
    await panel.getByRole('button', { name: 'Envoyer' }).click();
    const pending = panel.getByTestId('pending-message').filter({ hasText: answer });
    await expect(pending).toContainText('En attente de réseau');
    await page.reload();
    await expect(
      page.getByTestId('buyer-messages').getByTestId('pending-message').filter({ hasText: answer }),
    ).toContainText('En attente de réseau');
    expect(storedMessages(answer)).toBe(0);
    await expectAccessible(page, testInfo, 'fiche acquéreur « Messages » hors ligne (390 px)');
    await photograph(
      page,
      page.getByTestId('buyer-messages'),
      testInfo,
      'fiche-messages-hors-ligne-390',
    );

    // Back online: the answer arrives once, and the client is told by one e-mail.
    await context.setOffline(false);
    const fichePanel = page.getByTestId('buyer-messages');
    await expect(fichePanel.getByTestId('pending-message')).toHaveCount(0, {
      timeout: timeouts.background,
    });
    await expect(fichePanel.getByTestId('message').filter({ hasText: answer })).toHaveCount(1, {
      timeout: timeouts.background,
    });
    expect(storedMessages(answer)).toBe(1);
    await expect.poll(() => messageMails(demo('client')).length).toBe(1);
    const [mail] = messageMails(demo('client'));
    expect(mail!.subject).toBe('Un nouveau message de Charles Chasseur');
    expect(mail!.text).toContain('/dashboard#messages');
    expect(mail!.text).not.toContain(answer);
    await photograph(page, fichePanel, testInfo, 'fiche-messages-390');

    // The client reads it, her own message marked « Lu ».
    await client.page.reload();
    const after = conversationOf(client.page);
    await expect(after.getByTestId('message').filter({ hasText: answer })).toHaveAttribute(
      'data-side',
      'theirs',
    );
    await expect(
      after.getByTestId('message').filter({ hasText: question }).getByTestId('read-receipt'),
    ).toContainText('Lu');
    await expect(after.getByTestId('read-receipt')).toHaveCount(1);
    await photograph(client.page, after, testInfo, 'client-messages-lu-390');
    await client.context.close();
    // Exactly once, whatever the replays.
    expect(storedMessages(answer)).toBe(1);
    expect(messageMails(demo('client'))).toHaveLength(1);
  });
});

test.describe('the conversation at 1280 px (issue 29)', () => {
  test.use({ signedInAs: 'manager' });
  test.setTimeout(timeouts.scenario);

  // A buyer of the demo data no other test touches: the demo client's conversation is the
  // phone test's alone (its e-mails are counted).
  const email = demo('acheteur25');

  test('a manager writes on the fiche; the client reads it in « Messages » and answers', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const buyer = queryDb<{ id: string; firstname: string; lastname: string }>(
      'select id, firstname, lastname from app_user where email = ?',
      email,
    )[0]!;
    const name = `${buyer.firstname} ${buyer.lastname}`;
    await page.goto(`/wh-dashboard/acquereurs/${encodeURIComponent(buyer.id)}`);
    await appStarted(page);
    const panel = page.getByTestId('buyer-messages');
    await expect(panel).toContainText('Aucun message avec ce client pour l’instant.');
    const text = `Bonjour ${buyer.firstname}, Manon du bureau de Boulogne\u00a0: votre dossier est complet. (${unique()})`;
    await panel.getByLabel(`Message à ${name}`).fill(text);
    await panel.getByRole('button', { name: 'Envoyer' }).click();
    await expect(panel.getByTestId('message').filter({ hasText: text })).toHaveAttribute(
      'data-side',
      'mine',
    );

    const context = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
    await context.addInitScript(() =>
      localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() })),
    );
    const client = await context.newPage();
    await signIn(client, email);
    await client.waitForURL(/\/dashboard/);
    await client.goto('/dashboard#messages');
    await appStarted(client);
    const conversation = conversationOf(client);
    await expect(conversation.getByTestId('message').filter({ hasText: text })).toContainText(
      'Manon Manager',
    );
    const reply = `Merci\u202f! Je passe signer lundi. (${unique()})`;
    await conversation.getByLabel(/^Votre message/).fill(reply);
    await conversation.getByRole('button', { name: 'Envoyer' }).click();
    await expect(conversation.getByTestId('message').filter({ hasText: reply })).toHaveCount(1);
    await expectAccessible(client, testInfo, '/dashboard « Messages » (1280 px)');
    await photograph(client, conversation, testInfo, 'client-messages-1280');
    await context.close();

    await page.reload();
    await appStarted(page);
    const again = page.getByTestId('buyer-messages');
    await expect(again.getByTestId('message').filter({ hasText: reply })).toHaveAttribute(
      'data-side',
      'theirs',
    );
    await expect(
      again.getByTestId('message').filter({ hasText: text }).getByTestId('read-receipt'),
    ).toContainText('Lu');
    await expectAccessible(page, testInfo, 'fiche acquéreur « Messages » (1280 px)');
    await photograph(page, again, testInfo, 'fiche-messages-1280');
    expect(storedMessages(text)).toBe(1);
    expect(storedMessages(reply)).toBe(1);
  });
});
