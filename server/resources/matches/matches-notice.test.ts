import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validOwnerSubmission } from '../../../src/domain/owner-questionnaire.fixture';
import { addBuyer } from '../../staff/test-records';
import { staffApps } from '../../staff/test-staff';
import { notifyMatchingHunters } from './match-notices';

const open = staffApps();

describe('a new owner lead tells the hunters of the buyers it fits', () => {
  it('mails each hunter once, even when the lead is sent again or scored again', async () => {
    const t = await open();
    // Two buyers of the demo hunter searching Vincennes (budget 650 000 €), one of the manager's
    // searching Sèvres only.
    await addBuyer(t.db, 'Noticeone', t.ids.chasseur, { lastname: 'Un' });
    await addBuyer(t.db, 'Noticetwo', t.ids.chasseur, { lastname: 'Deux' });
    await addBuyer(t.db, 'Noticeaway', t.ids.manager, { department: ['92'], city: 'Sèvres' });
    const mailsTo = (to: string) =>
      t.db.selectFrom('mail_queue').selectAll().where('recipient', '=', to).execute();
    const before = (await mailsTo('chasseur@demo.chassimmo.fr')).length;
    const managerBefore = (await mailsTo('manager@demo.chassimmo.fr')).length;

    const key = randomUUID();
    const post = () =>
      t.app.request('/api/public/biens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(validOwnerSubmission),
      });
    const res = await post();
    expect(res.status).toBe(201);
    const { id: propertyId } = (await res.json()) as { id: number };
    expect((await post()).status).toBe(201);

    const told = (await mailsTo('chasseur@demo.chassimmo.fr')).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe('Un nouveau bien à Vincennes correspond à vos acquéreurs');
    expect(told[0]?.text).toContain('Noticeone Un');
    expect(told[0]?.text).toContain('Noticetwo Deux');
    expect(told[0]?.text).not.toMatch(/Noticeaway/);
    // Scored again (a retry, a second instance): nobody is told twice.
    expect(await notifyMatchingHunters(t.db, t.mails, propertyId, new Date().toISOString())).toBe(
      0,
    );
    expect(await mailsTo('chasseur@demo.chassimmo.fr')).toHaveLength(before + 1);
    const managerMails = (await mailsTo('manager@demo.chassimmo.fr')).slice(managerBefore);
    expect(managerMails.filter((m) => m.subject.startsWith('Un nouveau bien'))).toEqual([]);
  });
});
