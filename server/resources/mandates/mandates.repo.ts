import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  MANDATE_MONTHS,
  SIGN_CODE_DIGITS,
  SIGN_CODE_MINUTES,
  SIGN_CODE_TRIES,
  WITHDRAWAL_DAYS,
  type MandateIdentity,
  type MandateStatus,
  type MandateView,
} from '../../../src/domain/api/mandates';
import { cityName } from '../../../src/domain/arrondissements';
import { departmentLabel } from '../../../src/domain/departments';
import { formatEuro } from '../../../src/domain/format';
import { formatTime } from '../../../src/domain/french-date';
import { parisDay, parisDayBounds } from '../../../src/domain/paris-time';
import { buildMandateContent, mandateDate, type MandateInput } from '../../../src/domain/mandate';
import { fullName } from '../../../src/domain/person-name';
import type { ProjectStage } from '../../../src/domain/project';
import { bienTypes } from '../../../src/domain/property';
import { Role } from '../../../src/domain/roles';
import { stageIndex } from '../../../src/domain/staff';
import { lockingRows } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { Database, MandateTable } from '../../db/schema';
import type { MailQueue } from '../../mail/mail-queue';
import {
  mandateCodeMail,
  mandateReadyMail,
  mandateSignedClientMail,
  mandateSignedHunterMail,
  mandateStoppedMail,
  type Mail,
} from '../../mail/templates';
import { audit } from '../../staff/audit';
import type { DocumentStore } from '../documents/document-store';
import { toProjectView } from '../buyers/buyer-projects.repo';
import { moveStage, projectForStage } from '../buyers/staff-buyers.repo';
import { hasRole } from '../users/admin-users.repo';
import { appendObservation, appendRegisterRow } from './register.repo';

/**
 * The mandat de recherche (issue 30, docs/mandates.md): prepared by staff from the buyer's
 * project, signed by the client with a code sent by e-mail, and then, in ONE transaction,
 * numbered in the register, stamped, sealed by the agency's PAdES signature, stored with its
 * SHA-256 and its evidence, and the project moved to « Mandat signé ». A withdrawal (14 days)
 * or an end (after 3 months) stops the project and is written in the register.
 *
 * The mandate keeps what it says (`input`, as prepared): editing or deleting the account never
 * changes a mandate, which is kept 10 years with its files and the register (legal obligation).
 */

type MandateRow = Selectable<MandateTable>;

/** What the signature needs of the outside world (server/app.ts builds it). */
export interface MandateFiles {
  /** The final PDF of `content`, PAdES-signed by the agency, and whether the certificate is a test one. */
  sealPdf(
    content: ReturnType<typeof buildMandateContent>,
  ): Promise<{ pdf: Buffer; testCertificate: boolean }>;
  /** The unsigned PDF of `content` (a draft, or a demo mandate without its stored copy). */
  draftPdf(content: ReturnType<typeof buildMandateContent>): Promise<Buffer>;
}

