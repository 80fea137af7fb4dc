import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { validRegistration } from '../src/domain/buyer-signup.fixture';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { appStarted, expect, queryDb, signedInContext, test } from './fixtures';
import { swReady } from './support/browser-state';
import { demo } from './support/sign-in';
import { expectNoteArrivedOnce } from './support/offline-changes';
import { signMandateByApi } from './support/signed-mandate';
import { timeouts } from './support/timeouts';

/** Letters only: names pass the forms' rules and stay unique per run. */
const unique = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

async function newBuyer(request: APIRequestContext, lastname: string, email: string) {
  const res = await request.post('/api/register', {
    data: { ...validRegistration, lastname, email },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status()).toBe(201);
}

async function newOwnerLead(request: APIRequestContext, lastname: string) {
  const res = await request.post('/api/public/biens', {
    data: {
      ...validOwnerSubmission,
      contact: {
        ...validOwnerSubmission.contact,
        lastname,
        email: `proprietaire.${Date.now()}@exemple.fr`,
      },
    },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status()).toBe(201);
}

/** Opens the staff area's home on a page whose context is signed in (tests/fixtures.ts). */
async function openStaffArea(page: Page) {
  await page.goto('/wh-dashboard');
  await appStarted(page);
}

test.describe('staff area (issue 15)', () => {
  test.setTimeout(timeouts.scenario);
  test.use({ signedInAs: 'manager' });

  test('a new signup and a new owner lead reach « Aujourd’hui »; the manager assigns the buyer, the hunter moves the project and the client is told', async ({
    page,
    browser,
    baseURL,
  }) => {
    const lastname = `Éloïse${unique()}`;
    const email = `${lastname
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}@exemple.fr`;
    const ownerName = `Océane${unique()}`;
    await newBuyer(page.request, lastname, email);
    await newOwnerLead(page.request, ownerName);

    // The manager's day: both new requests, each with its 48-hour deadline.
    await openStaffArea(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Aujourd’hui' })).toBeVisible();
    const buyerCard = page.getByRole('listitem').filter({ hasText: lastname });
    await expect(buyerCard).toContainText(
      // The full date, its words joined by no-break spaces (issue 29: never a bare weekday).
      /À rappeler avant (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\u00a0\d+(er)?\u00a0/,
    );
    await expect(buyerCard).toContainText('Non attribué');
    const leadCard = page.getByRole('listitem').filter({ hasText: ownerName });
    await expect(leadCard).toContainText(/À rappeler avant/);

    // The manager gives the buyer to the demo hunter.
    await buyerCard.getByRole('link', { name: new RegExp(lastname) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lastname);
    await page.getByLabel('Chasseur attribué').selectOption({ label: 'Charles Chasseur' });
    await page.getByRole('button', { name: 'Attribuer' }).click();
    await expect(page.getByRole('region', { name: 'Chasseur', exact: true })).toContainText(
      'Charles Chasseur',
    );

    // The CSV of the manager's current view opens in French Excel: BOM, ';', accents intact.
    await page.goto(`/wh-dashboard/acquereurs?q=${encodeURIComponent(lastname)}`);
    await expect(page.getByRole('link', { name: new RegExp(lastname) })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    const csv = readFileSync((await (await downloading).path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Nom;Prénom;E-mail;Téléphone;Étape');
    expect(csv).toContain(`${lastname};Léa;${email}`);
    expect(csv.trim().split('\r\n')).toHaveLength(2);

    // Issue 30: no search work before a signed mandate. The buyer signs the mandate online and
    // the project reaches « Mandat signé » by itself (the hunter can no longer move it there).
    const [buyer] = queryDb<{ userId: string; projectId: number }>(
      `select u.id as userId, p.id as projectId from app_user u join buyer_project p on p.user_id = u.id
       where u.email = ?`,
      email,
    );
    await signMandateByApi(page.request, { email, ...buyer! });

    // The hunter finds the buyer among their clients and moves the project on, with a note.
    const context = await signedInContext(browser, page.request, baseURL!, 'chasseur');
    const hunter = await context.newPage();
    await openStaffArea(hunter);
    await hunter.getByRole('link', { name: 'Acquéreurs', exact: true }).click();
    await hunter.getByLabel('Rechercher un acquéreur').fill(lastname);
    await hunter.getByRole('button', { name: 'Rechercher' }).click();
    await hunter.getByRole('link', { name: new RegExp(lastname) }).click();
    await expect(hunter.getByTestId('fiche-stage')).toHaveText('Mandat signé');
    await hunter.getByLabel(/Note du changement d’étape/).fill('Recherches lancées ce matin.');
    await hunter.getByRole('button', { name: /Passer à « Recherche »/ }).click();
    // Confirmed first (issue 29): from → to, the note, the client told by default.
    const confirm = hunter.getByRole('dialog', { name: 'Changer l’étape du projet\u202f?' });
    await expect(confirm).toContainText('« Mandat signé » → « Recherche »');
    await expect(confirm).toContainText('Recherches lancées ce matin.');
    await expect(confirm.getByLabel(/Prévenir le client par e-mail/)).toBeChecked();
    await confirm.getByRole('button', { name: 'Confirmer le changement' }).click();
    await expect(hunter.getByTestId('fiche-stage')).toHaveText('Recherche');
    await expect(hunter.getByText('Recherches lancées ce matin.').first()).toBeVisible();
    // Going back needs a note: said next to the field, nothing sent.
    await hunter.getByRole('button', { name: /Revenir à « Mandat signé »/ }).click();
    await expect(hunter.getByRole('alert')).toContainText('Expliquez en une note');
    await expect(hunter.getByTestId('fiche-stage')).toHaveText('Recherche');
    await context.close();

    // The client is e-mailed, in French, with the new stage's label.
    await expect
      .poll(async () => {
        const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
        const subjects = ((await res.json()) as { subject: string }[]).map((m) => m.subject);
        return subjects.some((s) => /^Votre projet avance\s:\sRecherche$/.test(s));
      })
      .toBe(true);
    const moves = queryDb<{ n: number }>(
      `select count(*) as n from project_stage_move m join buyer_project p on p.id = m.project_id
       join app_user u on u.id = p.user_id where u.email = ?`,
      email,
    );
    // The signature's move to « Mandat signé », then the hunter's.
    expect(moves[0]?.n).toBe(2);
  });

  test('a stage moved meanwhile by someone else: the move is refused and the fiche reloaded', async ({
    page,
    browser,
    baseURL,
  }) => {
    const lastname = `Gaël${unique()}`;
    const email = `gael${unique()}@exemple.fr`;
    await newBuyer(page.request, lastname, email);
    const id = queryDb<{ id: string }>('select id from app_user where email = ?', email)[0]?.id;
    // Issue 30: the mandate signed online puts the project at « Mandat signé » by itself.
    const [project] = queryDb<{ id: number }>('select id from buyer_project where user_id = ?', id);
    await signMandateByApi(page.request, { email, userId: id!, projectId: project!.id });
    await page.goto(`/wh-dashboard/acquereurs/${id}`);
    await expect(page.getByTestId('fiche-stage')).toHaveText('Mandat signé');

    // Not the directeur: tests/auth.spec.ts changes that account's password.
    const context = await signedInContext(browser, page.request, baseURL!, 'admin');
    const other = await context.newPage();
    await other.goto(`/wh-dashboard/acquereurs/${id}`);
    await appStarted(other);
    await other.getByRole('button', { name: /Passer à « Recherche »/ }).click();
    await other.getByRole('button', { name: 'Confirmer le changement' }).click();
    await expect(other.getByTestId('fiche-stage')).toHaveText('Recherche');
    await context.close();

    // This page still shows the old version: its move is refused, said, and the fiche reloaded.
    await page.getByRole('button', { name: /Passer à « Recherche »/ }).click();
    await page.getByRole('button', { name: 'Confirmer le changement' }).click();
    await expect(page.getByRole('alert')).toContainText('vient d’être modifié');
    await expect(page.getByTestId('fiche-stage')).toHaveText('Recherche');
  });
});

test.describe('staff area offline (issue 15)', () => {
  test.use({ serviceWorkers: 'allow', signedInAs: 'chasseur' });
  test.setTimeout(timeouts.scenario);

  test('a note written offline waits with its state across a reload, then arrives once', async ({
    page,
    context,
  }) => {
    // A demo buyer the demo hunter follows (server/db/seed-demo-work.ts).
    const [client] = queryDb<{ id: string }>(
      'select id from app_user where email = ?',
      demo('acheteur1'),
    );
    await openStaffArea(page);
    await swReady(page);
    // The fiche, opened online once: kept on the device for offline reading.
    await page.goto(`/wh-dashboard/acquereurs/${client!.id}`);
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
    const text = `Rappelée depuis le parking ${unique()}\u00a0: visite samedi.`;

    await context.setOffline(true);
    await page.getByLabel('Nouvelle note').fill(text);
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    const pending = page.getByTestId('pending-note').filter({ hasText: text });
    await expect(pending).toContainText('En attente');

    await page.reload();
    await expect(page.getByText(/Hors ligne/).first()).toBeVisible();
    await expect(page.getByTestId('pending-note').filter({ hasText: text })).toContainText(
      'En attente',
    );

    await context.setOffline(false);
    await expectNoteArrivedOnce(page, text);
  });
});
