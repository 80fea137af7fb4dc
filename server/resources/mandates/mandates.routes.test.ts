import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_MANDATE_CODE_PATH,
  CLIENT_MANDATE_END_PATH,
  CLIENT_MANDATE_IDENTITY_PATH,
  CLIENT_MANDATE_PATH,
  CLIENT_MANDATE_SIGN_PATH,
  CLIENT_MANDATE_WITHDRAW_PATH,
  REGISTER_CSV_PATH,
  REGISTER_PATH,
  REGISTER_PDF_PATH,
  mandateEvidencePath,
  mandatePdfPath,
  registerObservationPath,
  staffMandateEndPath,
  staffMandatePath,
} from '../../../src/domain/api/mandates';
import { MANDATE_NOT_SIGNED } from '../../../src/domain/staff';
import { dialectOf } from '../../db/dialect';
import { verifyPadesSignature } from '../../mandates/pades';
import { seedDemoWork } from '../../db/seed-demo-work';
import { makeTestApp, signedIn } from '../../test-app';
import { withdrawalDeadline } from './mandates.repo';
import { DAY, MINUTE, givePriorMandate, lastCode, mandateApps } from './test-mandates';

const signedInDemo = (t: App, who: string) => signedIn(t, `${who}@demo.chassimmo.fr`);

const open = mandateApps();
const IDENTITY = {
  firstName: 'Inès',
  lastName: 'Martin',
  address: '12 rue des Lilas, 94300 Vincennes',
};

type App = Awaited<ReturnType<typeof open>>;
type Buyer = Awaited<ReturnType<App['buyer']>>;

/** Prepared by the demo hunter, identity given, a code sent: the code. */
async function readyToSign(t: App, b: Buyer): Promise<string> {
  const prepared = await t.call(t.headers.chasseur, 'POST', staffMandatePath(b.userId), {
    projectId: b.projectId,
  });
  expect(prepared.status).toBe(201);
  expect((await t.call(b.auth, 'POST', CLIENT_MANDATE_IDENTITY_PATH, IDENTITY)).status).toBe(200);
  const sent = await t.call(b.auth, 'POST', CLIENT_MANDATE_CODE_PATH, { accepted: true });
  expect(sent.status).toBe(200);
  const email = await t.db
    .selectFrom('app_user')
    .select('email')
    .where('id', '=', b.userId)
    .executeTakeFirstOrThrow();
  return lastCode(t, email.email);
}

const stageOf = async (t: App, projectId: number) =>
  (
    await t.db
      .selectFrom('buyer_project')
      .select('stage')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow()
  ).stage;