export interface MandateDeps {
  db: Db;
  mails: MailQueue;
  publicUrl: string;
  documents: DocumentStore;
  files: MandateFiles;
  now: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** `at` plus `months` calendar months (UTC). */
export function plusMonths(at: string, months: number): string {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString();
}

/** Easter Sunday of `year` (Gregorian computus, Meeus/Jones/Butcher), as UTC noon. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((8 * b + 13) / 25) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** Whether `day` (UTC noon) is a French public holiday (Code du travail L3133-1). */
function isPublicHoliday(day: Date): boolean {
  const md = day.toISOString().slice(5, 10);
  if (['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'].includes(md))
    return true;
  const sunday = easter(day.getUTCFullYear()).getTime();
  // Easter Monday, Ascension, Whit Monday.
  return [1, 39, 50].some((n) => sunday + n * 86_400_000 === day.getTime());
}

/**
 * The last instant of the withdrawal period (Code de la consommation L221-18 and L221-19): it
 * starts the day after the signature and ends at the end of the 14th day, Paris time; a period
 * ending on a Saturday, a Sunday or a public holiday runs to the end of the next working day.
 */
export function withdrawalDeadline(signedAt: string): string {
  const day = new Date(`${parisDay(signedAt)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + WITHDRAWAL_DAYS);
  while (day.getUTCDay() === 6 || day.getUTCDay() === 0 || isPublicHoliday(day))
    day.setUTCDate(day.getUTCDate() + 1);
  return iso(Date.parse(parisDayBounds(day.toISOString().slice(0, 10)).to) - 1);
}

export const endableFrom = (signedAt: string) => plusMonths(signedAt, MANDATE_MONTHS);

const parseInput = (row: Pick<MandateRow, 'input'>) => JSON.parse(row.input) as MandateInput;

/** « Signé électroniquement par … » on the client's copy. */
function signatureLine(input: MandateInput, signedAt: string): string {
  const who = fullName({ firstname: input.client.firstName, lastname: input.client.lastName });
  return `Signé électroniquement par ${who} le ${mandateDate(signedAt)} à ${formatTime(signedAt)} (heure de Paris), avec le code à usage unique envoyé à ${input.client.email}.`;
}

/** The mandate's words as they stand (with the number and the signature once signed). */
export function contentOf(row: MandateRow) {
  const input = parseInput(row);
  return buildMandateContent({
    ...input,
    registerNumber: row.register_number,
    signedAt: row.signed_at,
    signatureLine: row.signed_at ? signatureLine(input, row.signed_at) : null,
  });
}

const identityMissing = (input: MandateInput) =>
  !input.client.firstName.trim() || !input.client.lastName.trim() || !input.client.address?.trim();

export function toMandateView(row: MandateRow, now: number): MandateView {
  const signedAt = row.signed_at;
  const status = row.status as MandateStatus;
  const withdrawable =
    status === 'signed' && signedAt !== null && now <= Date.parse(withdrawalDeadline(signedAt));
  const codeValid =
    status === 'awaiting_signature' &&
    row.code_hash !== null &&
    row.code_expires_at !== null &&
    Date.parse(row.code_expires_at) > now &&
    row.code_tries < SIGN_CODE_TRIES;
  return {
    id: row.id,
    buyerId: row.buyer_id,
    projectId: row.project_id,
    status,
    preparedAt: row.prepared_at,
    preparedByName: row.prepared_by_name,
    identityMissing: identityMissing(parseInput(row)),
    content: contentOf(row),
    registerNumber: row.register_number,
    signedAt,
    withdrawalUntil: withdrawable && signedAt ? withdrawalDeadline(signedAt) : null,
    endableFrom: signedAt ? endableFrom(signedAt) : null,
    endedAt: row.ended_at,
    pdfSha256: row.pdf_sha256,
    codeValidUntil: codeValid ? row.code_expires_at : null,
    provider: row.provider === 'yousign' ? 'yousign' : 'internal',
    testCertificate: row.test_certificate === 1,
  };
}

// ---- Reading ---------------------------------------------------------------------------------

export async function mandateById(db: Kysely<Database>, id: string) {
  return db.selectFrom('mandate').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A buyer's mandates, newest first. */
export async function mandatesOfBuyer(db: Db, buyerId: string, now: number) {
  const rows = await db
    .selectFrom('mandate')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .orderBy('prepared_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => toMandateView(r, now));
}

/** The client's current mandate: the latest prepared (signed, waiting, or ended). */
export async function currentMandateRow(db: Kysely<Database>, clientId: string) {
  return db
    .selectFrom('mandate')
    .selectAll()
    .where('buyer_id', '=', clientId)
    .orderBy('prepared_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the project has a mandate in force (signed, not withdrawn nor ended): the stage gate. */
export async function hasSignedMandate(db: Kysely<Database>, projectId: number): Promise<boolean> {
  const row = await db
    .selectFrom('mandate')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', '=', 'signed')
    .executeTakeFirst();
  return row !== undefined;
}

/** Who works the buyer of a mandate now (its scope): the hunter's id, or null. */
export async function hunterOfBuyer(db: Kysely<Database>, buyerId: string) {
  const row = await db
    .selectFrom('app_user')
    .select('id_chasseur')
    .where('id', '=', buyerId)
    .executeTakeFirst();
  return row?.id_chasseur ?? null;
}

// ---- Preparing -------------------------------------------------------------------------------

export type Outcome<T> =
  { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };
const refuse = (status: 400 | 404 | 409, message: string) =>
  ({ ok: false, status, message }) as const;

/** The register's words for a mandate (the arrêté's columns). */
export function registerColumns(input: MandateInput) {
  const p = input.project;
  const where = [
    p.cities.map(cityName).join(', '),
    p.department.map(departmentLabel).join(', '),
  ].filter(Boolean);
  const kinds = bienTypes
    .filter((t) => (p.typeBien as readonly unknown[]).includes(t.value))
    .map((t) => t.label)
    .join(', ');
  return {
    mandants: `${fullName({ firstname: input.client.firstName, lastname: input.client.lastName })}, ${input.client.address ?? ''}`,
    object: `Mandat de recherche (non exclusif)\u00a0: recherche d’un bien en vue de son acquisition (${p.searchGoal.toLowerCase()})`,
    propertySought: `${kinds || 'Bien'}\u00a0— ${where.join('\u00a0; ')}\u00a0— budget jusqu’à ${formatEuro(p.budget)}`,
  };
}

/**
 * « Préparer le mandat » on a buyer's project: a new mandate awaiting signature, or the waiting
 * one prepared again (its words refreshed, any code sent cancelled). Refused when the project
 * already has a mandate in force. The client is e-mailed.
 */
export async function prepareMandate(
  deps: Pick<MandateDeps, 'db' | 'mails' | 'publicUrl' | 'now'>,
  actor: { id: string; name: string },
  buyerId: string,
  projectId: number,
): Promise<Outcome<MandateView>> {
  const at = iso(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const buyer = await trx
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', buyerId)
      .executeTakeFirst();
    if (!buyer || !hasRole(buyer, Role.CLIENT))
      return refuse(404, 'Ce client n’existe pas ou ne vous est pas attribué.');
    if (buyer.deleted_at || buyer.is_archived === 1)
      return refuse(
        409,
        'Ce compte est archivé ou supprimé\u00a0: aucun mandat ne peut être préparé.',
      );
    // The project's row locked (PostgreSQL): two « Préparer » at once make one mandate, the
    // second finding the first's.
    const project = await lockingRows(
      trx,
      trx
        .selectFrom('buyer_project')
        .selectAll()
        .where('id', '=', projectId)
        .where('user_id', '=', buyerId),
    ).executeTakeFirst();
    if (!project) return refuse(400, 'Ce projet n’est pas celui de ce client.');
    const existing = await lockingRows(
      trx,
      trx
        .selectFrom('mandate')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('status', 'in', ['awaiting_signature', 'signed']),
    ).execute();
    const signed = existing.find((m) => m.status === 'signed');
    if (signed)
      return refuse(
        409,
        `Ce projet a déjà un mandat signé (n°\u00a0${signed.register_number ?? '?'})\u00a0: il reste en vigueur jusqu’à sa fin ou sa rétractation.`,
      );
    const hunter = buyer.id_chasseur
      ? await trx
          .selectFrom('app_user')
          .select(['firstname', 'lastname'])
          .where('id', '=', buyer.id_chasseur)
          .executeTakeFirst()
      : undefined;
    const view = toProjectView(project);
    const input: MandateInput = {
      client: {
        firstName: buyer.firstname,
        lastName: buyer.lastname,
        email: buyer.email,
        address: buyer.address.trim() || null,
      },
      project: {
        searchGoal: view.searchGoal,
        department: view.department,
        cities: view.cities,
        typeBien: view.typeBien,
        typeAchat: view.typeAchat,
        budget: view.budget,
        surface: view.surface,
        roomCount: view.roomCount,
        bedroomCount: view.bedroomCount,
        description: view.description,
      },
      hunterName: hunter ? fullName(hunter) : actor.name,
      preparedAt: at,
    };
    const waiting = existing.find((m) => m.status === 'awaiting_signature');
    const id = waiting?.id ?? randomUUID();
    const fields = {
      prepared_by: actor.id,
      prepared_by_name: actor.name,
      prepared_at: at,
      input: JSON.stringify(waiting ? keepGivenIdentity(input, parseInput(waiting)) : input),
      accepted_at: null,
      code_hash: null,
      code_sent_at: null,
      code_expires_at: null,
      code_tries: 0,
      code_checked_at: null,
    };
    if (waiting)
      await trx
        .updateTable('mandate')
        .set({ ...fields, version: waiting.version + 1 })
        .where('id', '=', id)
        .execute();
    else
      await trx
        .insertInto('mandate')
        .values({
          id,
          buyer_id: buyerId,
          project_id: projectId,
          status: 'awaiting_signature',
          provider: 'internal',
          ...fields,
        })
        .execute();
    await audit(
      trx,
      {
        actorId: actor.id,
        action: 'mandate-prepared',
        recordType: 'buyer',
        recordId: buyerId,
        after: { mandateId: id, projectId },
      },
      at,
    );
    if (buyer.is_active === 1)
      await deps.mails.enqueue(
        mandateReadyMail(buyer.email, buyer.firstname, {
          hunterName: input.hunterName,
          url: `${deps.publicUrl}/dashboard#mon-mandat`,
        }),
        trx,
      );
    return { ok: true, value: toMandateView(await rowOf(trx, id), deps.now()) };
  });
}

