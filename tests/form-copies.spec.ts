import type { Browser, Page } from '@playwright/test';
import { devices } from '@playwright/test';
import { appStarted, expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { storedDraft } from './support/browser-state';
import { answerSteps, answerUpTo, atStep, fillUser, title } from './support/buyer-flow';
import {
  answerUpToRooms,
  fillContact,
  next as ownerNext,
  radio,
  title as ownerTitle,
  uniqueEmail,
} from './support/owner-flow';

/**
 * « Continuer sur un autre appareil » (issue 33): a long form begun on a phone (390 px) is
 * finished on a computer (1280 px), by the e-mailed link or the QR code's; it is sent once, and
 * the phone, reopened, knows it was sent.
 */

const SHOTS = '.tmp/form-copies-shots';

interface OutboxMail {
  to: string;
  links: string[];
}

/** A device of its own: its storage, its width, a cookie choice already made. */
async function device(browser: Browser, baseURL: string, phone: boolean) {
  const context = await browser.newContext({
    ...(phone ? devices['Pixel 7'] : devices['Desktop Chrome']),
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookie_consent'))
      localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() }));
  });
  const page = await context.newPage();
  return { context, page };
}

async function go(page: Page, path: string) {
  await page.goto(path);
  await appStarted(page);
}

