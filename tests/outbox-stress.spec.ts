import type { Page } from '@playwright/test';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import type { Fault } from './support/app-server';
import { storedRecords } from './support/browser-state';
import { expect, test } from './support/own-server';
import { timeouts } from './support/timeouts';

/**
 * Stress test of the outbox (issue 6), bounded: 20 owner submissions made across 50 switches of
 * the network, off and on, while the proxy answers some requests 500/503, cuts others off before
 * the server, and loses the answer of others after the server stored them.
 * Each submission is pressed twice (a double tap, a second tab) with its one key; a direct answer
 * other than 2xx or 202 is sent again by the "person" on the next online phase, as 'Réessayer'.
 * At the end the server must hold exactly one record per submission. Runs in `npm test` (e2e)
 * and alone with `npm run test:stress`; prints its figure.
 */
const SUBMISSIONS = 20;
const SWITCHES = 50;

test.use({ serviceWorkers: 'allow' });

/** Deterministic randomness: the same run every time, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

async function post(page: Page, email: string, key: string): Promise<number> {
  const body = { ...validOwnerSubmission, contact: { ...validOwnerSubmission.contact, email } };
  return page.evaluate(
    async ({ body, key }) => {
      try {
        const res = await fetch('/api/public/biens', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify(body),
        });
        return res.status;
      } catch {
        return 0;
      }
    },
    { body, key },
  );
}

/** Outbox entries still waiting or being sent, read from the page's IndexedDB. */
async function unsettled(page: Page): Promise<number> {
  const entries = await storedRecords<{ status: string }>(page, 'outbox');
  return entries.filter((e) => e.status === 'queued' || e.status === 'sending').length;
}

test('20 submissions through 50 network switches with 500s and cut connections: one record each', async ({
  page,
  context,
  app,
}) => {
  test.setTimeout(timeouts.scenario);
  const next = random(2026);
  const run = Date.now();
  const submissions = Array.from({ length: SUBMISSIONS }, (_, i) => ({
    email: `stress.${run}.${i}@exemple.fr`,
    key: crypto.randomUUID(),
    settled: false,
  }));
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), {
      timeout: timeouts.background,
    })
    .toBe(true);

  let offline = false;
  let made = 0;
  let injected500 = 0;
  let injectedAborts = 0;
  let lostAnswers = 0;
  let direct = 0;
  let queued = 0;
  for (let s = 0; s < SWITCHES; s += 1) {
    offline = !offline;
    await context.setOffline(offline);
    if (!offline) {
      // The network is back, and bad: some requests fail before reaching the server.
      const faults: Fault[] = [];
      for (let f = 0; f < 3; f += 1) {
        const roll = next();
        if (roll < 0.25) faults.push('500');
        else if (roll < 0.35) faults.push('503');
        else if (roll < 0.5) faults.push('abort');
        else if (roll < 0.65) faults.push('lost-answer');
      }
      injected500 += faults.filter((f) => f === '500' || f === '503').length;
      injectedAborts += faults.filter((f) => f === 'abort').length;
      lostAnswers += faults.filter((f) => f === 'lost-answer').length;
      app.inject('/api/public/biens', ...faults);
      // 'Réessayer' for the ones the server answered with an error while online.
      for (const sub of submissions.slice(0, made).filter((x) => !x.settled)) {
        const status = await post(page, sub.email, sub.key);
        if (status === 201 || status === 200 || status === 202) sub.settled = true;
      }
    }
    // Two submissions every five switches: 20 over the 50, each pressed twice.
    if (s % 5 < 2 && made < SUBMISSIONS) {
      const sub = submissions[made]!;
      made += 1;
      for (let press = 0; press < 2; press += 1) {
        const status = await post(page, sub.email, sub.key);
        if (status === 202) queued += 1;
        else if (status === 201 || status === 200) direct += 1;
        if (status === 201 || status === 200 || status === 202) sub.settled = true;
      }
    }
    await page.waitForTimeout(100 + Math.floor(next() * 400));
  }

  // The end of the journey: network on for good, no more faults.
  const unused = app.faults.get('/api/public/biens')?.length ?? 0;
  app.faults.clear();
  await context.setOffline(false);
  for (const sub of submissions.filter((x) => !x.settled)) {
    expect(await post(page, sub.email, sub.key)).toBeLessThan(300);
    sub.settled = true;
  }
  await expect
    .poll(
      async () => {
        // 'Renvoyer maintenant', as the person would after a long wait.
        await page.evaluate(() =>
          navigator.serviceWorker.controller?.postMessage({ type: 'OUTBOX_REPLAY', force: true }),
        );
        return unsettled(page);
      },
      { timeout: timeouts.background, intervals: [1000] },
    )
    .toBe(0);

  const rows = app.query<{ email: string; n: number }>(
    `select email, count(*) as n from owner_contact where email like ? group by email`,
    `stress.${run}.%`,
  );
  const records = rows.reduce((sum, r) => sum + r.n, 0);
  console.log(
    `Stress outbox : ${SUBMISSIONS} envois distincts (chacun pressé deux fois), ${SWITCHES} bascules réseau, ` +
      `${injected500} réponses 500/503, ${injectedAborts} connexions coupées avant le serveur et ` +
      `${lostAnswers} réponses perdues après enregistrement prévues, ` +
      `${injected500 + injectedAborts + lostAnswers - unused} données ; ` +
      `${direct} réponses directes, ${queued} mises en file ; ` +
      `${records} enregistrements sur le serveur pour ${rows.length} adresses.`,
  );
  // The faults did meet requests (direct sends and replays), or the test proves nothing.
  expect(injected500 + injectedAborts + lostAnswers - unused).toBeGreaterThan(10);
  expect(rows).toHaveLength(SUBMISSIONS);
  expect(rows.every((r) => r.n === 1)).toBe(true);
  expect(records).toBe(SUBMISSIONS);
});