/** Prepared again: the identity and address the client gave on the waiting mandate stay. */
function keepGivenIdentity(fresh: MandateInput, before: MandateInput): MandateInput {
  return {
    ...fresh,
    client: {
      ...fresh.client,
      firstName: before.client.firstName || fresh.client.firstName,
      lastName: before.client.lastName || fresh.client.lastName,
      address: before.client.address ?? fresh.client.address,
    },
  };
}

const rowOf = (db: Kysely<Database>, id: string) =>
  db.selectFrom('mandate').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

// ---- The client's side -----------------------------------------------------------------------

const NO_MANDATE = 'Aucun mandat ne vous attend pour l’instant\u00a0: votre chasseur le prépare.';
const NOT_WAITING = 'Ce mandat n’attend plus de signature.';

/** The client's current mandate, locked for this transaction, when it awaits signature. */
async function waitingMandate(trx: Kysely<Database>, clientId: string) {
  const current = await currentMandateRow(trx, clientId);
  if (!current) return refuse(404, NO_MANDATE);
  if (current.status !== 'awaiting_signature') return refuse(409, NOT_WAITING);
  const locked = await lockingRows(
    trx,
    trx.selectFrom('mandate').selectAll().where('id', '=', current.id),
  ).executeTakeFirstOrThrow();
  if (locked.status !== 'awaiting_signature') return refuse(409, NOT_WAITING);
  return { ok: true, value: locked } as const;
}

