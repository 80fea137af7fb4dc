import type { Kysely, Selectable, Transaction } from 'kysely';
import { cityName } from '../../../src/domain/arrondissements';
import {
  visitAnswerLabels,
  visitPhotoPath,
  type ClientVisitReport,
  type ClientVisits,
  type PlannedVisit,
  type PlannedVisitView,
  type StaffBuyerVisits,
  type StaffVisitReport,
  type VisitAnswer,
  type VisitPhotoSent,
  type VisitPhotoView,
  type VisitReportSent,
  type VisitReportSubmission,
} from '../../../src/domain/api/visits';
import { calendarFile } from '../../../src/domain/icalendar';
import { formatParisDateTime } from '../../../src/domain/paris-time';
import type {
  PropertyState,
  Recommendation,
  VisitPhotoRef,
} from '../../../src/domain/visit-report.schema';
import type { Db } from '../../db/database';
import { lockingRows } from '../../db/dialect';
import type { Database, VisitReportTable, VisitTable } from '../../db/schema';
import { once } from '../../http/idempotency';
import type { MailQueue } from '../../mail/mail-queue';
import {
  visitAnswerMail,
  visitCancelledMail,
  visitPlannedMail,
  visitReportMail,
} from '../../mail/templates';
import { audit } from '../../staff/audit';
import { inScope, type Scope } from '../../staff/policy';
import type { DocumentStore, StoredFile } from '../documents/document-store';
import { personName } from '../buyers/buyers.repo';
import type { UserRow } from '../users/users.repo';

/**
 * Visits and visit reports (issue 28, docs/visits.md): every query, its audit entry and its
 * e-mails in one transaction. A report names its photos by the ids the hunter's device gave
 * them; photos may arrive before or after it (the outbox replays in order, but moves a request
 * the server failed to the back). Each write that could complete a report first holds the
 * author's account row (lockingRows), so a report and its last photo arriving at once on two
 * servers are counted one after the other, and the report is published exactly once.
 */

export interface VisitMailDeps {
  mails: MailQueue;
  publicUrl: string;
}

const STAFF_BUYER_PATH = '/wh-dashboard/acquereurs/';
const visitsUrl = (publicUrl: string) => `${publicUrl}/dashboard#mes-visites`;
const CALENDAR_PRODUCT = '-//Chassimmo//Visites//FR';

type ReportRow = Selectable<VisitReportTable>;
type VisitRow = Selectable<VisitTable>;

const announcedPhotos = (row: Pick<ReportRow, 'photo_ids'>) =>
  JSON.parse(row.photo_ids) as VisitPhotoRef[];

/** Holds the account row of `userId` until the transaction ends (see above). */
async function holdAccount(trx: Kysely<Database>, userId: string): Promise<void> {
  await lockingRows(
    trx,
    trx.selectFrom('app_user').select('id').where('id', '=', userId),
  ).executeTakeFirst();
}

/** Names of accounts, by id (null: unknown or erased). */
async function namesOf(db: Kysely<Database>, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string | null>();
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'firstname', 'lastname', 'deleted_at'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.deleted_at ? null : personName(r)]));
}

function plannedView(row: VisitRow, names: Map<string, string | null>, reportId: number | null) {
  return {
    id: row.id,
    buyerId: row.buyer_id,
    address: row.address,
    city: row.city,
    cityName: cityName(row.city),
    department: row.department,
    startsAt: row.starts_at,
    duration: row.duration,
    withClient: row.with_client === 1,
    note: row.note,
    hunterName: names.get(row.created_by) ?? null,
    cancelled: row.cancelled_at !== null,
    reportId,
  } satisfies PlannedVisitView;
}

/** The photos of a report that have arrived, in the order the report lists them. */
async function arrivedPhotos(db: Kysely<Database>, row: ReportRow): Promise<VisitPhotoView[]> {
  const announced = announcedPhotos(row);
  if (announced.length === 0) return [];
  const arrived = new Set(
    (
      await db
        .selectFrom('visit_photo')
        .select('id')
        .where('report_ref', '=', row.ref)
        .where('uploaded_by', '=', row.author_id)
        .where(
          'id',
          'in',
          announced.map((p) => p.id),
        )
        .execute()
    ).map((r) => r.id),
  );
  return announced
    .filter((p) => arrived.has(p.id))
    .map((p) => ({ id: p.id, width: p.width, height: p.height, url: visitPhotoPath(p.id) }));
}