describe('the mandate, prepared and signed (issue 30)', () => {
  it('prepared by the hunter, signed with the e-mailed code: numbered, sealed (PAdES), stored with its SHA-256, the project at « Mandat signé », the hunter told', async () => {
    const t = await open();
    const b = await t.buyer('Ines');
    const prepared = await t.call(t.headers.chasseur, 'POST', staffMandatePath(b.userId), {
      projectId: b.projectId,
    });
    expect(prepared.status).toBe(201);
    expect(prepared.body).toMatchObject({
      status: 'awaiting_signature',
      identityMissing: true,
      registerNumber: null,
      preparedByName: 'Charles Chasseur',
    });
    // The client's « Mon mandat »: the address is asked before any code.
    const mine = await t.call(b.auth, 'GET', CLIENT_MANDATE_PATH);
    expect(mine.body.id).toBe(prepared.body.id);
    const early = await t.call(b.auth, 'POST', CLIENT_MANDATE_CODE_PATH, { accepted: true });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/adresse postale/);
    const identity = await t.call(b.auth, 'POST', CLIENT_MANDATE_IDENTITY_PATH, IDENTITY);
    expect(identity.body.identityMissing).toBe(false);
    // The draft downloads before the signature (unsigned, no number).
    const draft = await t.call(b.auth, 'GET', mandatePdfPath(prepared.body.id));
    expect(draft.status).toBe(200);
    expect(draft.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const sent = await t.call(b.auth, 'POST', CLIENT_MANDATE_CODE_PATH, { accepted: true });
    expect(sent.body.codeValidUntil).toBe(new Date(t.clock.now() + 10 * MINUTE).toISOString());
    const code = await lastCode(t, 'ines@exemple.fr');
    t.clock.add(2 * MINUTE);
    const signed = await t.call(
      b.auth,
      'POST',
      CLIENT_MANDATE_SIGN_PATH,
      { code },
      { 'User-Agent': 'Téléphone de test' },
    );
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      status: 'signed',
      registerNumber: 1,
      testCertificate: true,
    });
    // Signed on Monday 2 March: until the end of Monday 16 March, Paris time.
    expect(signed.body.withdrawalUntil).toBe('2026-03-16T22:59:59.999Z');

    // The stored PDF: the agency's signature verifies, its SHA-256 is the one kept.
    const pdf = await t.call(b.auth, 'GET', mandatePdfPath(signed.body.id));
    expect(pdf.res.headers.get('Content-Type')).toBe('application/pdf');
    const check = verifyPadesSignature(pdf.bytes);
    expect(check).toMatchObject({ valid: true, signedDigestMatches: true });
    expect(check.signerName).toMatch(/TEST – non probant/);
    const sha = createHash('sha256').update(pdf.bytes).digest('hex');
    expect(signed.body.pdfSha256).toBe(sha);
    const row = await t.db
      .selectFrom('mandate')
      .selectAll()
      .where('id', '=', signed.body.id)
      .executeTakeFirstOrThrow();
    expect(row.pdf_sha256).toBe(sha);
    // The evidence: who, which hash, when, from where, the code sent and checked.
    const evidence = await t.call(t.headers.chasseur, 'GET', mandateEvidencePath(signed.body.id));
    expect(evidence.status).toBe(200);
    expect(evidence.body).toMatchObject({
      document: { sha256: sha, registerNumber: 1 },
      signer: { name: 'Inès Martin', email: 'ines@exemple.fr' },
      userAgent: 'Téléphone de test',
      codeSentAt: '2026-03-02T09:00:00.000Z',
      codeCheckedAt: '2026-03-02T09:02:00.000Z',
      signedAt: '2026-03-02T09:02:00.000Z',
    });
    expect(typeof evidence.body.ip).toBe('string');

    // The project moved by itself, with its trace; the hunter and the client are e-mailed.
    expect(await stageOf(t, b.projectId)).toBe('MANDAT');
    const moves = await t.db
      .selectFrom('project_stage_move')
      .selectAll()
      .where('project_id', '=', b.projectId)
      .execute();
    expect(moves).toMatchObject([{ from_stage: 'VALIDATION', to_stage: 'MANDAT' }]);
    const trail = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('record_id', '=', b.userId)
      .execute();
    expect(trail.map((a) => a.action)).toEqual(
      expect.arrayContaining(['mandate-prepared', 'mandate-signed', 'stage']),
    );
    const hunterMails = await t.mails.list('chasseur@demo.chassimmo.fr');
    expect(hunterMails.map((m) => m.subject)).toContain(
      'Inès Martin a signé son mandat (n°\u00a01)',
    );
    // The register: row 1 with the client's name and address, the chain intact.
    const register = await t.call(t.headers.manager, 'GET', REGISTER_PATH);
    expect(register.status).toBe(200);
    expect(register.body).toMatchObject({ total: 1, chain: { intact: true }, canWrite: false });
    expect(register.body.rows[0]).toMatchObject({
      number: 1,
      mandants: 'Inès Martin, 12 rue des Lilas, 94300 Vincennes',
      mandateId: signed.body.id,
    });
    // The same code never signs twice; a second preparation is refused while it is in force.
    expect((await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code })).status).toBe(409);
    const again = await t.call(t.headers.chasseur, 'POST', staffMandatePath(b.userId), {
      projectId: b.projectId,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/déjà un mandat signé/);
  });

  it('20 mandates signed at the same instant take 20 consecutive numbers, the chain intact', async () => {
    const t = await open();
    const ready: { b: Buyer; code: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const b = await t.buyer(`Simultane${i}`);
      ready.push({ b, code: await readyToSign(t, b) });
    }
    const signed = await Promise.all(
      ready.map(({ b, code }) => t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code })),
    );
    expect(signed.map((s) => s.status)).toEqual(Array(20).fill(200));
    const numbers = signed.map((s) => s.body.registerNumber as number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const register = await t.call(t.headers.directeur, 'GET', REGISTER_PATH);
    expect(register.body).toMatchObject({ total: 20, chain: { intact: true }, canWrite: true });
  }, 60_000);

  it('a register row changed directly in the database is reported by the chain check; the triggers refuse the change', async () => {
    const t = await open();
    for (const name of ['Chaine1', 'Chaine2', 'Chaine3']) {
      const b = await t.buyer(name);
      await givePriorMandate(t.db, b.userId, b.projectId);
    }
    expect((await t.call(t.headers.admin, 'GET', REGISTER_PATH)).body.chain).toEqual({
      intact: true,
    });
    // The register is append-only, whatever writes to the database.
    await expect(
      t.db
        .updateTable('mandate_register_entry')
        .set({ mandants: 'Quelqu’un d’autre' })
        .where('row_number', '=', 2)
        .execute(),
    ).rejects.toThrow(/ne se modifie pas/);
    await expect(
      t.db.deleteFrom('mandate_register_entry').where('row_number', '=', 3).execute(),
    ).rejects.toThrow(/ne se modifie pas/);
    // Someone with the database's own rights lifts the trigger and rewrites row 2.
    if (dialectOf(t.db) === 'postgres')
      await sql`alter table mandate_register_entry disable trigger mandate_register_entry_append_only`.execute(
        t.db,
      );
    else await sql`drop trigger mandate_register_entry_no_update`.execute(t.db);
    await t.db
      .updateTable('mandate_register_entry')
      .set({ mandants: 'Quelqu’un d’autre, 1 rue du Faux, 75001 Paris' })
      .where('row_number', '=', 2)
      .execute();
    const register = await t.call(t.headers.admin, 'GET', REGISTER_PATH);
    expect(register.body.chain).toEqual({ intact: false, brokenAt: 'mandat n°\u00a02 (entrée 2)' });
    const csv = await t.call(t.headers.manager, 'GET', REGISTER_CSV_PATH);
    expect(csv.res.headers.get('X-Register-Chain')).toBe('broken');
  });
});

