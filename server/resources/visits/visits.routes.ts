import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { cityValue } from '../../../src/domain/arrondissements';
import { company } from '../../../src/domain/company';
import { INVALID_FIELDS } from '../../../src/domain/api/errors';
import {
  CLIENT_VISITS_PATH,
  STAFF_BUYER_VISITS_PATH,
  VISIT_ANSWER_PATH,
  VISIT_CALENDAR_PATH,
  VISIT_CANCEL_PATH,
  VISIT_PHOTO_PATH,
  VISIT_PHOTO_TYPE_REFUSAL,
  VISIT_PHOTO_UPLOAD_PATH,
  VISIT_REPORTS_PATH,
  plannedVisitSchema,
  sniffPhotoMime,
  visitAnswerSchema,
  visitReportSubmissionSchema,
  type VisitReportSent,
} from '../../../src/domain/api/visits';
import { isDeviceId } from '../../../src/domain/device-id';
import { parisLocalToIso } from '../../../src/domain/paris-time';
import { Role } from '../../../src/domain/roles';
import {
  VISIT_PHOTO_MAX_BYTES,
  VISIT_PHOTO_SIZE_MESSAGE,
} from '../../../src/domain/visit-report.schema';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import type { GeoIndex } from '../../geo/geo-data';
import { apiError, readJson, validationError } from '../../http/errors';
import { IDEMPOTENCY_KEY_PATTERN, bodyHash, idempotentPost } from '../../http/idempotency';
import { underApi } from '../../http/paths';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, requireStaff, workScope, type StaffEnv } from '../../staff/policy';
import type { DocumentStore } from '../documents/document-store';
import { clientInScope } from '../documents/documents.repo';
import { UploadParser, UploadRefused } from '../documents/upload-parser';
import {
  answerReport,
  cancelVisit,
  clientVisits,
  photoFile,
  planVisit,
  recordPhoto,
  recordReport,
  reportRefTaken,
  staffBuyerVisits,
  visitCalendar,
  visitOfBuyer,
} from './visits.repo';

const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';
const NOT_FOUND_REPORT = 'Ce compte rendu n’existe pas.';
const NOT_FOUND_PHOTO = 'Cette photo n’existe pas.';
const NOT_FOUND_VISIT = 'Cette visite n’existe pas.';
const BAD_TIME = 'Cette date n’existe pas\u00a0: vérifiez le jour et l’heure.';
/** A report may be written up to a day after the visit is planned for, or up to a year after. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Visits and visit reports (issue 28, docs/visits.md). Staff: plan and cancel a visit, send a
 * report (idempotent) and its photos one by one (each idempotent by its id), read a buyer's
 * visits and reports. Client: « Mes visites », a visit's calendar file, the answer to a report
 * (idempotent, through the outbox offline). Photos: for the buyer of a published report and the
 * staff who may see that buyer, never cached by a shared cache. Mounted on /api.
 */
