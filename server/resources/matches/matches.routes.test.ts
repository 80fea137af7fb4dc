import { describe, expect, it } from 'vitest';
import {
  CLIENT_PROPOSALS_PATH,
  buyerMatchesPath,
  clientProposalAnswerPath,
  buyerProposalsPath,
  leadMatchesPath,
} from '../../../src/domain/api/matches';
import { NOTIFICATIONS_PATH } from '../../../src/domain/api/routing';
import { signedIn } from '../../test-app';
import { addBuyer, addLead } from '../../staff/test-records';
import { staffApps } from '../../staff/test-staff';

const open = staffApps();

/** The demo app, a buyer of the demo hunter searching Vincennes, one of another, and a lead. */
async function setup() {
  const t = await open();
  const own = await addBuyer(t.db, 'Matchown', t.ids.chasseur);
  const others = await addBuyer(t.db, 'Matchother', t.ids.manager);
  // A 3-room flat in Vincennes at 520 000 €, the demo hunter's lead.
  const leadId = await addLead(t.db, 'Vendeur', t.ids.chasseur, 'Vincennes', 'Odile');
  return { t, own, others, leadId };
}

describe('GET matches of a buyer', () => {
  it('lists the leads that fit, with their reasons in French', async () => {
    const { t, own, leadId } = await setup();
    const { status, body } = await t.call('chasseur', 'GET', buyerMatchesPath(own.userId));
    expect(status).toBe(200);
    expect(body.projectId).toBe(own.projectId);
    const match = body.matches.find((m: { leadId: number }) => m.leadId === leadId);
    expect(match.proposedAt).toBeNull();
    expect(match.reasons.map((r: { text: string }) => r.text)).toEqual([
      'à Vincennes, ville recherchée',
      'Appartement recherché',
      'budget 650\u202f000\u00a0€ pour 520\u202f000\u00a0€ demandés\u00a0: +25\u00a0%',
      '3 pièces au lieu de 4 pièces',
      '50 à 70\u00a0m² au lieu de 70 à 100\u00a0m²',
    ]);
  });

  it('refuses another hunter’s buyer, clients and strangers; supervisors see any', async () => {
    const { t, others } = await setup();
    const path = buyerMatchesPath(others.userId);
    expect((await t.call('chasseur', 'GET', path)).status).toBe(404);
    expect((await t.call('client', 'GET', path)).status).toBe(403);
    expect((await t.call('anonymous', 'GET', path)).status).toBe(401);
    expect((await t.call('manager', 'GET', path)).status).toBe(200);
    expect((await t.call('admin', 'GET', buyerMatchesPath('inconnu'))).status).toBe(404);
  });
});

describe('GET matches of a lead', () => {
  it('lists the buyers that fit, a hunter only their own', async () => {
    const { t, own, others, leadId } = await setup();
    const asHunter = await t.call('chasseur', 'GET', leadMatchesPath(leadId));
    expect(asHunter.status).toBe(200);
    const hunterSees = asHunter.body.matches.map((m: { projectId: number }) => m.projectId);
    expect(hunterSees).toContain(own.projectId);
    expect(hunterSees).not.toContain(others.projectId);
    const asManager = await t.call('manager', 'GET', leadMatchesPath(leadId));
    const managerSees = asManager.body.matches.map((m: { projectId: number }) => m.projectId);
    expect(managerSees).toEqual(expect.arrayContaining([own.projectId, others.projectId]));
  });

  it('refuses another hunter’s lead', async () => {
    const { t } = await setup();
    const theirs = await addLead(t.db, 'Autre', t.ids.manager, 'Vincennes');
    expect((await t.call('chasseur', 'GET', leadMatchesPath(theirs))).status).toBe(404);
    expect((await t.call('client', 'GET', leadMatchesPath(theirs))).status).toBe(403);
  });
});