function clientReport(
  row: ReportRow,
  photos: VisitPhotoView[],
  names: Map<string, string | null>,
): ClientVisitReport {
  return {
    id: row.id,
    address: row.address,
    city: row.city,
    cityName: cityName(row.city),
    visitedAt: row.visited_at,
    askingPrice: row.asking_price,
    livingArea: row.living_area,
    rooms: row.rooms,
    floor: row.floor,
    lift: row.lift === 1,
    energy: row.energy,
    emissions: row.emissions,
    condition: row.condition as PropertyState,
    works: row.works,
    worksEstimate: row.works_estimate,
    rating: row.rating,
    strengths: row.strengths,
    weaknesses: row.weaknesses,
    reason: row.reason,
    hunterName: names.get(row.author_id) ?? null,
    photos,
    answer:
      row.answer && row.answered_at
        ? {
            answer: row.answer as VisitAnswer,
            comment: row.answer_comment ?? '',
            at: row.answered_at,
          }
        : null,
    publishedAt: row.published_at ?? row.created_at,
  };
}

function staffReport(
  row: ReportRow,
  photos: VisitPhotoView[],
  names: Map<string, string | null>,
): StaffVisitReport {
  return {
    ...clientReport(row, photos, names),
    ref: row.ref,
    recommendation: row.recommendation as Recommendation,
    visitId: row.visit_id,
    authorName: names.get(row.author_id) ?? null,
    photosExpected: row.photos_expected,
    photosReceived: row.photos_received,
    complete: row.completed_at !== null,
    publishedAt: row.published_at,
    createdAt: row.created_at,
  };
}

/**
 * Counts the report's photos that have arrived; the first time they are all there, the report is
 * complete and, « à proposer », published: the buyer is told by e-mail. The caller holds the
 * author's row.
 */
async function settleReport(
  trx: Transaction<Database>,
  deps: VisitMailDeps,
  ref: string,
  at: string,
): Promise<ReportRow> {
  const row = await trx
    .selectFrom('visit_report')
    .selectAll()
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow();
  const received = (await arrivedPhotos(trx, row)).length;
  const complete = received === row.photos_expected;
  const publish = complete && row.completed_at === null && row.recommendation === 'proposer';
  const changes: Partial<ReportRow> = {};
  if (received !== row.photos_received) changes.photos_received = received;
  if (complete && row.completed_at === null) changes.completed_at = at;
  if (publish) changes.published_at = at;
  if (Object.keys(changes).length === 0) return row;
  await trx.updateTable('visit_report').set(changes).where('id', '=', row.id).execute();
  if (publish) {
    const buyer = await trx
      .selectFrom('app_user')
      .select(['email', 'firstname', 'deleted_at', 'is_archived'])
      .where('id', '=', row.buyer_id)
      .executeTakeFirst();
    const names = await namesOf(trx, [row.author_id]);
    if (buyer && !buyer.deleted_at && !buyer.is_archived)
      await deps.mails.enqueue(
        visitReportMail(buyer.email, buyer.firstname, {
          address: row.address,
          city: cityName(row.city),
          hunterName: names.get(row.author_id) ?? null,
          visitsUrl: visitsUrl(deps.publicUrl),
        }),
        trx,
      );
    await audit(
      trx,
      {
        actorId: row.author_id,
        action: 'visit-report.publish',
        recordType: 'buyer',
        recordId: row.buyer_id,
        after: { reportId: row.id, photos: received },
      },
      at,
    );
  }
  return { ...row, ...changes };
}

/** A report whose `ref` is already stored (under another Idempotency-Key). */
export async function reportRefTaken(db: Db, ref: string): Promise<boolean> {
  return !!(await db
    .selectFrom('visit_report')
    .select('id')
    .where('ref', '=', ref)
    .executeTakeFirst());
}