describe('the signing code', () => {
  it('sent twice at once (a double tap): signed once, one number, one register row', async () => {
    const t = await open();
    const b = await t.buyer('Double');
    const code = await readyToSign(t, b);
    const answers = await Promise.all(
      [1, 2].map(() => t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await t.db.selectFrom('mandate_register_entry').select('number').execute();
    expect(rows).toEqual([{ number: 1 }]);
  });

  it('is rate-limited per address: past 60 signing tries an hour, whatever the account, a wait', async () => {
    const t = await open();
    const b = await t.buyer('Adresse');
    await readyToSign(t, b);
    for (let i = 0; i < 60; i++)
      await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code: '000000' });
    const other = await t.buyer('Adresse2');
    const refused = await t.call(other.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code: '123456' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Trop d’essais de signature/);
  });

  it('five wrong codes lock it: even the right one is refused after; a new code works', async () => {
    const t = await open();
    const b = await t.buyer('Verrou');
    const code = await readyToSign(t, b);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.code).toMatch(i < 5 ? /Il vous reste/ : /bloqué/);
    }
    const right = await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code });
    expect(right.status).toBe(409);
    expect(right.body.message).toMatch(/bloqué/);
    expect((await t.call(b.auth, 'GET', CLIENT_MANDATE_PATH)).body.status).toBe(
      'awaiting_signature',
    );
    await t.call(b.auth, 'POST', CLIENT_MANDATE_CODE_PATH, { accepted: true });
    const fresh = await lastCode(t, 'verrou@exemple.fr');
    const signed = await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code: fresh });
    expect(signed.body.status).toBe('signed');
  });

  it('expires after 10 minutes (the clock moved)', async () => {
    const t = await open();
    const b = await t.buyer('Expire');
    const code = await readyToSign(t, b);
    t.clock.add(10 * MINUTE);
    const late = await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/expiré/);
  });

  it('is rate-limited per account: the sixth request within the hour waits', async () => {
    const t = await open();
    const b = await t.buyer('Limite');
    await readyToSign(t, b);
    for (let i = 2; i <= 5; i++)
      expect(
        (await t.call(b.auth, 'POST', CLIENT_MANDATE_CODE_PATH, { accepted: true })).status,
      ).toBe(200);
    const sixth = await t.call(b.auth, 'POST', CLIENT_MANDATE_CODE_PATH, { accepted: true });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Trop de codes demandés/);
    expect(sixth.res.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});