/** The client's identity and postal address, written into the waiting mandate. */
export async function setMandateIdentity(
  deps: Pick<MandateDeps, 'db' | 'now'>,
  clientId: string,
  identity: MandateIdentity,
): Promise<Outcome<MandateView>> {
  return deps.db.transaction().execute(async (trx) => {
    const found = await waitingMandate(trx, clientId);
    if (!found.ok) return found;
    const input = parseInput(found.value);
    input.client = {
      ...input.client,
      firstName: identity.firstName,
      lastName: identity.lastName,
      address: identity.address,
    };
    await trx
      .updateTable('mandate')
      .set({
        input: JSON.stringify(input),
        version: found.value.version + 1,
        // A code sent for the mandate's former words no longer signs it.
        code_hash: null,
        code_expires_at: null,
      })
      .where('id', '=', found.value.id)
      .execute();
    await audit(
      trx,
      {
        actorId: clientId,
        action: 'mandate-identity',
        recordType: 'buyer',
        recordId: clientId,
        after: { mandateId: found.value.id },
      },
      iso(deps.now()),
    );
    return { ok: true, value: toMandateView(await rowOf(trx, found.value.id), deps.now()) };
  });
}

const codeHash = (mandateId: string, code: string) =>
  createHash('sha256').update(`mandate-code:${mandateId}:${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * « J’ai lu et j’accepte » ticked: a new code (6 digits, 10 minutes, 5 tries) replaces any
 * other, and is e-mailed in the same transaction. The caller has counted the request against
 * the rate limits. `code` is given by tests only.
 */
export async function sendMandateCode(
  deps: Pick<MandateDeps, 'db' | 'mails' | 'now'>,
  clientId: string,
  code = String(randomInt(0, 10 ** SIGN_CODE_DIGITS)).padStart(SIGN_CODE_DIGITS, '0'),
): Promise<Outcome<MandateView>> {
  const t = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const found = await waitingMandate(trx, clientId);
    if (!found.ok) return found;
    const input = parseInput(found.value);
    if (identityMissing(input))
      return refuse(
        409,
        'Indiquez d’abord vos nom, prénom et adresse postale\u00a0: ils figurent sur le mandat.',
      );
    await trx
      .updateTable('mandate')
      .set({
        accepted_at: iso(t),
        code_hash: codeHash(found.value.id, code),
        code_sent_at: iso(t),
        code_expires_at: iso(t + SIGN_CODE_MINUTES * 60_000),
        code_tries: 0,
      })
      .where('id', '=', found.value.id)
      .execute();
    await deps.mails.enqueue(
      mandateCodeMail(input.client.email, input.client.firstName, {
        code,
        minutes: SIGN_CODE_MINUTES,
      }),
      trx,
    );
    return { ok: true, value: toMandateView(await rowOf(trx, found.value.id), t) };
  });
}

/** Who signs, from where (the evidence). */
export interface SignerContext {
  ip: string;
  userAgent: string;
}

export type SignOutcome =
  | { ok: true; value: MandateView }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: 'code' };

/** Writes a file to the store, all at once. */
export async function putFile(store: DocumentStore, id: string, bytes: Buffer): Promise<void> {
  await store.put(
    id,
    (async function* () {
      yield bytes;
    })(),
  );
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The code → signed, in ONE transaction (the mandate's row and the register's counter locked on
 * PostgreSQL): a wrong code counts a try (the fifth locks the code), an expired or locked one is
 * refused; the right one takes the register's next number, writes the register row with the
 * previous entry's hash, seals the numbered PDF with the agency's PAdES signature, stores it and
 * the evidence with their SHA-256, moves the project to « Mandat signé » (its audit) and e-mails
 * the hunter and the client.
 */
export async function signMandate(
  deps: MandateDeps,
  clientId: string,
  code: string,
  signer: SignerContext,
): Promise<SignOutcome> {
  const stored: string[] = [];
  try {
    return await deps.db.transaction().execute(async (trx): Promise<SignOutcome> => {
      const t = deps.now();
      const found = await waitingMandate(trx, clientId);
      if (!found.ok) return found;
      const m = found.value;
      if (m.code_hash === null || m.code_expires_at === null)
        return refuse(409, 'Demandez d’abord votre code de signature.');
      if (m.code_tries >= SIGN_CODE_TRIES)
        return refuse(
          409,
          `Ce code est bloqué après ${SIGN_CODE_TRIES}\u00a0essais\u00a0: demandez un nouveau code.`,
        );
      if (Date.parse(m.code_expires_at) <= t)
        return refuse(
          409,
          `Ce code a expiré (il vaut ${SIGN_CODE_MINUTES}\u00a0minutes)\u00a0: demandez un nouveau code.`,
        );
      if (!sameHash(m.code_hash, codeHash(m.id, code))) {
        const tries = m.code_tries + 1;
        await trx
          .updateTable('mandate')
          .set({ code_tries: tries })
          .where('id', '=', m.id)
          .execute();
        const left = SIGN_CODE_TRIES - tries;
        return {
          ok: false,
          status: 400,
          field: 'code',
          message:
            left > 0
              ? `Ce code est incorrect. Il vous reste ${left}\u00a0essai${left > 1 ? 's' : ''}.`
              : `Ce code est incorrect\u00a0; après ${SIGN_CODE_TRIES}\u00a0essais, il est bloqué. Demandez un nouveau code.`,
        };
      }
      const signedAt = iso(t);
      const how: SignatureRecord = {
        signedAt,
        signatureLine: signatureLine(parseInput(m), signedAt),
        evidence: {
          method: `Code à usage unique de ${SIGN_CODE_DIGITS}\u00a0chiffres envoyé par e-mail, valable ${SIGN_CODE_MINUTES}\u00a0minutes`,
          acceptedAt: m.accepted_at,
          codeSentAt: m.code_sent_at,
          codeSentTo: parseInput(m).client.email,
          codeCheckedAt: signedAt,
          wrongTriesBefore: m.code_tries,
          signedAt,
          ip: signer.ip,
          userAgent: signer.userAgent,
        },
        stageNote: (number) =>
          `Mandat de recherche n°\u00a0${number} signé en ligne par le client.`,
      };
      return { ok: true, value: await recordSignature(trx, deps, m, how, t, stored) };
    });
  } catch (error) {
    // Nothing was committed: the files written for it go too.
    for (const id of stored) await deps.documents.delete(id).catch(() => undefined);
    throw error;
  }
}

/** How the client signed: what the internal code and Yousign each add to the common record. */
export interface SignatureRecord {
  signedAt: string;
  /** The client's line on the numbered copy (« Signé électroniquement par … »). */
  signatureLine: string;
  /** The evidence's account of the signing, beside the document, the signer and the register. */
  evidence: Record<string, unknown>;
  /** Files kept beside the numbered copy (the PDF signed at Yousign), by id. */
  files?: readonly (readonly [string, Buffer])[];
  /** Added to the `mandate-signed` audit row. */
  audit?: Record<string, unknown>;
  /** The note of the automatic move to « Mandat signé ». */
  stageNote: (registerNumber: number) => string;
}

/**
 * The signing's writes, once the signer is authenticated (our code, or Yousign's webhook), in the
 * caller's transaction: the register's next number and row, the numbered copy sealed by the
 * agency and its evidence stored with their SHA-256 (ids pushed on `stored`, for the caller to
 * delete if the transaction fails), the mandate signed, its audit, the project moved to
 * « Mandat signé », the client and the hunter e-mailed.
 */
export async function recordSignature(
  trx: Kysely<Database>,
  deps: MandateDeps,
  m: MandateRow,
  how: SignatureRecord,
  t: number,
  stored: string[],
): Promise<MandateView> {
  const { signedAt } = how;
  const input = parseInput(m);
  const columns = registerColumns(input);
  const signerName = fullName({
    firstname: input.client.firstName,
    lastname: input.client.lastName,
  });
  // The next number (the counter row locked until commit), the row and its hash.
  const entry = await appendRegisterRow(
    trx,
    { mandateId: m.id, at: signedAt, ...columns },
    { userId: m.buyer_id, name: signerName },
  );
  const number = entry.number;
  const content = buildMandateContent({
    ...input,
    registerNumber: number,
    signedAt,
    signatureLine: how.signatureLine,
  });
  const { pdf, testCertificate } = await deps.files.sealPdf(content);
  const pdfSha = sha256(pdf);
  const pdfId = `mandate-${m.id}-pdf`;
  const evidence = Buffer.from(
    JSON.stringify(
      {
        document: {
          title: content.title,
          registerNumber: number,
          fileName: `mandat-${number}.pdf`,
          sha256: pdfSha,
          size: pdf.length,
          agencySignature: {
            format: 'PAdES (ETSI.CAdES.detached)',
            testCertificate,
          },
        },
        mandateId: m.id,
        signer: {
          userId: m.buyer_id,
          name: signerName,
          email: input.client.email,
          address: input.client.address,
        },
        ...how.evidence,
        register: { number, entry: entry.seq, hash: entry.hash, previousHash: entry.prev_hash },
      },
      null,
      2,
    ),
  );
  const evidenceId = `mandate-${m.id}-evidence`;
  for (const [id, bytes] of [[pdfId, pdf], ...(how.files ?? []), [evidenceId, evidence]] as const) {
    stored.push(id);
    await putFile(deps.documents, id, bytes);
  }
  await trx
    .updateTable('mandate')
    .set({
      status: 'signed',
      register_number: number,
      signed_at: signedAt,
      code_hash: null,
      code_checked_at: signedAt,
      pdf_file_id: pdfId,
      pdf_sha256: pdfSha,
      evidence_file_id: evidenceId,
      evidence_sha256: sha256(evidence),
      test_certificate: testCertificate ? 1 : 0,
      version: m.version + 1,
    })
    .where('id', '=', m.id)
    .execute();
  await audit(
    trx,
    {
      actorId: m.buyer_id,
      action: 'mandate-signed',
      recordType: 'buyer',
      recordId: m.buyer_id,
      after: {
        mandateId: m.id,
        projectId: m.project_id,
        registerNumber: number,
        sha256: pdfSha,
        ...how.audit,
      },
    },
    signedAt,
  );
  // The project moves to « Mandat signé » by itself (from « En cours de validation »).
  const project = await projectForStage(trx, m.project_id);
  if (project && project.stage === 'VALIDATION')
    await moveStage(
      trx,
      deps,
      m.buyer_id,
      project,
      { to: 'MANDAT', note: how.stageNote(number), version: project.version, notify: false },
      signedAt,
    );
  const mails: Mail[] = [
    mandateSignedClientMail(input.client.email, input.client.firstName, {
      number,
      withdrawalUntil: mandateDate(withdrawalDeadline(signedAt)),
      url: `${deps.publicUrl}/dashboard#mon-mandat`,
    }),
  ];
  const hunterEmail = await hunterEmailOf(trx, m.buyer_id);
  if (hunterEmail)
    mails.push(
      mandateSignedHunterMail(hunterEmail, {
        buyerName: signerName,
        number,
        ficheUrl: `${deps.publicUrl}/wh-dashboard/acquereurs/${m.buyer_id}`,
      }),
    );
  for (const mail of mails) await deps.mails.enqueue(mail, trx);
  return toMandateView(await rowOf(trx, m.id), t);
}

