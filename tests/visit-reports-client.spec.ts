import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { isoToParisLocal } from '../src/domain/paris-time';
import { appStarted, expect, queryDb, signedInContext, test } from './fixtures';
import { openDashboardWithWorker } from './support/offline-changes';
import { demo, PASSWORD } from './support/sign-in';
import { expectAccessible } from './support/accessible';
import { timeouts } from './support/timeouts';

/**
 * Issue 28, the report as read: the demo hunter sends a report « à proposer » with three photos
 * through the real API; the demo client finds it in « Mes visites » (photos fetched with the
 * token), answers « Ça m’intéresse » with a comment; the hunter sees the answer through the API
 * and on the fiche acquéreur, where the report opens with its photos. An answer made without
 * network waits in the outbox (« Envoi en attente », across a reload) and arrives once. Both
 * screens are checked by axe and for French typography, at 1280 and 390 px, and photographed.
 */

/** Letters only, unique per run: the report's address tells it from the other tests' reports. */
const unique = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

const fixtures = JSON.parse(readFileSync('tests/fixtures/photos/photos.json', 'utf8')) as {
  photos: Record<string, { shown: { width: number; height: number } }>;
};
const photoFiles = ['visite-1.jpg', 'visite-2.jpg', 'visite-3.jpg'].map((name) => ({
  bytes: readFileSync(`tests/fixtures/photos/${name}`),
  ...fixtures.photos[name]!.shown,
}));

const clientId = () =>
  queryDb<{ id: string }>('select id from app_user where email = ?', demo('client'))[0]!.id;