describe('withdrawal and end', () => {
  it('the withdrawal period ends with the 14th day after the signature, or the next working day', () => {
    const until = (signedAt: string) => withdrawalDeadline(signedAt);
    expect(until('2026-04-22T10:00:00Z')).toBe('2026-05-06T21:59:59.999Z');
    // 1 May (a Friday, public holiday), then the weekend: Monday 4 May.
    expect(until('2026-04-17T10:00:00Z')).toBe('2026-05-04T21:59:59.999Z');
    // Easter Monday 2026 (6 April), Ascension (14 May).
    expect(until('2026-03-23T10:00:00Z')).toBe('2026-04-07T21:59:59.999Z');
    expect(until('2026-04-30T10:00:00Z')).toBe('2026-05-15T21:59:59.999Z');
    // Signed at 00:30 in Paris on 1 March (still 28 February in UTC): the Paris day counts.
    expect(until('2026-02-28T23:30:00Z')).toBe('2026-03-16T22:59:59.999Z');
  });

  it('a withdrawal within 14 days is recorded in the register and stops the project; after 14 days it is refused', async () => {
    const t = await open();
    const b = await t.buyer('Retracte');
    await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code: await readyToSign(t, b) });
    t.clock.add(13 * DAY);
    const early = await t.call(b.auth, 'POST', CLIENT_MANDATE_END_PATH, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/trois mois/);
    const withdrawn = await t.call(b.auth, 'POST', CLIENT_MANDATE_WITHDRAW_PATH, { confirm: true });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', withdrawalUntil: null });
    expect(await stageOf(t, b.projectId)).toBe('VALIDATION');
    const register = await t.call(t.headers.manager, 'GET', REGISTER_PATH);
    expect(register.body.rows[0].observations).toMatchObject([
      { text: expect.stringMatching(/^Rétractation du mandant le/) },
    ]);
    expect(register.body.chain).toEqual({ intact: true });
    expect((await t.mails.list('retracte@exemple.fr')).map((m) => m.subject)).toContain(
      'Rétractation du mandat de recherche n°\u00a01',
    );
    // No search work without a mandate: the project cannot go forward by hand again.
    const fiche = await t.call(t.headers.chasseur, 'GET', `/api/staff/buyers/${b.userId}`);
    const version = (fiche.body.projects as { id: number; version: number }[]).find(
      (p) => p.id === b.projectId,
    )?.version;
    const move = await t.call(
      t.headers.chasseur,
      'POST',
      `/api/staff/projects/${b.projectId}/stage`,
      {
        to: 'MANDAT',
        version,
      },
    );
    expect(move.status).toBe(400);
    expect(move.body.message).toBe(MANDATE_NOT_SIGNED);

    const late = await t.buyer('Tardif');
    await t.call(late.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code: await readyToSign(t, late) });
    // Signed on Sunday 15 March: the 14th day is Sunday 29 March, so the period runs to the end
    // of Monday 30 March (Paris, summer time); still open on the 30th, refused on the 31st.
    const until = (await t.call(late.auth, 'GET', CLIENT_MANDATE_PATH)).body.withdrawalUntil;
    expect(until).toBe('2026-03-30T21:59:59.999Z');
    t.clock.add(15 * DAY);
    expect((await t.call(late.auth, 'GET', CLIENT_MANDATE_PATH)).body.withdrawalUntil).toBe(until);
    t.clock.add(DAY);
    const refused = await t.call(late.auth, 'POST', CLIENT_MANDATE_WITHDRAW_PATH, {
      confirm: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /délai de rétractation de 14\u00a0jours a pris fin le 30\u00a0mars 2026/,
    );
    expect(await stageOf(t, late.projectId)).toBe('MANDAT');
  });

  it('either party ends it after 3 months: an observation, the project stopped', async () => {
    const t = await open();
    const b = await t.buyer('Fin');
    const signed = await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, {
      code: await readyToSign(t, b),
    });
    const path = staffMandateEndPath(signed.body.id);
    t.clock.add(80 * DAY);
    expect((await t.call(t.headers.chasseur, 'POST', path, {})).status).toBe(409);
    t.clock.add(15 * DAY);
    const ended = await t.call(t.headers.chasseur, 'POST', path, { reason: 'Projet suspendu.' });
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('ended');
    expect(await stageOf(t, b.projectId)).toBe('VALIDATION');
    const register = await t.call(t.headers.admin, 'GET', REGISTER_PATH);
    expect(register.body.rows[0].observations[0].text).toMatch(
      /^Fin du mandat le .* à la demande du mandataire \(Charles Chasseur\).*Projet suspendu\.$/,
    );
  });
});