/** Opens the dialog and waits for its link; returns the dialog. */
async function openCopyDialog(page: Page) {
  await page.getByRole('button', { name: 'Continuer sur un autre appareil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Continuer sur un autre appareil' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Le lien', { exact: true })).toHaveValue(
    /\/reprendre\/[A-Za-z0-9_-]{43}$/,
  );
  return dialog;
}

test.describe('a long form continued on another device', () => {
  test('buyer signup: the phone e-mails the link, the computer finishes it, the phone knows', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const email = `autre.appareil.${Date.now()}@exemple.fr`;
    const phone = await device(browser, baseURL!, true);
    const computer = await device(browser, baseURL!, false);
    const p = phone.page;

    await go(p, '/signup');
    await answerUpTo(p, 7);
    await atStep(p, 8);
    const dialog = await openCopyDialog(p);
    const link = await dialog.getByLabel('Le lien', { exact: true }).inputValue();
    // No address in the signup's answers yet: the field is empty.
    await expect(dialog.getByLabel('Recevoir le lien par e-mail')).toHaveValue('');
    await dialog.getByLabel('Recevoir le lien par e-mail').fill(email);
    await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(dialog.getByText(`Lien envoyé à ${email}.`)).toBeVisible();
    await expectAccessible(p, testInfo, 'dialogue « Continuer sur un autre appareil » (390 px)');
    await p.screenshot({ path: `${SHOTS}/dialog-buyer-390.png` });
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(dialog).toBeHidden();

    // The phone goes on to step 9: its copy follows (PUT), so the other device opens there.
    const followed = p.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/form-copies/'),
    );
    await title(p).focus();
    await answerSteps(p, 8, 8);
    expect((await followed).status()).toBe(200);
    const phoneDraft = (await storedDraft(p, 'buyer'))!;
    expect(phoneDraft.step).toBe(9);

    // The link of the e-mail is the dialog's.
    let mailed: string | undefined;
    await expect
      .poll(async () => {
        const res = await p.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as OutboxMail[];
        mailed = mails
          .flatMap((m) => m.links)
          .find((l) => new URL(l).pathname.startsWith('/signup/reprendre/'));
        return mailed;
      })
      .toBeTruthy();
    expect(new URL(mailed!).pathname).toBe(new URL(link).pathname);

    // The computer opens it: step 9, every answer, the same key; the notice says when.
    const c = computer.page;
    await go(c, new URL(mailed!).pathname);
    await expect(c).toHaveURL(/\/signup$/);
    const notice = c.getByText(/^Reprise de votre saisie du \d\d\/\d\d à \d{1,2}\u00a0h/);
    await expect(notice).toBeVisible();
    await expect(title(c)).toContainText('8.');
    const computerDraft = (await storedDraft(c, 'buyer'))!;
    expect(computerDraft).toMatchObject({
      step: 9,
      answers: phoneDraft.answers,
      idempotencyKey: phoneDraft.idempotencyKey,
    });
    await c.screenshot({ path: `${SHOTS}/resumed-buyer-1280.png` });

    // It finishes and sends.
    await title(c).focus();
    await answerSteps(c, 9, 15);
    await fillUser(c, email);
    await c.keyboard.press('Enter');
    await expect(title(c)).toHaveText('Merci, votre inscription est enregistrée');

    const users = queryDb<{ id: string }>('select id from app_user where email = ?', email);
    expect(users).toHaveLength(1);
    const projects = () =>
      queryDb('select id from buyer_project where user_id = ?', users[0]!.id).length;
    expect(projects()).toBe(1);

    // The phone, reopened: the form was sent elsewhere, its draft is gone, nothing to send.
    await go(p, '/signup');
    await expect(
      p.getByText('Ce formulaire a été envoyé depuis un autre appareil', { exact: false }),
    ).toBeVisible();
    await expect.poll(() => storedDraft(p, 'buyer')).toBeNull();
    await expect(p.getByRole('button', { name: 'Continuer sur un autre appareil' })).toHaveCount(0);
    expect(queryDb('select id from app_user where email = ?', email)).toHaveLength(1);
    expect(projects()).toBe(1);

    // The link, once the form is sent, says so.
    await go(c, new URL(mailed!).pathname);
    await expect(c.getByRole('heading', { name: 'Ce formulaire a déjà été envoyé' })).toBeVisible();

    await phone.context.close();
    await computer.context.close();
  });

  test('owner questionnaire: the computer opens the QR code’s URL, sends it once', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail('autre-appareil');
    const phone = await device(browser, baseURL!, true);
    const computer = await device(browser, baseURL!, false);
    const p = phone.page;

    await go(p, '/questions-proprietaire');
    await answerUpToRooms(p);
    const dialog = await openCopyDialog(p);
    const qr = dialog.getByRole('img', { name: 'QR code du lien vers votre saisie' });
    await expect(qr).toBeVisible();
    await expectAccessible(p, testInfo, 'dialogue avec le QR code (390 px)');
    // The code is drawn from the very string shown as the link.
    const encoded = (await qr.getAttribute('data-url'))!;
    expect(encoded).toBe(await dialog.getByLabel('Le lien', { exact: true }).inputValue());
    expect(new URL(encoded).pathname).toMatch(
      /^\/questions-proprietaire\/reprendre\/[A-Za-z0-9_-]{43}$/,
    );
    await p.screenshot({ path: `${SHOTS}/dialog-owner-390.png` });
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    const phoneDraft = (await storedDraft(p, 'owner'))!;

    const c = computer.page;
    await go(c, new URL(encoded).pathname);
    await expect(c).toHaveURL(/\/questions-proprietaire$/);
    await expect(c.getByText(/^Reprise de votre saisie du /)).toBeVisible();
    await expect(ownerTitle(c)).toHaveText('Combien de pièces compte votre bien ?');
    expect(await storedDraft(c, 'owner')).toMatchObject({
      step: phoneDraft.step,
      answers: phoneDraft.answers,
      idempotencyKey: phoneDraft.idempotencyKey,
    });

    await radio(c, '5 pièces et +').check();
    await ownerNext(c).click();
    await radio(c, '4').check();
    await ownerNext(c).click();
    await radio(c, 'Aucune').check();
    await ownerNext(c).click();
    await ownerNext(c).click();
    await ownerNext(c).click();
    await ownerNext(c).click();
    await expect(ownerTitle(c)).toHaveText('Comment pouvons-nous vous joindre ?');
    await fillContact(c, email);
    await c.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(ownerTitle(c)).toHaveText('Merci, votre demande est bien enregistrée');
    expect(queryDb('select id from owner_contact where email = ?', email)).toHaveLength(1);

    await go(p, '/questions-proprietaire');
    await expect(
      p.getByText('Ce formulaire a été envoyé depuis un autre appareil', { exact: false }),
    ).toBeVisible();
    await expect.poll(() => storedDraft(p, 'owner')).toBeNull();
    expect(queryDb('select id from owner_contact where email = ?', email)).toHaveLength(1);

    await phone.context.close();
    await computer.context.close();
  });

  test('the reprise notice and an unknown link, at 390 px', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const phone = await device(browser, baseURL!, true);
    const computer = await device(browser, baseURL!, false);
    const c = computer.page;
    await go(c, '/signup');
    await answerUpTo(c, 3);
    const dialog = await openCopyDialog(c);
    const link = await dialog.getByLabel('Le lien', { exact: true }).inputValue();
    await c.screenshot({ path: `${SHOTS}/dialog-buyer-1280.png` });
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();

    // Without a connection: the dialog says the link needs one, the answers stay.
    await computer.context.setOffline(true);
    await c.getByRole('button', { name: 'Continuer sur un autre appareil' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Le lien demande une connexion à Internet',
    );
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await computer.context.setOffline(false);
    expect((await storedDraft(c, 'buyer'))!.step).toBe(4);

    // The phone has answers of its own (step 2 only): it is asked which to keep.
    const p = phone.page;
    await go(p, '/signup');
    await answerUpTo(p, 2);
    await go(p, new URL(link).pathname);
    await expect(p.getByRole('heading', { name: /^Quelle saisie garder/ })).toBeVisible();
    await expectAccessible(p, testInfo, 'choix entre deux saisies (390 px)');
    await p.screenshot({ path: `${SHOTS}/choose-390.png` });
    await p.getByRole('button', { name: 'Reprendre la saisie de l’autre appareil' }).click();
    await expect(p.getByText(/^Reprise de votre saisie du /)).toBeVisible();
    await expectAccessible(p, testInfo, 'notice de reprise (390 px)');
    await p.screenshot({ path: `${SHOTS}/resumed-buyer-390.png` });

    await go(p, `/signup/reprendre/${'x'.repeat(43)}`);
    const gone = p.getByRole('heading', { name: 'Ce lien n’est plus valable' });
    await expect(gone).toBeVisible();
    await expectAccessible(p, testInfo, 'lien plus valable (390 px)');
    await p.screenshot({ path: `${SHOTS}/unknown-390.png` });
    await p.getByRole('link', { name: 'Recommencer le formulaire' }).click();
    await expect(p).toHaveURL(/\/signup$/);

    await phone.context.close();
    await computer.context.close();
  });
});
