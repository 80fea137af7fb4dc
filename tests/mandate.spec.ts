import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { verifyPadesSignature } from '../server/mandates/pades';
import { pdfFlatText } from '../server/mandates/pdf-text';
import { validRegistration } from '../src/domain/buyer-signup.fixture';
import { appStarted, expect, queryDb, signedInContext, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { signMandateByApi } from './support/signed-mandate';
import { clientBrowser } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 30, on the real server: the demo hunter prepares a new buyer's mandat de recherche; the
 * client, on a phone, reads it, gives the address it lacks, signs with the code read from the
 * dev outbox; the project reaches « Mandat signé » by itself; the register shows the number with
 * the client's name; the signed PDF downloads, carries the number, both parties, the fee and the
 * 3-month clause, its PAdES signature verifies and its SHA-256 is the one stored.
 */

/** Letters only: names pass the forms' rules and stay unique per run. */
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

interface OutboxMail {
  subject: string;
  links: string[];
}

const outbox = async (request: APIRequestContext, to: string) =>
  (await (
    await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`)
  ).json()) as OutboxMail[];

/** The newest signing code e-mailed to `to` that is not `previous`. */
async function codeFromOutbox(request: APIRequestContext, to: string, previous?: string) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox(request, to)).find((m) => /code de signature/.test(m.subject));
      code = /(\d{6})$/.exec(mail?.subject ?? '')?.[1];
      return code !== undefined && code !== previous;
    })
    .toBe(true);
  return code!;
}

/** A buyer of this test's own, signed up through the public API (address not yet confirmed). */
async function signUp(request: APIRequestContext) {
  const lastname = `Mandat${letters()}`;
  const email = `${lastname.toLowerCase()}@exemple.fr`;
  const signup = await request.post('/api/register', {
    data: { ...validRegistration, lastname, email },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(signup.status()).toBe(201);
  const [buyer] = queryDb<{ id: string }>('select id from app_user where email = ?', email);
  const [project] = queryDb<{ id: number }>(
    'select id from buyer_project where user_id = ?',
    buyer!.id,
  );
  return {
    id: buyer!.id,
    projectId: project!.id,
    email,
    name: `${validRegistration.firstname} ${lastname}`,
  };
}

/** A buyer of this test's own: signed up, address confirmed, given to the demo hunter. */
async function newBuyerOfDemoHunter(request: APIRequestContext) {
  const buyer = await signUp(request);
  const activation = (await outbox(request, buyer.email))
    .flatMap((m) => m.links)
    .find((l) => l.includes('/activation/'));
  const activated = await request.post('/api/auth/activate', {
    data: { code: activation?.split('/activation/')[1] },
  });
  expect(activated.status()).toBe(200);
  const [hunter] = queryDb<{ id: string }>(
    'select id from app_user where email = ?',
    'chasseur@demo.chassimmo.fr',
  );
  const login = await request.post('/api/login', {
    data: { username: 'manager@demo.chassimmo.fr', password: 'Demo1234' },
  });
  const manager = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const fiche = (await (
    await request.get(`/api/staff/buyers/${encodeURIComponent(buyer.id)}`, { headers: manager })
  ).json()) as { user: { version: number } };
  const assigned = await request.post(`/api/staff/buyers/${encodeURIComponent(buyer.id)}/assign`, {
    data: { hunterId: hunter!.id, version: fiche.user.version },
    headers: manager,
  });
  expect(assigned.ok()).toBe(true);
  return buyer;
}

/** The client's phone (390 px), signed in through the sign-in page. */
async function clientPhone(browser: Browser, baseURL: string, email: string): Promise<Page> {
  return (await clientBrowser(browser, baseURL, email, { password: validRegistration.password }))
    .page;
}

test.describe('mandat de recherche (issue 30)', () => {
  test.setTimeout(timeouts.scenario);

  test('the hunter prepares, the client signs on a phone with the e-mailed code, the register numbers it, the PDF is signed and stored as shown', async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const buyer = await newBuyerOfDemoHunter(request);

    // The demo hunter prepares the mandate from the fiche acquéreur.
    const hunterContext = await signedInContext(browser, request, baseURL!, 'chasseur');
    const hunter = await hunterContext.newPage();
    await hunter.goto(`/wh-dashboard/acquereurs/${encodeURIComponent(buyer.id)}`);
    await appStarted(hunter);
    const panel = hunter.getByRole('region', { name: 'Mandat', exact: true });
    await expect(panel).toContainText('Aucun mandat pour ce projet');
    await panel.getByRole('button', { name: 'Préparer le mandat' }).click();
    await expect(panel.getByTestId('mandate-status')).toHaveText('En attente de signature');
    await expect(panel).toContainText('Préparé par Charles Chasseur');
    await expect(hunter.getByTestId('fiche-stage')).toHaveText('En cours de validation');

    // The client, on a phone: « Mon mandat », readable in the page.
    const phone = await clientPhone(browser, baseURL!, buyer.email);
    await phone.goto('/dashboard#mon-mandat');
    await appStarted(phone);
    const mine = phone.getByRole('region', { name: 'Mon mandat' });
    const mandate = mine.getByTestId('mandate-document');
    await expect(mandate.getByRole('heading', { name: 'Mandat de recherche' })).toBeVisible();
    await expect(mandate).toContainText(buyer.name);
    await expect(mine.getByTestId('mandate-section-termination')).toContainText(
      'PASSÉ UN DÉLAI DE TROIS MOIS',
    );
    await expect(mandate.getByRole('table', { name: 'Barème des honoraires' })).toBeVisible();
    await expect(mine.getByTestId('mandate-withdrawal-form')).toContainText(
      'Formulaire de rétractation',
    );
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(phone, testInfo, '« Mon mandat » (à signer, coordonnées manquantes)');

    // The postal address the mandate lacks, asked first: refused empty, said under the field.
    const identity = mine.getByTestId('mandate-identity');
    await identity.getByRole('button', { name: 'Enregistrer mes coordonnées' }).click();
    await expect(identity.getByLabel('Adresse postale')).toHaveAccessibleDescription(
      /Indiquez votre adresse postale complète/,
    );
    await identity.getByLabel('Adresse postale').fill('8 avenue de Paris, 94300 Vincennes');
    await identity.getByRole('button', { name: 'Enregistrer mes coordonnées' }).click();
    await expect(identity).toBeHidden();
    await expect(mandate).toContainText('8 avenue de Paris, 94300 Vincennes');

    // « J’ai lu et j’accepte », never ticked in advance; the code asked without it is refused.
    const sign = mine.getByTestId('mandate-sign');
    const accept = sign.getByRole('checkbox', { name: /J’ai lu et j’accepte/ });
    await expect(accept).not.toBeChecked();
    await sign.getByRole('button', { name: 'Recevoir le code' }).click();
    await expect(accept).toHaveAccessibleDescription(/Cochez «\u00a0J’ai lu et j’accepte\u00a0»/);
    await accept.check();
    await sign.getByRole('button', { name: 'Recevoir le code' }).click();
    const code = await codeFromOutbox(request, buyer.email);
    const field = sign.getByLabel(/Code reçu par e-mail/);
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    // A wrong code: said under the field, with the tries left, what was typed kept.
    const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    await field.fill(wrong);
    await sign.getByRole('button', { name: 'Signer le mandat' }).click();
    await expect(field).toHaveAccessibleDescription(/Il vous reste 4\u00a0essais/);
    await expect(field).toHaveValue(wrong);

    // The right one signs.
    await field.fill(code);
    await sign.getByRole('button', { name: 'Signer le mandat' }).click();
    const signed = mine.getByTestId('mandate-signed');
    await expect(signed.getByRole('heading', { name: /^Mandat signé n°\s\d+$/ })).toBeFocused();
    const number = Number(await signed.getByTestId('mandate-number').textContent());
    expect(number).toBeGreaterThan(0);
    const shownHash = (await signed.getByTestId('mandate-hash').textContent())!.trim();
    expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
    await expect(mine.getByRole('button', { name: 'Me rétracter' })).toBeVisible();
    await expectAccessible(phone, testInfo, '« Mon mandat » (signé)');

    // The signed PDF: its number, both parties, the fee, the 3-month clause; signed by the
    // agency (PAdES) and the very file whose SHA-256 is stored.
    const downloading = phone.waitForEvent('download');
    await signed.getByRole('button', { name: 'Télécharger le PDF signé' }).click();
    const pdf = readFileSync((await (await downloading).path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const verification = verifyPadesSignature(pdf);
    expect(verification.valid).toBe(true);
    expect(verification.signedDigestMatches).toBe(true);
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(shownHash);
    const [stored] = queryDb<{ pdf_sha256: string }>(
      'select pdf_sha256 from mandate where register_number = ?',
      number,
    );
    expect(stored?.pdf_sha256).toBe(shownHash);
    const text = pdfFlatText(pdf);
    expect(text).toContain(`n° ${number}`);
    expect(text).toContain(buyer.name);
    expect(text).toContain('Chassimmo SAS');
    expect(text).toContain('Honoraires TTC');
    expect(text).toContain('PASSÉ UN DÉLAI DE TROIS MOIS');

    // The project moved to « Mandat signé » by itself; the hunter's fiche says so.
    await hunter.reload();
    await appStarted(hunter);
    await expect(hunter.getByTestId('fiche-stage')).toHaveText('Mandat signé');
    await expect(panel.getByTestId('mandate-status')).toHaveText('Signé');
    await expect(panel).toContainText(new RegExp(`N°\\s${number}(?!\\d)`));
    await hunterContext.close();

    // The register (admin: the demo directeur's password belongs to tests/auth.spec.ts): the
    // number with the client's name, the chain intact, an observation added.
    const adminContext = await signedInContext(browser, request, baseURL!, 'admin');
    const admin = await adminContext.newPage();
    await admin.goto('/wh-dashboard');
    await appStarted(admin);
    await admin
      .getByRole('navigation', { name: 'Espace de gestion' })
      .getByRole('link', { name: 'Registre des mandats' })
      .click();
    await expect(
      admin.getByRole('heading', { level: 1, name: 'Registre des mandats' }),
    ).toBeVisible();
    await expect(admin.getByTestId('register-chain')).toContainText('Registre intègre');
    const row = admin.getByTestId('register-row').filter({
      has: admin.getByRole('rowheader', { name: String(number), exact: true }),
    });
    await expect(row).toContainText(buyer.name);
    await expect(row).toContainText('8 avenue de Paris, 94300 Vincennes');
    await expectAccessible(admin, testInfo, '« Registre des mandats »');
    // The exports: the CSV for French Excel (BOM, ';'), the PDF for an inspection.
    const csvDownload = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Exporter en CSV' }).click();
    const csv = readFileSync((await (await csvDownload).path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toMatch(new RegExp(`^${number};`, 'm'));
    expect(csv).toContain(buyer.name);
    const pdfDownload = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Exporter en PDF' }).click();
    const registerPdf = readFileSync((await (await pdfDownload).path())!);
    expect(registerPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await row.getByRole('button', { name: /Ajouter une observation/ }).click();
    const dialog = admin.getByRole('dialog', {
      name: new RegExp(`^Observation au mandat n°\\s${number}$`),
    });
    await dialog.getByLabel('Observation').fill('Copie remise au mandant en agence.');
    await dialog.getByRole('button', { name: 'Inscrire l’observation' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Copie remise au mandant en agence.');
    await expect(admin.getByTestId('register-chain')).toContainText('Registre intègre');
    await adminContext.close();

    // The manager reads the register but writes nothing.
    const managerContext = await signedInContext(browser, request, baseURL!, 'manager');
    const manager = await managerContext.newPage();
    await manager.goto('/wh-dashboard/registre-des-mandats');
    await appStarted(manager);
    await expect(manager.getByTestId('register-row').first()).toBeVisible();
    await expect(manager.getByRole('button', { name: /Ajouter une observation/ })).toHaveCount(0);
    await managerContext.close();
    await phone.context().close();
  });

  test('within 14 days the client withdraws with the form online; the register says it @mobile', async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const buyer = await signUp(request);
    await signMandateByApi(request, {
      email: buyer.email,
      userId: buyer.id,
      projectId: buyer.projectId,
    });

    const phone = await clientPhone(browser, baseURL!, buyer.email);
    await phone.goto('/dashboard#mon-mandat');
    await appStarted(phone);
    const mine = phone.getByRole('region', { name: 'Mon mandat' });
    await expect(mine.getByTestId('mandate-status')).toHaveText('Signé');
    const number = Number(await mine.getByTestId('mandate-number').textContent());
    await mine.getByRole('button', { name: 'Me rétracter' }).click();
    const form = mine.getByTestId('mandate-withdraw');
    await expect(form).toContainText('Je vous notifie par la présente ma rétractation');
    await expect(form).toContainText(`n°\u00a0${number}`);
    // Sent without the box ticked: refused under it, nothing sent.
    await form.getByRole('button', { name: 'Envoyer ma rétractation' }).click();
    const confirm = form.getByRole('checkbox', { name: /Je me rétracte du mandat de recherche/ });
    await expect(confirm).toHaveAccessibleDescription(/Cochez la case pour confirmer/);
    await expect(mine.getByTestId('mandate-status')).toHaveText('Signé');
    await confirm.check();
    await form.getByRole('button', { name: 'Envoyer ma rétractation' }).click();
    await expect(mine.getByTestId('mandate-status')).toHaveText('Rétracté');
    await expect(mine).toContainText('Vous vous êtes rétracté');
    await expect(mine.getByRole('button', { name: 'Me rétracter' })).toHaveCount(0);
    await phone.context().close();

    // The register, on the admin's phone: the row as a card, the withdrawal in its observations.
    const adminContext = await signedInContext(browser, request, baseURL!, 'admin');
    const admin = await adminContext.newPage();
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/wh-dashboard/registre-des-mandats');
    await appStarted(admin);
    const card = admin.getByTestId('register-card').filter({ hasText: buyer.name });
    await expect(card).toContainText(`N°\u00a0${number}`);
    await expect(card).toContainText('Rétractation du mandant');
    await expect(admin.getByTestId('register-chain')).toContainText('Registre intègre');
    await expectAccessible(admin, testInfo, '« Registre des mandats » (390 px)');
    await adminContext.close();
  });
});