describe('who may do what', () => {
  it('a client reads only their own mandate; a hunter prepares only for their buyers; the register: manager reads, directeur and admin write, chasseur nothing', async () => {
    const t = await open();
    const mine = await t.buyer('Proprio');
    const someoneElse = await t.buyer('Voisin');
    await t.call(mine.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, {
      code: await readyToSign(t, mine),
    });
    const id = (await t.call(mine.auth, 'GET', CLIENT_MANDATE_PATH)).body.id as string;
    expect((await t.call(someoneElse.auth, 'GET', mandatePdfPath(id))).status).toBe(404);
    expect((await t.call(someoneElse.auth, 'GET', mandateEvidencePath(id))).status).toBe(404);
    expect((await t.call(someoneElse.auth, 'GET', CLIENT_MANDATE_PATH)).body).toBeNull();
    expect((await t.call(undefined, 'GET', mandatePdfPath(id))).status).toBe(401);

    const other = await t.otherHunter();
    const refused = await t.call(other, 'POST', staffMandatePath(someoneElse.userId), {
      projectId: someoneElse.projectId,
    });
    expect(refused.status).toBe(404);
    expect((await t.call(other, 'GET', staffMandatePath(mine.userId))).status).toBe(404);
    expect((await t.call(other, 'GET', mandatePdfPath(id))).status).toBe(404);
    // The manager prepares for any buyer (a supervisor).
    const byManager = await t.call(
      t.headers.manager,
      'POST',
      staffMandatePath(someoneElse.userId),
      {
        projectId: someoneElse.projectId,
      },
    );
    expect(byManager.status).toBe(201);

    expect((await t.call(t.headers.chasseur, 'GET', REGISTER_PATH)).status).toBe(403);
    expect((await t.call(t.headers.chasseur, 'GET', REGISTER_CSV_PATH)).status).toBe(403);
    expect((await t.call(mine.auth, 'GET', REGISTER_PATH)).status).toBe(403);
    const observation = { text: 'Correction\u00a0: adresse complétée.' };
    expect(
      (await t.call(t.headers.manager, 'POST', registerObservationPath(1), observation)).status,
    ).toBe(403);
    expect(
      (await t.call(t.headers.chasseur, 'POST', registerObservationPath(1), observation)).status,
    ).toBe(403);
    const written = await t.call(
      t.headers.directeur,
      'POST',
      registerObservationPath(1),
      observation,
    );
    expect(written.status).toBe(201);
    expect(written.body.observations).toMatchObject([
      { text: observation.text, byName: 'David Directeur' },
    ]);
    expect(
      (await t.call(t.headers.admin, 'POST', registerObservationPath(99), observation)).status,
    ).toBe(404);
    const register = await t.call(t.headers.manager, 'GET', REGISTER_PATH);
    expect(register.body.chain).toEqual({ intact: true });
  });

  it('bad input answers 400 in French, never 500', async () => {
    const t = await open();
    const b = await t.buyer('Erreurs');
    const cases: [Parameters<App['call']>[0], string, string, unknown][] = [
      [t.headers.chasseur, 'POST', staffMandatePath(b.userId), { projectId: 'x' }],
      [t.headers.chasseur, 'POST', staffMandatePath(b.userId), 'pas du json'],
      [
        b.auth,
        'POST',
        CLIENT_MANDATE_IDENTITY_PATH,
        { firstName: '', lastName: 'X', address: 'court' },
      ],
      [b.auth, 'POST', CLIENT_MANDATE_CODE_PATH, { accepted: false }],
      [b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code: '12ab' }],
      [b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, {}],
      [b.auth, 'POST', CLIENT_MANDATE_WITHDRAW_PATH, {}],
      [t.headers.manager, 'GET', `${REGISTER_PATH}?page=-1`, undefined],
      [t.headers.directeur, 'POST', registerObservationPath(1), { text: '' }],
    ];
    for (const [who, method, path, body] of cases) {
      const res = await t.call(who, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.message).toMatch(/[éèàç]|invalides/);
    }
    // Another client's project, or nothing to sign.
    const other = await t.buyer('Autre');
    const wrongProject = await t.call(t.headers.chasseur, 'POST', staffMandatePath(b.userId), {
      projectId: other.projectId,
    });
    expect(wrongProject.status).toBe(400);
    const nothing = await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code: '123456' });
    expect(nothing.status).toBe(404);
  });
});