/** The demo hunter's bearer token, asked of the server. */
async function hunterToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', {
    data: { username: demo('chasseur'), password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * As the demo hunter, through the API the report form uses: a report « à proposer » for the
 * demo client (Idempotency-Key), then its photos one by one. The report's server id.
 */
async function sendReport(
  request: APIRequestContext,
  address: string,
  photos = photoFiles,
): Promise<number> {
  const auth = { Authorization: `Bearer ${await hunterToken(request)}` };
  const ref = randomUUID();
  const listed = photos.map((p) => ({
    id: randomUUID(),
    width: p.width,
    height: p.height,
    size: p.bytes.length,
  }));
  const sent = await request.post('/api/staff/visit-reports', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: {
      ref,
      buyerId: clientId(),
      visitId: null,
      address,
      department: '75',
      city: '75111',
      visitedAt: isoToParisLocal(new Date(Date.now() - 2 * 60 * 60_000).toISOString()),
      askingPrice: 545_000,
      livingArea: 48.5,
      rooms: 2,
      floor: 3,
      lift: true,
      energy: 245,
      emissions: 52,
      condition: 'travaux',
      works: 'Cuisine et salle d’eau à refaire.',
      worksEstimate: 18_000,
      rating: 4,
      strengths: 'Traversant, lumineux, parquet ancien.',
      weaknesses: 'Sur rue, pas de cave.',
      recommendation: 'proposer',
      reason: 'Dans votre budget, au calme côté cour, à deux pas du métro.',
      photos: listed,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  for (const [i, photo] of listed.entries()) {
    const put = await request.put(`/api/staff/visit-reports/${ref}/photos/${photo.id}`, {
      headers: { ...auth, 'Content-Type': 'image/jpeg', 'Idempotency-Key': photo.id },
      data: photos[i]!.bytes,
    });
    expect(put.status(), await put.text()).toBe(201);
  }
  return id;
}

/** As the demo hunter: a visit planned for the demo client tomorrow, with her. */
async function planVisit(request: APIRequestContext, address: string): Promise<number> {
  const res = await request.post(`/api/staff/buyers/${encodeURIComponent(clientId())}/visits`, {
    headers: { Authorization: `Bearer ${await hunterToken(request)}` },
    data: {
      address,
      department: '75',
      city: '75111',
      startsAt: `${isoToParisLocal(new Date(Date.now() + 24 * 60 * 60_000).toISOString()).slice(0, 10)}T10:30`,
      duration: 45,
      withClient: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The card's photos fetched and drawn (object URLs, decoded). */
async function expectPhotosShown(card: Locator, count: number) {
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('report-photos')).toHaveAttribute('data-loaded', String(count), {
    timeout: timeouts.background,
  });
  const photo = card.getByTestId('gallery-photo');
  await expect(photo).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/**
 * What a person sees of `part`, screen after screen (the sticky header included), as PNGs in the
 * test's output folder: `name-1.png`, `name-2.png`…
 */
async function photograph(page: Page, part: Locator, testInfo: TestInfo, name: string) {
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

const widths = [
  { tag: '', label: '1280 px', file: '1280' },
  { tag: ' @mobile', label: '390 px', file: '390' },
];

test.describe('visit reports, the buyer side (issue 28)', () => {
  test.use({ signedInAs: 'client' });
  test.setTimeout(timeouts.scenario);

  for (const { tag, label, file } of widths) {
    test(`the client reads a report with its photos and answers; the hunter sees the answer${tag}`, async ({
      page,
      request,
      browser,
      baseURL,
    }, testInfo) => {
      const address = `${20 + Math.floor(Math.random() * 80)}, rue ${unique()}`;
      const id = await sendReport(request, address);
      const visitAddress = `${20 + Math.floor(Math.random() * 80)}, passage ${unique()}`;
      const visitId = await planVisit(request, visitAddress);

      await page.goto('/dashboard#mes-visites');
      const section = page.getByRole('region', { name: 'Mes visites' });
      const card = section.getByTestId('report-card').filter({ hasText: address });
      await expect(card).toHaveCount(1);
      // The visit planned for tomorrow, with its calendar file.
      const planned = section.getByTestId('visit-upcoming').filter({ hasText: visitAddress });
      await expect(planned).toContainText('à 10\u00a0h\u00a030');
      await expect(planned).toContainText('Avec vous');
      const download = page.waitForEvent('download');
      await planned.getByRole('button', { name: /Ajouter à mon agenda/ }).click();
      const ics = await download;
      expect(ics.suggestedFilename()).toBe(`visite-${visitId}.ics`);
      expect(readFileSync((await ics.path())!, 'utf8')).toContain('BEGIN:VCALENDAR');
      await expect(card.getByRole('heading', { name: `${address}, Paris 11e` })).toBeVisible();
      await expect(card).toContainText('545\u202f000\u00a0€');
      await expect(card).toContainText('48,5\u00a0m²');
      await expect(card).toContainText('3e étage, avec ascenseur');
      await expect(card.getByTestId('report-rating')).toContainText('Note\u00a0: 4 sur 5');
      await expect(card.getByTestId('energy-labels')).toHaveAttribute('data-energy-class', 'E');
      await expect(card.getByTestId('gallery-position')).toHaveText('Photo 1 sur 3');
      await expectPhotosShown(card, 3);
      // « Mon projet » counts the reports published for her.
      await expect(page.getByTestId('visited-count')).toHaveText(
        /^\d+\u00a0biens? visités? pour vous$/,
      );

      await expectAccessible(page, testInfo, `/dashboard « Mes visites » (${label})`);
      await photograph(page, section, testInfo, `mes-visites-${file}`);

      const comment = `Pouvons-nous la revoir samedi\u202f? (${unique()})`;
      await card.getByLabel('Un commentaire pour votre chasseur (facultatif)').fill(comment);
      await card.getByRole('button', { name: 'Ça m’intéresse' }).click();
      const given = card.getByTestId('answer-given');
      await expect(given).toContainText('Vous avez répondu «\u00a0Ça m’intéresse\u00a0»');
      await expect(given).toContainText(comment);
      await expect(card.getByRole('button', { name: 'Modifier ma réponse' })).toBeVisible();
      await photograph(page, card.getByTestId('report-answer'), testInfo, `reponse-${file}`);

      // The hunter: through the API…
      const fiche = await request.get(`/api/staff/buyers/${clientId()}/visits`, {
        headers: { Authorization: `Bearer ${await hunterToken(request)}` },
      });
      const { reports } = (await fiche.json()) as {
        reports: { id: number; answer: { answer: string; comment: string } | null }[];
      };
      expect(reports.find((r) => r.id === id)?.answer).toMatchObject({
        answer: 'interesse',
        comment,
      });

      // …and on the fiche acquéreur, where the report opens with its photos.
      const hunter = await signedInContext(browser, request, baseURL!, 'chasseur');
      // A choice already made, as the fixture's pages have it: no cookie banner over the fiche.
      await hunter.addInitScript(() =>
        localStorage.setItem(
          'cookie_consent',
          JSON.stringify({ choice: 'refused', at: Date.now() }),
        ),
      );
      const staff = await hunter.newPage();
      await staff.setViewportSize(page.viewportSize()!);
      await staff.goto(`/wh-dashboard/acquereurs/${encodeURIComponent(clientId())}`);
      await appStarted(staff);
      const panel = staff.getByRole('region', { name: 'Comptes rendus de visite' });
      const row = panel.getByTestId('visit-report-row').filter({ hasText: address });
      await expect(row.getByTestId('report-state')).toHaveText('Envoyé');
      await expect(row.getByTestId('report-client-answer')).toContainText(
        'Réponse du client\u00a0: «\u00a0Ça m’intéresse\u00a0»',
      );
      await expect(row.getByTestId('report-client-answer')).toContainText(comment);
      await row.getByRole('button', { name: 'Lire le compte rendu' }).click();
      const opened = row.getByTestId('report-card');
      await expect(opened.getByTestId('report-staff')).toContainText('À proposer');
      await expect(opened.getByTestId('report-staff')).toContainText('3/3 photos arrivées');
      await expectPhotosShown(opened, 3);
      await expectAccessible(
        staff,
        testInfo,
        `fiche acquéreur « Comptes rendus de visite » (${label})`,
      );
      await photograph(staff, panel, testInfo, `fiche-comptes-rendus-${file}`);
      await hunter.close();
    });
  }
});

test.describe('visit reports, the answer offline (issue 28)', () => {
  test.use({ serviceWorkers: 'allow' });
  test.setTimeout(timeouts.scenario);

  test('an answer made without network waits in the outbox, across a reload, and arrives once', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const address = `${20 + Math.floor(Math.random() * 80)}, rue ${unique()}`;
    const id = await sendReport(request, address, photoFiles.slice(0, 1));
    await openDashboardWithWorker(page, demo('client'));
    const card = page.getByTestId('report-card').filter({ hasText: address });
    await expect(card).toHaveCount(1);
    await expectPhotosShown(card, 1);

    await context.setOffline(true);
    const comment = `Trop bruyant pour nous (${unique()}).`;
    await card.getByLabel('Un commentaire pour votre chasseur (facultatif)').fill(comment);
    await card.getByRole('button', { name: 'Pas pour moi' }).click();
    const pending = card.getByTestId('pending-answer');
    await expect(pending).toContainText('Envoi en attente');
    await expect(pending).toContainText('Pas pour moi');
    await expect(pending).toContainText(comment);
    await photograph(page, pending, testInfo, 'reponse-en-attente');

    await page.reload();
    await expect(card.getByTestId('pending-answer')).toContainText('Envoi en attente');
    await expect(card.getByRole('button', { name: 'Ça m’intéresse' })).toHaveCount(0);
    expect(
      queryDb<{ answer: string | null }>('select answer from visit_report where id = ?', id)[0]
        ?.answer,
    ).toBeNull();

    await context.setOffline(false);
    await expect(card.getByTestId('pending-answer')).toHaveCount(0, {
      timeout: timeouts.background,
    });
    await expect(card.getByTestId('answer-given')).toContainText(
      'Vous avez répondu «\u00a0Pas pour moi\u00a0»',
    );
    const stored = queryDb<{ answer: string; answer_comment: string }>(
      'select answer, answer_comment from visit_report where id = ?',
      id,
    );
    expect(stored).toEqual([{ answer: 'pas_pour_moi', answer_comment: comment }]);
    const answers = queryDb<{ n: number }>(
      `select count(*) as n from audit_log where action = 'visit-report.answer' and after like ?`,
      `%"reportId":${id},%`,
    );
    expect(answers[0]?.n).toBe(1);
  });
});