async function hunterEmailOf(trx: Kysely<Database>, buyerId: string) {
  const row = await trx
    .selectFrom('app_user as b')
    .innerJoin('app_user as h', 'h.id', 'b.id_chasseur')
    .select(['h.email', 'h.is_archived'])
    .where('b.id', '=', buyerId)
    .executeTakeFirst();
  return row && row.is_archived !== 1 ? row.email : undefined;
}

// ---- Withdrawal and end ----------------------------------------------------------------------

/**
 * A withdrawal (within 14 days of the signature, the client's online form) or an end (after 3
 * months, either party): the mandate's status, an observation in the register, the project
 * stopped — moved back to « En cours de validation » with a note saying why, so no search work
 * goes on without a mandate — and the other party e-mailed.
 */
export async function stopMandate(
  deps: Pick<MandateDeps, 'db' | 'mails' | 'publicUrl' | 'now'>,
  mandateId: string,
  kind: 'withdrawn' | 'ended',
  by: { id: string; name: string; isClient: boolean },
  reason: string | undefined,
): Promise<Outcome<MandateView>> {
  const t = deps.now();
  const at = iso(t);
  return deps.db.transaction().execute(async (trx) => {
    const m = await lockingRows(
      trx,
      trx.selectFrom('mandate').selectAll().where('id', '=', mandateId),
    ).executeTakeFirst();
    if (!m) return refuse(404, 'Ce mandat n’existe pas.');
    if (m.status !== 'signed' || !m.signed_at || m.register_number === null)
      return refuse(
        409,
        m.status === 'awaiting_signature'
          ? 'Ce mandat n’est pas signé\u00a0: il n’y a rien à résilier.'
          : 'Ce mandat a déjà pris fin.',
      );
    const number = m.register_number;
    if (kind === 'withdrawn' && t > Date.parse(withdrawalDeadline(m.signed_at)))
      return refuse(
        409,
        `Le délai de rétractation de ${WITHDRAWAL_DAYS}\u00a0jours a pris fin le ${mandateDate(withdrawalDeadline(m.signed_at))}. Vous pourrez mettre fin au mandat à tout moment à partir du ${mandateDate(endableFrom(m.signed_at))}.`,
      );
    if (kind === 'ended' && t < Date.parse(endableFrom(m.signed_at)))
      return refuse(
        409,
        `Le mandat ne peut prendre fin qu’à partir du ${mandateDate(endableFrom(m.signed_at))}, trois mois après sa signature (art. 78 du décret du 20 juillet 1972)${by.isClient && t <= Date.parse(withdrawalDeadline(m.signed_at)) ? `\u00a0; d’ici le ${mandateDate(withdrawalDeadline(m.signed_at))}, vous pouvez vous rétracter` : ''}.`,
      );
    const input = parseInput(m);
    const clientName = fullName({
      firstname: input.client.firstName,
      lastname: input.client.lastName,
    });
    const observation =
      kind === 'withdrawn'
        ? `Rétractation du mandant le ${mandateDate(at)} (formulaire de rétractation en ligne, art. L221-18 du Code de la consommation).`
        : `Fin du mandat le ${mandateDate(at)} à la demande ${by.isClient ? 'du mandant' : `du mandataire (${by.name})`} (art. 78 du décret du 20 juillet 1972)${reason ? `\u00a0: ${reason}` : '.'}`;
    await appendObservation(trx, number, observation, { userId: by.id, name: by.name }, at);
    await trx
      .updateTable('mandate')
      .set({
        status: kind,
        ended_at: at,
        end_reason: reason ?? null,
        ended_by: by.id,
        version: m.version + 1,
      })
      .where('id', '=', m.id)
      .execute();
    await audit(
      trx,
      {
        actorId: by.id,
        action: kind === 'withdrawn' ? 'mandate-withdrawn' : 'mandate-ended',
        recordType: 'buyer',
        recordId: m.buyer_id,
        after: { mandateId: m.id, registerNumber: number },
      },
      at,
    );
    // The project stops: back to « En cours de validation », with why.
    const project = await projectForStage(trx, m.project_id);
    if (project && project.stage !== 'VALIDATION') {
      const note =
        kind === 'withdrawn'
          ? `Mandat n°\u00a0${number}\u00a0: rétractation du client. Les recherches s’arrêtent.`
          : `Mandat n°\u00a0${number} terminé (${by.isClient ? 'à la demande du client' : by.name}). Les recherches s’arrêtent.`;
      await moveStage(
        trx,
        deps,
        by.id,
        project,
        { to: 'VALIDATION', note, version: project.version, notify: false },
        at,
      );
    }
    // The client gets the acknowledgement; the hunter is told.
    const clientAccount = await trx
      .selectFrom('app_user')
      .select(['email', 'firstname', 'deleted_at'])
      .where('id', '=', m.buyer_id)
      .executeTakeFirst();
    const stop = { kind, number, who: by.isClient ? clientName : by.name };
    if (clientAccount && !clientAccount.deleted_at)
      await deps.mails.enqueue(
        mandateStoppedMail(clientAccount.email, clientAccount.firstname, {
          ...stop,
          url: `${deps.publicUrl}/dashboard#mon-mandat`,
          toClient: true,
        }),
        trx,
      );
    const hunterEmail = await hunterEmailOf(trx, m.buyer_id);
    if (hunterEmail)
      await deps.mails.enqueue(
        mandateStoppedMail(hunterEmail, null, {
          ...stop,
          url: `${deps.publicUrl}/wh-dashboard/acquereurs/${m.buyer_id}`,
          toClient: false,
        }),
        trx,
      );
    return { ok: true, value: toMandateView(await rowOf(trx, m.id), t) };
  });
}

