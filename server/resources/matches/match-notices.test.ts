import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import { validOwnerSubmission } from '../../../src/domain/owner-questionnaire.fixture';
import { JobWorker } from '../../jobs/job-worker';
import { addBuyer } from '../../staff/test-records';
import { staffApps } from '../../staff/test-staff';
import { postJson } from '../../test-app';
import { reminderHandlers } from '../routing/reminders';
import { setAvailability, setRoutingRule } from '../routing/routing.repo';
import { matchNoticeHandlers, MATCH_BUYER_JOB, notifyMatchingHunters } from './match-notices';

const open = staffApps();
const MINUTE = 60_000;

type Staff = Awaited<ReturnType<typeof open>>;

/** The notifications of one person, oldest first. */
const notificationsOf = (t: Staff, userId: string) =>
  t.db
    .selectFrom('staff_notification')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const mailsTo = (t: Staff, to: string, subjectStart: string) =>
  t.db
    .selectFrom('mail_queue')
    .selectAll()
    .where('recipient', '=', to)
    .where('subject', 'like', `${subjectStart}%`)
    .execute();

/** An owner lead for Vincennes (520 000 €), posted as the questionnaire does. */
async function postLead(t: Staff, key = randomUUID()) {
  const res = await t.app.request(
    '/api/public/biens',
    postJson(validOwnerSubmission, { 'Idempotency-Key': key }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A buyer's signup (Vincennes and the 92, 650 000 €), replayable by its key. */
async function register(t: Staff, email: string, key: string) {
  const res = await t.app.request(
    '/api/register',
    postJson({ ...validRegistration, email }, { 'Idempotency-Key': key }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The server's JobWorker with this test's clock. */
const workerAt = (t: Staff, clock: () => number) =>
  new JobWorker(
    t.db,
    {
      ...reminderHandlers({ mails: t.mails, publicUrl: 'https://x.fr' }),
      ...matchNoticeHandlers({ mails: t.mails, publicUrl: 'https://x.fr' }),
    },
    { now: clock },
  );

describe('a new owner lead tells the hunters of the buyers it fits', () => {
  it('with one notification each besides the mail, once', async () => {
    const t = await open();
    await addBuyer(t.db, 'Leadnotice', t.ids.chasseur, { lastname: 'Un' });
    const key = randomUUID();
    const propertyId = await postLead(t, key);
    await postLead(t, key);
    const { contact_id: leadId } = await t.db
      .selectFrom('owner_property')
      .select('contact_id')
      .where('id', '=', propertyId)
      .executeTakeFirstOrThrow();
    // Scored again with another instant (a retry, a second instance): nothing more.
    expect(await notifyMatchingHunters(t.db, t.mails, propertyId, new Date().toISOString())).toBe(
      0,
    );

    const lines = (await notificationsOf(t, t.ids.chasseur)).filter((n) => n.kind === 'match-lead');
    expect(lines).toMatchObject([
      {
        record_type: 'owner',
        record_id: String(leadId),
        text: 'Nouveau bien à Vincennes\u00a0: il correspond à vos acquéreurs.',
        read_at: null,
      },
    ]);
    // The line names nobody (erasure): the list reads the names when shown.
    expect(lines[0]?.text).not.toMatch(/Leadnotice|Vendeur/);
    expect(await mailsTo(t, 'chasseur@demo.chassimmo.fr', 'Un nouveau bien')).toHaveLength(1);
    // The API lists it with the lead's current name.
    const listed = await t.call('chasseur', 'GET', '/api/staff/notifications');
    expect(listed.status).toBe(200);
    const { notifications } = listed.body as {
      notifications: { kind: string; recordName: string | null }[];
    };
    expect(notifications.find((n) => n.kind === 'match-lead')?.recordName).toBeTruthy();
    // No buyer of the manager fits: the manager is told nothing.
    expect(
      (await notificationsOf(t, t.ids.manager)).filter((n) => n.kind === 'match-lead'),
    ).toEqual([]);
  });
});

describe('a new buyer project tells who follows it of the owner leads it fits', () => {
  it('tells the hunter the routing rule gave it, once, even replayed and with two workers', async () => {
    const t = await open();
    await postLead(t);
    // Round-robin: the demo hunter covers the 94 and receives the new buyer.
    await setAvailability(t.db, t.ids.chasseur, { departments: ['94'], absent: false });
    await setRoutingRule(t.db, t.ids.manager, 'round-robin', Date.now());
    const key = randomUUID();
    const before = Date.now();
    const buyerId = await register(t, 'nouvel.acquereur@exemple.fr', key);
    expect(await register(t, 'nouvel.acquereur@exemple.fr', key)).toBe(buyerId);
    const after = Date.now();
    const assigned = await t.db
      .selectFrom('app_user')
      .select('id_chasseur')
      .where('id', '=', buyerId)
      .executeTakeFirstOrThrow();
    expect(assigned.id_chasseur).toBe(t.ids.chasseur);
    const jobs = await t.db
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', MATCH_BUYER_JOB)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.due_at).toBeGreaterThanOrEqual(before);
    expect(jobs[0]!.due_at).toBeLessThanOrEqual(after);

    // Before it is due, nothing; then two workers (two instances) run it once.
    let clock = before - MINUTE;
    await workerAt(t, () => clock).drain();
    expect(await notificationsOf(t, t.ids.chasseur)).toEqual([]);
    clock = after + MINUTE;
    await Promise.all([workerAt(t, () => clock).drain(), workerAt(t, () => clock).drain()]);
    await workerAt(t, () => clock).drain();

    const lines = (await notificationsOf(t, t.ids.chasseur)).filter(
      (n) => n.kind === 'match-buyer',
    );
    expect(lines).toMatchObject([
      {
        record_type: 'buyer',
        record_id: buyerId,
        text: 'Nouvel acquéreur\u00a0: un bien de nos propriétaires correspond à sa recherche.',
        created_at: new Date(clock).toISOString(),
      },
    ]);
    const mails = await mailsTo(t, 'chasseur@demo.chassimmo.fr', 'Nouvel acquéreur');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Nouvel acquéreur\u00a0: ${validRegistration.firstname} ${validRegistration.lastname}, 1 bien à lui proposer`,
    );
    expect(mails[0]!.text).toContain('Vincennes, 520\u202f000\u00a0€');
    expect(mails[0]!.text).toContain(`https://x.fr/wh-dashboard/acquereurs/${buyerId}`);
    // The hunter has it: the managers are not told.
    expect(await mailsTo(t, 'manager@demo.chassimmo.fr', 'Nouvel acquéreur')).toEqual([]);
  });

  it('tells the managers while nobody has the buyer, and nobody when no lead fits', async () => {
    const t = await open();
    // Rule 'manual' (the default): the new buyer waits for a manager.
    const clock = Date.now() + MINUTE;
    const lonely = await register(t, 'sans.bien@exemple.fr', randomUUID());
    // No owner lead yet: their job runs and tells nobody.
    await workerAt(t, () => clock).drain();
    await postLead(t);
    const buyerId = await register(t, 'sans.chasseur@exemple.fr', randomUUID());
    await workerAt(t, () => clock + MINUTE).drain();
    const managerLines = (await notificationsOf(t, t.ids.manager)).filter(
      (n) => n.kind === 'match-buyer',
    );
    expect(managerLines.map((n) => [n.record_id, n.text])).toEqual([
      [
        buyerId,
        'Nouvel acquéreur sans chasseur\u00a0: un bien de nos propriétaires correspond à sa recherche.',
      ],
    ]);
    expect(managerLines.map((n) => n.record_id)).not.toContain(lonely);
    expect(await mailsTo(t, 'manager@demo.chassimmo.fr', 'Nouvel acquéreur')).toHaveLength(1);
    expect(
      (await notificationsOf(t, t.ids.chasseur)).filter((n) => n.kind === 'match-buyer'),
    ).toEqual([]);
  });
});