describe('exports and the account deletion', () => {
  it('the CSV (BOM, « ; », the arrêté’s columns) and the PDF; a deleted account keeps its mandate, its files and the register', async () => {
    const t = await open();
    const b = await t.buyer('Efface');
    const signed = await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, {
      code: await readyToSign(t, b),
    });
    // The RGPD export lists it.
    const exported = await t.call(b.auth, 'GET', '/api/client/export');
    expect(exported.body.mandates).toMatchObject([
      {
        registerNumber: 1,
        status: 'signed',
        mandant: { address: '12 rue des Lilas, 94300 Vincennes' },
      },
    ]);
    const csv = await t.call(t.headers.manager, 'GET', REGISTER_CSV_PATH);
    const text = csv.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(
      'N° d’ordre;Date du mandat;Noms et adresses des mandants;Objet du mandat;Nature et situation du bien recherché;Observations',
    );
    expect(text).toContain('1;02/03/2026;Inès Martin, 12 rue des Lilas, 94300 Vincennes;');
    const pdf = await t.call(t.headers.directeur, 'GET', REGISTER_PDF_PATH);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await t.db
      .updateTable('app_user')
      .set({ password_hash: '' })
      .where('id', '=', b.userId)
      .execute();
    const { deleteClientAccount } = await import('../client/client.repo');
    const row = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', b.userId)
      .executeTakeFirstOrThrow();
    const { LocalDocumentStore } = await import('../documents/document-store');
    const path = await import('node:path');
    const store = new LocalDocumentStore(path.resolve(t.env.DATA_DIR, 'documents'));
    // A mandate prepared again for another project of theirs, never signed, goes with the account.
    const draft = await t.db.transaction().execute(async (trx) => {
      const { insertBuyerProject } = await import('../buyers/buyer-projects.repo');
      const { validRegistration } = await import('../../../src/domain/buyer-signup.fixture');
      await insertBuyerProject(trx, b.userId, validRegistration.project as never, undefined);
      return trx
        .selectFrom('buyer_project')
        .select('id')
        .where('user_id', '=', b.userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    });
    expect(
      (
        await t.call(t.headers.chasseur, 'POST', staffMandatePath(b.userId), {
          projectId: draft.id,
        })
      ).status,
    ).toBe(201);
    await deleteClientAccount(t.db, t.mails, store, row, new Date(t.clock.now()).toISOString());
    const left = await t.db
      .selectFrom('mandate')
      .select('status')
      .where('buyer_id', '=', b.userId)
      .execute();
    expect(left).toEqual([{ status: 'signed' }]);
    const kept = await t.db
      .selectFrom('mandate')
      .selectAll()
      .where('id', '=', signed.body.id)
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe('signed');
    expect(await store.get(kept.pdf_file_id ?? '')).toBeDefined();
    expect(await store.get(kept.evidence_file_id ?? '')).toBeDefined();
    const register = await t.call(t.headers.manager, 'GET', REGISTER_PATH);
    expect(register.body.rows[0].mandants).toBe('Inès Martin, 12 rue des Lilas, 94300 Vincennes');
    expect(register.body.chain).toEqual({ intact: true });
    // The staff still download it.
    const file = await t.call(t.headers.admin, 'GET', mandatePdfPath(signed.body.id));
    expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(kept.pdf_sha256);
  });
});