// ---- Files -----------------------------------------------------------------------------------

/** The mandate's PDF: the stored signed copy, or the draft (or a demo mandate) rendered now. */
export async function mandatePdf(
  deps: Pick<MandateDeps, 'documents' | 'files'>,
  row: MandateRow,
): Promise<{
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  size: number;
  fileName: string;
}> {
  const fileName = row.register_number ? `mandat-${row.register_number}.pdf` : 'mandat-projet.pdf';
  if (row.pdf_file_id) {
    const file = await deps.documents.get(row.pdf_file_id);
    if (file) return { body: file.stream, size: file.size, fileName };
  }
  const pdf = await deps.files.draftPdf(contentOf(row));
  return { body: new Uint8Array(pdf), size: pdf.length, fileName };
}

// ---- Demo and tests --------------------------------------------------------------------------

/**
 * A mandate signed before this software (the demo's buyers already past « Mandat », a test's
 * project): written in the register like any other, without a stored PDF (its copy is rendered
 * when asked) nor evidence. The project's stage is left as it is.
 */
export async function recordPriorSignedMandate(
  trx: Kysely<Database>,
  options: { buyerId: string; projectId: number; signedAt: string; hunterName: string },
): Promise<{ id: string; number: number }> {
  const buyer = await trx
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', options.buyerId)
    .executeTakeFirstOrThrow();
  const project = await trx
    .selectFrom('buyer_project')
    .selectAll()
    .where('id', '=', options.projectId)
    .executeTakeFirstOrThrow();
  const view = toProjectView(project);
  const input: MandateInput = {
    client: {
      firstName: buyer.firstname,
      lastName: buyer.lastname,
      email: buyer.email,
      address: buyer.address.trim() || '12 rue de la Démonstration, 75011 Paris',
    },
    project: {
      searchGoal: view.searchGoal,
      department: view.department,
      cities: view.cities,
      typeBien: view.typeBien,
      typeAchat: view.typeAchat,
      budget: view.budget,
    },
    hunterName: options.hunterName,
    preparedAt: options.signedAt,
  };
  const id = randomUUID();
  await trx
    .insertInto('mandate')
    .values({
      id,
      buyer_id: options.buyerId,
      project_id: options.projectId,
      status: 'awaiting_signature',
      provider: 'internal',
      prepared_by: null,
      prepared_by_name: options.hunterName,
      prepared_at: options.signedAt,
      input: JSON.stringify(input),
    })
    .execute();
  const entry = await appendRegisterRow(
    trx,
    { mandateId: id, at: options.signedAt, ...registerColumns(input) },
    { userId: options.buyerId, name: fullName(buyer) },
  );
  await trx
    .updateTable('mandate')
    .set({ status: 'signed', register_number: entry.number, signed_at: options.signedAt })
    .where('id', '=', id)
    .execute();
  return { id, number: entry.number };
}

/** Whether a stage is « Mandat signé » or later: such a project needs a mandate in force. */
export const needsMandate = (stage: ProjectStage) => stageIndex(stage) >= stageIndex('MANDAT');