/** A planned visit of `buyerId`, to write a report from it. */
export async function visitOfBuyer(db: Db, visitId: number, buyerId: string) {
  return db
    .selectFrom('visit')
    .select('id')
    .where('id', '=', visitId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst();
}

export interface NewReport {
  authorId: string;
  data: VisitReportSubmission;
  /** The city as stored (a commune's name, an arrondissement's code). */
  city: string;
  visitedAt: string;
  at: string;
}

/** POST /staff/visit-reports, in the Idempotency-Key's transaction. */
export async function recordReport(
  trx: Transaction<Database>,
  deps: VisitMailDeps,
  { authorId, data, city, visitedAt, at }: NewReport,
): Promise<VisitReportSent> {
  await holdAccount(trx, authorId);
  const { id } = await trx
    .insertInto('visit_report')
    .values({
      ref: data.ref,
      buyer_id: data.buyerId,
      visit_id: data.visitId,
      author_id: authorId,
      address: data.address,
      department: data.department,
      city,
      visited_at: visitedAt,
      asking_price: data.askingPrice,
      living_area: data.livingArea,
      rooms: data.rooms,
      floor: data.floor,
      lift: data.lift ? 1 : 0,
      energy: data.energy,
      emissions: data.emissions,
      condition: data.condition,
      works: data.works,
      works_estimate: data.worksEstimate,
      rating: data.rating,
      strengths: data.strengths,
      weaknesses: data.weaknesses,
      recommendation: data.recommendation,
      reason: data.reason,
      photo_ids: JSON.stringify(data.photos),
      photos_expected: data.photos.length,
      photos_received: 0,
      completed_at: null,
      published_at: null,
      created_at: at,
      answer: null,
      answer_comment: null,
      answered_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(
    trx,
    {
      actorId: authorId,
      action: 'visit-report.create',
      recordType: 'buyer',
      recordId: data.buyerId,
      after: {
        reportId: id,
        address: data.address,
        recommendation: data.recommendation,
        photos: data.photos.length,
      },
    },
    at,
  );
  const row = await settleReport(trx, deps, data.ref, at);
  const complete = row.completed_at !== null;
  return {
    id,
    ref: data.ref,
    photosExpected: row.photos_expected,
    photosReceived: row.photos_received,
    complete,
    message: complete
      ? 'Compte rendu envoyé.'
      : `Compte rendu reçu\u00a0: ${row.photos_received}/${row.photos_expected} photos arrivées.`,
  };
}

export interface ReceivedPhoto {
  uploaderId: string;
  ref: string;
  photoId: string;
  fileId: string;
  mime: string;
  size: number;
  sha256: string;
  at: string;
}

export type PhotoOutcome =
  | { kind: 'new' | 'replay'; sent: VisitPhotoSent }
  | { kind: 'conflict' | 'not-listed' | 'not-found' };

/**
 * PUT /staff/visit-reports/:ref/photos/:photoId: records a photo whose bytes are in the store
 * under `fileId`. The same photo again (same id, same bytes, same author) is a replay and keeps
 * nothing new; the same id with other bytes is a conflict. A report that exists must be the
 * uploader's and list the photo. The caller deletes `fileId` unless the outcome is 'new'.
 */
export async function recordPhoto(
  db: Db,
  deps: VisitMailDeps,
  photo: ReceivedPhoto,
): Promise<PhotoOutcome> {
  return db.transaction().execute(async (trx) => {
    await holdAccount(trx, photo.uploaderId);
    const report = await trx
      .selectFrom('visit_report')
      .selectAll()
      .where('ref', '=', photo.ref)
      .executeTakeFirst();
    if (report && report.author_id !== photo.uploaderId) return { kind: 'not-found' };
    if (report && !announcedPhotos(report).some((p) => p.id === photo.photoId))
      return { kind: 'not-listed' };
    const existing = await trx
      .selectFrom('visit_photo')
      .selectAll()
      .where('id', '=', photo.photoId)
      .executeTakeFirst();
    let kind: 'new' | 'replay' = 'new';
    if (existing) {
      if (
        existing.sha256 !== photo.sha256 ||
        existing.uploaded_by !== photo.uploaderId ||
        existing.report_ref !== photo.ref
      )
        return { kind: 'conflict' };
      kind = 'replay';
    } else {
      await trx
        .insertInto('visit_photo')
        .values({
          id: photo.photoId,
          report_ref: photo.ref,
          uploaded_by: photo.uploaderId,
          file_id: photo.fileId,
          mime: photo.mime,
          size: photo.size,
          sha256: photo.sha256,
          created_at: photo.at,
        })
        .execute();
    }
    const settled = report ? await settleReport(trx, deps, photo.ref, photo.at) : undefined;
    return {
      kind,
      sent: {
        photoId: photo.photoId,
        report: settled
          ? {
              id: settled.id,
              photosExpected: settled.photos_expected,
              photosReceived: settled.photos_received,
              complete: settled.completed_at !== null,
            }
          : null,
      },
    };
  });
}

/** Who asks for a photo's bytes. */
export type PhotoViewer =
  { kind: 'client'; userId: string } | { kind: 'staff'; userId: string; scope: Scope };

/**
 * A photo's bytes, for the buyer of its published report, the staff who may see that buyer, or
 * (before its report arrived) the hunter who sent it; undefined for anyone else, as for a photo
 * that does not exist.
 */
export async function photoFile(
  db: Db,
  store: DocumentStore,
  photoId: string,
  viewer: PhotoViewer,
): Promise<{ mime: string; file: StoredFile } | undefined> {
  const photo = await db
    .selectFrom('visit_photo')
    .selectAll()
    .where('id', '=', photoId)
    .executeTakeFirst();
  if (!photo) return undefined;
  const report = await db
    .selectFrom('visit_report as r')
    .innerJoin('app_user as b', 'b.id', 'r.buyer_id')
    .select(['r.buyer_id', 'r.author_id', 'r.published_at', 'r.photo_ids', 'b.id_chasseur'])
    .where('r.ref', '=', photo.report_ref)
    .executeTakeFirst();
  const listed =
    report &&
    report.author_id === photo.uploaded_by &&
    announcedPhotos(report).some((p) => p.id === photoId);
  const allowed =
    viewer.kind === 'client'
      ? listed && report.buyer_id === viewer.userId && report.published_at !== null
      : listed
        ? inScope(viewer.scope, report.id_chasseur) || report.author_id === viewer.userId
        : !report && photo.uploaded_by === viewer.userId;
  if (!allowed) return undefined;
  const file = await store.get(photo.file_id);
  return file ? { mime: photo.mime, file } : undefined;
}

async function reportsOf(db: Kysely<Database>, buyerId: string, publishedOnly: boolean) {
  let query = db
    .selectFrom('visit_report')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .orderBy('visited_at', 'desc')
    .orderBy('id', 'desc');
  if (publishedOnly) query = query.where('published_at', 'is not', null);
  return query.execute();
}

async function visitsOf(db: Kysely<Database>, buyerId: string, withCancelled: boolean) {
  let query = db
    .selectFrom('visit')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc');
  if (!withCancelled) query = query.where('cancelled_at', 'is', null);
  return query.execute();
}

/**
 * A buyer's visits and reports, newest first, with the names they show: for the staff, every
 * one; for the buyer, the visits not cancelled and the reports published.
 */
async function visitsAndReports(db: Db, buyerId: string, forStaff: boolean) {
  const [visits, reports] = await Promise.all([
    visitsOf(db, buyerId, forStaff),
    reportsOf(db, buyerId, !forStaff),
  ]);
  const names = await namesOf(db, [
    ...visits.map((v) => v.created_by),
    ...reports.map((r) => r.author_id),
  ]);
  const reportOfVisit = new Map(reports.flatMap((r) => (r.visit_id ? [[r.visit_id, r.id]] : [])));
  const withPhotos = (r: ReportRow) => arrivedPhotos(db, r).then((photos) => ({ r, photos }));
  return {
    visits: visits.map((v) => plannedView(v, names, reportOfVisit.get(v.id) ?? null)),
    reports: await Promise.all(reports.map(withPhotos)),
    names,
  };
}

/** GET /staff/buyers/:userId/visits: every visit and report of the buyer. */
export async function staffBuyerVisits(db: Db, buyerId: string): Promise<StaffBuyerVisits> {
  const { visits, reports, names } = await visitsAndReports(db, buyerId, true);
  return { visits, reports: reports.map(({ r, photos }) => staffReport(r, photos, names)) };
}

/** GET /client/visits: the buyer's visits still planned or past, and the published reports. */
export async function clientVisits(db: Db, buyerId: string): Promise<ClientVisits> {
  const { visits, reports, names } = await visitsAndReports(db, buyerId, false);
  return { visits, reports: reports.map(({ r, photos }) => clientReport(r, photos, names)) };
}

export interface NewVisit {
  actorId: string;
  buyer: UserRow;
  input: PlannedVisit;
  city: string;
  startsAt: string;
  at: string;
}

/** POST /staff/buyers/:userId/visits: the visit, its audit entry and the buyer's e-mail. */
export async function planVisit(
  db: Db,
  deps: VisitMailDeps,
  { actorId, buyer, input, city, startsAt, at }: NewVisit,
): Promise<PlannedVisitView> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('visit')
      .values({
        buyer_id: buyer.id,
        address: input.address,
        department: input.department,
        city,
        starts_at: startsAt,
        duration: input.duration,
        with_client: input.withClient ? 1 : 0,
        note: input.note,
        created_by: actorId,
        created_at: at,
        cancelled_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      {
        actorId,
        action: 'visit.plan',
        recordType: 'buyer',
        recordId: buyer.id,
        after: { visitId: row.id, address: input.address, startsAt, withClient: input.withClient },
      },
      at,
    );
    const names = await namesOf(trx, [actorId]);
    if (!buyer.is_archived && !buyer.deleted_at)
      await deps.mails.enqueue(
        visitPlannedMail(buyer.email, buyer.firstname, {
          when: formatParisDateTime(startsAt),
          address: input.address,
          city: cityName(city),
          withClient: input.withClient,
          hunterName: names.get(actorId) ?? null,
          visitsUrl: visitsUrl(deps.publicUrl),
          calendarUrl: `${deps.publicUrl}/api/client/visits/${row.id}/calendar.ics`,
        }),
        trx,
      );
    return plannedView(row, names, null);
  });
}

/** POST /staff/visits/:visitId/cancel, for staff who may see its buyer; false when not found. */
export async function cancelVisit(
  db: Db,
  deps: VisitMailDeps,
  { actorId, scope, visitId, at }: { actorId: string; scope: Scope; visitId: number; at: string },
): Promise<PlannedVisitView | undefined> {
  return db.transaction().execute(async (trx) => {
    const visit = await lockingRows(
      trx,
      trx.selectFrom('visit').selectAll().where('id', '=', visitId),
    ).executeTakeFirst();
    if (!visit) return undefined;
    const buyer = await trx
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', visit.buyer_id)
      .executeTakeFirst();
    if (!buyer || !inScope(scope, buyer.id_chasseur)) return undefined;
    const names = await namesOf(trx, [visit.created_by]);
    if (visit.cancelled_at) return plannedView(visit, names, null);
    await trx.updateTable('visit').set({ cancelled_at: at }).where('id', '=', visitId).execute();
    await audit(
      trx,
      {
        actorId,
        action: 'visit.cancel',
        recordType: 'buyer',
        recordId: buyer.id,
        before: { visitId, startsAt: visit.starts_at },
      },
      at,
    );
    if (!buyer.is_archived && !buyer.deleted_at && visit.starts_at > at)
      await deps.mails.enqueue(
        visitCancelledMail(buyer.email, buyer.firstname, {
          when: formatParisDateTime(visit.starts_at),
          address: visit.address,
          city: cityName(visit.city),
          visitsUrl: visitsUrl(deps.publicUrl),
        }),
        trx,
      );
    return plannedView({ ...visit, cancelled_at: at }, names, null);
  });
}

/** GET /client/visits/:visitId/calendar.ics: the buyer's own visit as a calendar file. */
export async function visitCalendar(
  db: Db,
  buyerId: string,
  visitId: number,
  at: string,
): Promise<string | undefined> {
  const visit = await db
    .selectFrom('visit')
    .selectAll()
    .where('id', '=', visitId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst();
  if (!visit) return undefined;
  const names = await namesOf(db, [visit.created_by]);
  const hunter = names.get(visit.created_by);
  const city = cityName(visit.city);
  return calendarFile(
    {
      uid: `visite-${visit.id}@chassimmo.fr`,
      start: visit.starts_at,
      end: new Date(Date.parse(visit.starts_at) + visit.duration * 60_000).toISOString(),
      stamp: at,
      summary: `Visite\u00a0: ${visit.address}, ${city}`,
      location: `${visit.address}, ${city}`,
      description: [
        visit.with_client === 1
          ? `Visite avec ${hunter ?? 'votre chasseur'}.`
          : `Visite faite pour vous par ${hunter ?? 'votre chasseur'}.`,
        visit.note,
      ]
        .filter(Boolean)
        .join('\n'),
      cancelled: visit.cancelled_at !== null,
    },
    CALENDAR_PRODUCT,
  );
}

/** The visits of a Paris day for « Aujourd’hui », for the staff's scope, earliest first. */
export async function visitsBetween(db: Db, scope: Scope, from: string, to: string) {
  let query = db
    .selectFrom('visit as v')
    .innerJoin('app_user as b', 'b.id', 'v.buyer_id')
    .selectAll('v')
    .select(['b.firstname as buyerFirstname', 'b.lastname as buyerLastname', 'b.phone'])
    .where('v.starts_at', '>=', from)
    .where('v.starts_at', '<', to)
    .where('v.cancelled_at', 'is', null)
    .orderBy('v.starts_at')
    .orderBy('v.id');
  if (scope.kind === 'hunter')
    query = query.where((eb) =>
      eb.or([eb('b.id_chasseur', '=', scope.hunterId), eb('v.created_by', '=', scope.hunterId)]),
    );
  const rows = await query.limit(100).execute();
  const names = await namesOf(
    db,
    rows.map((r) => r.created_by),
  );
  const reports = rows.length
    ? await db
        .selectFrom('visit_report')
        .select(['id', 'visit_id'])
        .where(
          'visit_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const reportOf = new Map(reports.map((r) => [r.visit_id, r.id]));
  return rows.map(({ buyerFirstname, buyerLastname, phone, ...visit }) => ({
    ...plannedView(visit, names, reportOf.get(visit.id) ?? null),
    buyerName: personName({ firstname: buyerFirstname, lastname: buyerLastname }) ?? '',
    buyerPhone: phone,
  }));
}

export type AnswerOutcome = 'new' | 'replay' | 'conflict' | 'not-found';

/**
 * POST /client/visit-reports/:reportId/answer (Idempotency-Key): the buyer's answer to a
 * published report; a later answer replaces it. The hunter who wrote it is told by e-mail (the
 * agency's address when that account is gone).
 */
export async function answerReport(
  db: Db,
  deps: VisitMailDeps & { agencyEmail: string },
  input: {
    buyer: UserRow;
    reportId: number;
    answer: VisitAnswer;
    comment: string;
    key: string;
    hash: string;
    at: string;
  },
): Promise<{ outcome: AnswerOutcome; report?: ClientVisitReport }> {
  const { buyer, reportId, answer, comment, key, hash, at } = input;
  const find = (trx: Kysely<Database>) =>
    trx
      .selectFrom('visit_report')
      .selectAll()
      .where('id', '=', reportId)
      .where('buyer_id', '=', buyer.id)
      .where('published_at', 'is not', null)
      .executeTakeFirst();
  if (!(await find(db))) return { outcome: 'not-found' };
  const result = await once(db, `visit-answer:${buyer.id}`, key, hash, async (trx) => {
    const row = await find(trx);
    if (!row) return { status: 404, body: null };
    await trx
      .updateTable('visit_report')
      .set({ answer, answer_comment: comment, answered_at: at })
      .where('id', '=', reportId)
      .execute();
    await audit(
      trx,
      {
        actorId: buyer.id,
        action: 'visit-report.answer',
        recordType: 'buyer',
        recordId: buyer.id,
        before: row.answer ? { reportId, answer: row.answer } : undefined,
        after: { reportId, answer, comment },
      },
      at,
    );
    const author = await trx
      .selectFrom('app_user')
      .select(['email', 'deleted_at', 'is_archived'])
      .where('id', '=', row.author_id)
      .executeTakeFirst();
    const to =
      author && !author.deleted_at && !author.is_archived ? author.email : deps.agencyEmail;
    await deps.mails.enqueue(
      visitAnswerMail(to, {
        buyerName: personName(buyer) ?? 'Le client',
        address: row.address,
        city: cityName(row.city),
        answerLabel: visitAnswerLabels[answer],
        comment,
        ficheUrl: `${deps.publicUrl}${STAFF_BUYER_PATH}${encodeURIComponent(buyer.id)}`,
      }),
      trx,
    );
    return { status: 200, body: { reportId } };
  });
  if (result.kind === 'conflict') return { outcome: 'conflict' };
  const row = await find(db);
  if (!row) return { outcome: 'not-found' };
  const names = await namesOf(db, [row.author_id]);
  return {
    outcome: result.kind,
    report: clientReport(row, await arrivedPhotos(db, row), names),
  };
}

/** The files of a buyer's visit reports, and their rows, removed (account deletion). */
export async function removeBuyerVisits(trx: Kysely<Database>, buyerId: string) {
  const refs = await trx
    .selectFrom('visit_report')
    .select('ref')
    .where('buyer_id', '=', buyerId)
    .execute();
  const files = refs.length
    ? await trx
        .selectFrom('visit_photo')
        .select('file_id')
        .where(
          'report_ref',
          'in',
          refs.map((r) => r.ref),
        )
        .execute()
    : [];
  if (refs.length)
    await trx
      .deleteFrom('visit_photo')
      .where(
        'report_ref',
        'in',
        refs.map((r) => r.ref),
      )
      .execute();
  await trx.deleteFrom('visit_report').where('buyer_id', '=', buyerId).execute();
  await trx.deleteFrom('visit').where('buyer_id', '=', buyerId).execute();
  return files.map((f) => f.file_id);
}