describe('« Proposer au client »', () => {
  it('shows the property to the client once, however often it is proposed', async () => {
    const { t, own, leadId } = await setup();
    const path = buyerProposalsPath(own.userId);
    const first = await t.call('chasseur', 'POST', path, { leadId });
    expect(first.status).toBe(201);
    const again = await t.call('chasseur', 'POST', path, { leadId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ proposalId: first.body.proposalId, created: false });
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'match-proposal')
      .where('record_id', '=', own.userId)
      .execute();
    expect(audits).toHaveLength(1);
    // Both lists say it was proposed, and when (the first time).
    const buyerList = await t.call('chasseur', 'GET', buyerMatchesPath(own.userId));
    const asLead = buyerList.body.matches.find((m: { leadId: number }) => m.leadId === leadId);
    expect(asLead.proposedAt).toEqual(expect.any(String));
    const leadList = await t.call('chasseur', 'GET', leadMatchesPath(leadId));
    const asBuyer = leadList.body.matches.find(
      (m: { projectId: number }) => m.projectId === own.projectId,
    );
    expect(asBuyer.proposedAt).toBe(asLead.proposedAt);

    const client = await signedIn(t, 'matchown@exemple.fr');
    const res = await t.app.request(CLIENT_PROPOSALS_PATH, { headers: client.headers });
    expect(res.status).toBe(200);
    const { proposals } = (await res.json()) as { proposals: Record<string, unknown>[] };
    expect(proposals).toEqual([
      expect.objectContaining({ city: 'Vincennes', price: 520_000, roomCount: 3, surface: 3 }),
    ]);
    // Never the owner's identity.
    expect(JSON.stringify(proposals)).not.toMatch(/Vendeur|Odile|@/);
    // Another client sees none of it.
    const other = await signedIn(t, 'matchother@exemple.fr');
    const theirs = await t.app.request(CLIENT_PROPOSALS_PATH, { headers: other.headers });
    expect(await theirs.json()).toEqual({ proposals: [] });
  });

  it('refuses another hunter’s buyer, an unknown lead, a bad body', async () => {
    const { t, others, own, leadId } = await setup();
    expect(
      (await t.call('chasseur', 'POST', buyerProposalsPath(others.userId), { leadId })).status,
    ).toBe(404);
    expect(
      (await t.call('chasseur', 'POST', buyerProposalsPath(own.userId), { leadId: 999_999 }))
        .status,
    ).toBe(404);
    const bad = await t.call('chasseur', 'POST', buyerProposalsPath(own.userId), { leadId: 'x' });
    expect(bad.status).toBe(400);
    expect(
      (await t.call('client', 'POST', buyerProposalsPath(own.userId), { leadId })).status,
    ).toBe(403);
  });
});

describe('the client’s answer to a proposed property', () => {
  /** A proposal to the demo hunter's buyer, and that buyer signed in. */
  async function proposed() {
    const { t, own, leadId } = await setup();
    const made = await t.call('chasseur', 'POST', buyerProposalsPath(own.userId), { leadId });
    const client = await signedIn(t, 'matchown@exemple.fr');
    const put = async (id: number, body: unknown, headers = client.headers) => {
      const res = await t.app.request(clientProposalAnswerPath(id), {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    return { t, own, leadId, proposalId: made.body.proposalId as number, client, put };
  }

  it('is kept, may change, is audited once per change, and shows on both fiches', async () => {
    const { t, own, leadId, proposalId, put } = await proposed();
    const first = await put(proposalId, { answer: 'interesse' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(
      expect.objectContaining({ id: proposalId, answer: 'interesse', city: 'Vincennes' }),
    );
    expect(first.body.answeredAt).toEqual(expect.any(String));
    // The same answer again writes nothing; another one replaces it.
    expect((await put(proposalId, { answer: 'interesse' })).status).toBe(200);
    expect((await put(proposalId, { answer: 'pas_pour_moi' })).body.answer).toBe('pas_pour_moi');
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'match-answer')
      .where('record_id', '=', own.userId)
      .execute();
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.actor_id === own.userId)).toBe(true);
    // Their hunter is told of each change in « Notifications ».
    const told = await t.call('chasseur', 'GET', NOTIFICATIONS_PATH);
    const answers = (told.body.notifications as { kind: string; recordId: string; text: string }[])
      .filter((n) => n.kind === 'proposal-answer' && n.recordId === own.userId)
      .map((n) => n.text);
    expect(answers).toEqual([
      'Le client a écarté un bien que vous lui avez proposé.',
      'Le client est intéressé par un bien que vous lui avez proposé.',
    ]);

    const buyerList = await t.call('chasseur', 'GET', buyerMatchesPath(own.userId));
    const asLead = buyerList.body.matches.find((m: { leadId: number }) => m.leadId === leadId);
    expect(asLead.answer).toBe('pas_pour_moi');
    const leadList = await t.call('chasseur', 'GET', leadMatchesPath(leadId));
    const asBuyer = leadList.body.matches.find(
      (m: { projectId: number }) => m.projectId === own.projectId,
    );
    expect(asBuyer.answer).toBe('pas_pour_moi');
  });

  it('refuses another client’s proposal, an unknown one, a bad answer, the staff', async () => {
    const { t, proposalId, put } = await proposed();
    await addBuyer(t.db, 'Intrus', t.ids.chasseur);
    const other = await signedIn(t, 'intrus@exemple.fr');
    const theirs = await put(proposalId, { answer: 'interesse' }, other.headers);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Ce bien ne vous a pas été proposé.');
    expect((await put(999_999, { answer: 'interesse' })).status).toBe(404);
    const bad = await put(proposalId, { answer: 'peut-etre' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      answer: 'Choisissez «\u00a0Ça m’intéresse\u00a0» ou «\u00a0Pas pour moi\u00a0».',
    });
    const staff = await t.call('chasseur', 'PUT', clientProposalAnswerPath(proposalId), {
      answer: 'interesse',
    });
    expect(staff.status).toBe(403);
    const row = await t.db
      .selectFrom('match_proposal')
      .select('answer')
      .where('id', '=', proposalId)
      .executeTakeFirstOrThrow();
    expect(row.answer).toBeNull();
  });
});