describe('the demo and the failures', () => {
  it('the demo buyers past « En cours de validation » have a signed mandate in the register: their stages move on', async () => {
    const t = await open();
    await seedDemoWork(t.db, t.clock.now());
    const past = await t.db
      .selectFrom('buyer_project')
      .select(['id', 'user_id', 'stage', 'version'])
      .where('stage', '!=', 'VALIDATION')
      .execute();
    expect(past.length).toBeGreaterThan(10);
    const signed = await t.db
      .selectFrom('mandate')
      .select('project_id')
      .where('status', '=', 'signed')
      .execute();
    expect(new Set(signed.map((m) => m.project_id))).toEqual(new Set(past.map((p) => p.id)));
    const register = await t.call(t.headers.admin, 'GET', REGISTER_PATH);
    expect(register.body).toMatchObject({ total: past.length, chain: { intact: true } });
    // Numbered in the order of their dates, as a register kept day by day.
    const rows = await t.db
      .selectFrom('mandate')
      .select(['register_number', 'signed_at'])
      .where('status', '=', 'signed')
      .orderBy('register_number')
      .execute();
    expect(rows.map((r) => r.signed_at)).toEqual(
      rows.map((r) => r.signed_at).sort((a, b) => String(a).localeCompare(String(b))),
    );
    // A demo mandate's copy is rendered when asked (no stored file, no evidence).
    const claire = await t.call(await signedInDemo(t, 'client'), 'GET', CLIENT_MANDATE_PATH);
    expect(claire.body).toMatchObject({ status: 'signed' });
    const pdf = await t.call(t.headers.chasseur, 'GET', mandatePdfPath(claire.body.id));
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // A demo hunter's buyer past « Mandat » moves forward as before.
    const mine = past.find((p) => p.stage === 'RECHERCHE');
    const move = await t.call(t.headers.manager, 'POST', `/api/staff/projects/${mine!.id}/stage`, {
      to: 'OFFRE_SENT',
      version: mine!.version,
    });
    expect(move.status).toBe(200);
  });

  it('a seal that fails (no certificate) answers 503 in French and writes nothing: the code still signs afterwards', async () => {
    const t = await open();
    const b = await t.buyer('Panne');
    const code = await readyToSign(t, b);
    const { LocalDocumentStore } = await import('../documents/document-store');
    const path = await import('node:path');
    const failing = await makeTestApp({
      db: t.db,
      now: t.clock.now,
      env: { JWT_SECRET: t.env.JWT_SECRET ?? '', DATA_DIR: t.env.DATA_DIR, LOG_LEVEL: 'silent' },
      mandateFiles: {
        sealPdf: () => Promise.reject(new Error('Aucun certificat de signature des mandats')),
        draftPdf: () => Promise.reject(new Error('non utilisé')),
      },
      documents: new LocalDocumentStore(path.resolve(t.env.DATA_DIR, 'documents')),
    });
    const res = await failing.app.request(CLIENT_MANDATE_SIGN_PATH, {
      method: 'POST',
      headers: { ...b.auth.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /momentanément indisponible/,
    );
    expect(await t.db.selectFrom('mandate_register_entry').selectAll().execute()).toEqual([]);
    const signed = await t.call(b.auth, 'POST', CLIENT_MANDATE_SIGN_PATH, { code });
    expect(signed.body).toMatchObject({ status: 'signed', registerNumber: 1 });
  });
});