export function visitsRoutes(
  deps: StaffRouteDeps & { documents: DocumentStore; geo: GeoIndex },
): Hono<AuthEnv> {
  const { db, mails, publicUrl, now, documents: store, geo, users } = deps;
  const app = new Hono<StaffEnv>();
  const signedIn = requireAuth(deps.tokens, deps.users);
  const staff = [signedIn, requireStaff()] as const;
  const client = [signedIn, requireRoles([Role.CLIENT])] as const;
  const mailDeps = { mails, publicUrl };
  const isoNow = () => new Date(now()).toISOString();

  app.post(
    underApi(VISIT_REPORTS_PATH),
    ...staff,
    idempotentPost({
      db,
      // Keys are the author's: another person's key can neither replay nor block this report.
      scope: (c) => `visit-report:${(c as Context<StaffEnv>).get('user')._id}`,
      schema: visitReportSubmissionSchema,
      prepare: async (c, data, replay) => {
        const ctx = c as Context<StaffEnv>;
        const buyer = await clientInScope(users, ctx.get('scope'), data.buyerId);
        if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
        const city = geo.cityOfDepartement(data.department, data.city);
        if (!city)
          return apiError(c, 400, INVALID_FIELDS, {
            city: 'Cette ville n’est pas dans le département choisi.',
          });
        const visitedAt = parisLocalToIso(data.visitedAt);
        if (!visitedAt) return apiError(c, 400, INVALID_FIELDS, { visitedAt: BAD_TIME });
        const at = now();
        const when = Date.parse(visitedAt);
        if (when > at + DAY_MS || when < at - 365 * DAY_MS)
          return apiError(c, 400, INVALID_FIELDS, {
            visitedAt: 'Indiquez la date de la visite (dans l’année écoulée, pas dans l’avenir).',
          });
        if (data.visitId !== null && !(await visitOfBuyer(db, data.visitId, buyer.id)))
          return apiError(c, 404, NOT_FOUND_VISIT);
        if (!replay && (await reportRefTaken(db, data.ref)))
          return apiError(c, 409, 'Ce compte rendu a déjà été envoyé.');
        return { value: { city: cityValue(city), visitedAt, authorId: actorOf(ctx).id } };
      },
      work: async (trx, data, { city, visitedAt, authorId }) => {
        const sent = await recordReport(trx, mailDeps, {
          authorId,
          data,
          city,
          visitedAt,
          at: isoNow(),
        });
        return { status: 201, body: sent satisfies VisitReportSent };
      },
    }),
  );

  app.put(underApi(VISIT_PHOTO_UPLOAD_PATH), ...staff, async (c) => {
    const ref = c.req.param('ref');
    const photoId = c.req.param('photoId');
    if (!ref || !photoId || !isDeviceId(ref) || !isDeviceId(photoId))
      return apiError(c, 404, NOT_FOUND_PHOTO);
    const declared = Number(c.req.header('Content-Length'));
    if (Number.isFinite(declared) && declared > VISIT_PHOTO_MAX_BYTES)
      return apiError(c, 413, VISIT_PHOTO_SIZE_MESSAGE);
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))
      return apiError(c, 400, 'L’en-tête Idempotency-Key est invalide (16 à 128 caractères).');
    const fileId = randomUUID();
    const upload = new UploadParser(
      c.req.raw.body,
      'visit-photo',
      sniffPhotoMime,
      VISIT_PHOTO_TYPE_REFUSAL,
      VISIT_PHOTO_SIZE_MESSAGE,
    );
    try {
      await store.put(fileId, upload.chunks());
    } catch (error) {
      if (error instanceof UploadRefused) return apiError(c, error.status, error.message);
      throw error;
    }
    const { mime, size, hash } = upload.accepted();
    let outcome;
    try {
      outcome = await recordPhoto(db, mailDeps, {
        uploaderId: actorOf(c).id,
        ref,
        photoId,
        fileId,
        mime,
        size,
        sha256: hash,
        at: isoNow(),
      });
    } catch (error) {
      await store.delete(fileId);
      throw error;
    }
    if (outcome.kind !== 'new') await store.delete(fileId);
    switch (outcome.kind) {
      case 'not-found':
        return apiError(c, 404, NOT_FOUND_REPORT);
      case 'not-listed':
        return apiError(c, 409, 'Cette photo ne fait pas partie de ce compte rendu.');
      case 'conflict':
        return apiError(
          c,
          409,
          'Une autre photo a déjà été envoyée sous cet identifiant. Reprenez la photo puis renvoyez le compte rendu.',
        );
      default:
        if (outcome.kind === 'replay') c.header('Idempotent-Replayed', 'true');
        return c.json(outcome.sent, outcome.kind === 'new' ? 201 : 200);
    }
  });

  /** A photo's bytes: the staff who may see its buyer (or its sender, before its report). */
  app.get(underApi(VISIT_PHOTO_PATH), signedIn, async (c) => {
    const photoId = c.req.param('photoId');
    if (!photoId || !isDeviceId(photoId)) return apiError(c, 404, NOT_FOUND_PHOTO);
    const actor = actorOf(c);
    const scope = workScope(actor);
    const found = await photoFile(
      db,
      store,
      photoId,
      scope ? { kind: 'staff', userId: actor.id, scope } : { kind: 'client', userId: actor.id },
    );
    if (!found) return apiError(c, 404, NOT_FOUND_PHOTO);
    return new Response(found.file.stream, {
      status: 200,
      headers: {
        'Content-Type': found.mime,
        'Content-Length': String(found.file.size),
        'X-Content-Type-Options': 'nosniff',
        // Private: only this person's browser may keep it; a photo never changes under its id.
        'Cache-Control': 'private, max-age=86400, immutable',
      },
    });
  });

  app.get(underApi(STAFF_BUYER_VISITS_PATH), ...staff, async (c) => {
    const buyer = await clientInScope(users, c.get('scope'), c.req.param('userId') ?? '');
    if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
    return c.json(await staffBuyerVisits(db, buyer.id));
  });

  app.post(underApi(STAFF_BUYER_VISITS_PATH), ...staff, async (c) => {
    const buyer = await clientInScope(users, c.get('scope'), c.req.param('userId') ?? '');
    if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
    const parsed = plannedVisitSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const input = parsed.data;
    const city = geo.cityOfDepartement(input.department, input.city);
    if (!city)
      return apiError(c, 400, INVALID_FIELDS, {
        city: 'Cette ville n’est pas dans le département choisi.',
      });
    const startsAt = parisLocalToIso(input.startsAt);
    if (!startsAt) return apiError(c, 400, INVALID_FIELDS, { startsAt: BAD_TIME });
    if (Date.parse(startsAt) < now() - DAY_MS)
      return apiError(c, 400, INVALID_FIELDS, {
        startsAt: 'Cette date est passée : indiquez la date de la visite à venir.',
      });
    const visit = await planVisit(db, mailDeps, {
      actorId: actorOf(c).id,
      buyer,
      input,
      city: cityValue(city),
      startsAt,
      at: isoNow(),
    });
    return c.json(visit, 201);
  });

  app.post(underApi(VISIT_CANCEL_PATH), ...staff, async (c) => {
    const visitId = Number(c.req.param('visitId'));
    if (!Number.isSafeInteger(visitId) || visitId < 1) return apiError(c, 404, NOT_FOUND_VISIT);
    const visit = await cancelVisit(db, mailDeps, {
      actorId: actorOf(c).id,
      scope: c.get('scope'),
      visitId,
      at: isoNow(),
    });
    if (!visit) return apiError(c, 404, NOT_FOUND_VISIT);
    return c.json(visit);
  });

  app.get(underApi(CLIENT_VISITS_PATH), ...client, async (c) =>
    c.json(await clientVisits(db, c.get('user')._id)),
  );

  app.get(underApi(VISIT_CALENDAR_PATH), ...client, async (c) => {
    const visitId = Number(c.req.param('visitId'));
    if (!Number.isSafeInteger(visitId) || visitId < 1) return apiError(c, 404, NOT_FOUND_VISIT);
    const file = await visitCalendar(db, c.get('user')._id, visitId, isoNow());
    if (!file) return apiError(c, 404, NOT_FOUND_VISIT);
    return new Response(file, {
      status: 200,
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="visite-${visitId}.ics"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });

  app.post(underApi(VISIT_ANSWER_PATH), ...client, async (c) => {
    const reportId = Number(c.req.param('reportId'));
    if (!Number.isSafeInteger(reportId) || reportId < 1) return apiError(c, 404, NOT_FOUND_REPORT);
    const key = c.req.header('Idempotency-Key') ?? '';
    if (!IDEMPOTENCY_KEY_PATTERN.test(key))
      return apiError(
        c,
        400,
        'L’en-tête Idempotency-Key est manquant ou invalide (16 à 128 caractères).',
      );
    const parsed = visitAnswerSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const buyer = await users.findById(c.get('user')._id);
    if (!buyer) return apiError(c, 404, NOT_FOUND_REPORT);
    const { outcome, report } = await answerReport(
      db,
      { ...mailDeps, agencyEmail: company.email },
      {
        buyer,
        reportId,
        ...parsed.data,
        key,
        hash: bodyHash({ reportId, ...parsed.data }),
        at: isoNow(),
      },
    );
    if (outcome === 'not-found' || !report) return apiError(c, 404, NOT_FOUND_REPORT);
    if (outcome === 'conflict')
      return apiError(
        c,
        409,
        'Cette réponse a déjà été envoyée autrement. Rechargez la page puis répondez de nouveau.',
      );
    if (outcome === 'replay') c.header('Idempotent-Replayed', 'true');
    return c.json(report);
  });

  return app as unknown as Hono<AuthEnv>;
}
