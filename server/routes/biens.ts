import { Hono } from 'hono';
import { company } from '../../src/domain/company';
import { formatEuro } from '../../src/domain/format';
import {
  ownerDocumentFlags,
  ownerDocumentLabels,
  ownerSubmissionSchema,
} from '../../src/domain/owner-questionnaire.schema';
import {
  bienTypes,
  bedroomCounts,
  labelOf,
  roomCounts,
  surfaceBands,
  visitCounts,
} from '../../src/domain/property';
import type { Db } from '../db/database';
import type { GeoIndex } from '../geo/geo-data';
import { apiError, readJson, validationError } from '../http/errors';
import { limitPublicForm, visitorMailAllowed, type FormLimits } from '../http/form-limits';
import { IDEMPOTENCY_KEY_PATTERN, answered, bodyHash, once } from '../http/idempotency';
import type { MailQueue } from '../mail/mail-queue';
import { ownerConfirmationMail, staffNotificationMail } from '../mail/templates';

export interface BiensDeps {
  db: Db;
  geo: GeoIndex;
  mails: MailQueue;
  limits: FormLimits;
  /** Where new leads are announced. */
  staffEmail?: string;
}

const SCOPE = 'public/biens';

const sameName = (a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' }) === 0;

/** POST /api/public/biens: the owner questionnaire (spec 2.5, 7), public, idempotent. */
export function biensRoutes({
  db,
  geo,
  mails,
  limits,
  staffEmail = company.email,
}: BiensDeps): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const key = c.req.header('Idempotency-Key') ?? '';
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return apiError(
        c,
        400,
        'L’en-tête Idempotency-Key est manquant ou invalide (16 à 128 caractères).',
      );
    }
    const parsed = ownerSubmissionSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { bien, contact } = parsed.data;

    const city = geo
      .communesOfDepartement(bien.department)
      ?.find((commune) => sameName(commune.nom, bien.city));
    if (!city) {
      return c.json(
        {
          message: 'Certains champs sont invalides. Corrigez-les puis renvoyez le formulaire.',
          fieldErrors: { 'bien.city': 'Cette ville n’est pas dans le département choisi.' },
        },
        400,
      );
    }

    let confirmOwner = false;
    if (!(await answered(db, SCOPE, key))) {
      const refused = await limitPublicForm(c, limits, 'biens');
      if (refused) return refused;
      confirmOwner = await visitorMailAllowed(limits.throttle, contact.email);
    }

    const now = new Date().toISOString();
    const result = await once(db, SCOPE, key, bodyHash(parsed.data), async (trx) => {
      const saved = await trx
        .insertInto('owner_contact')
        .values({
          lastname: contact.lastname,
          firstname: contact.firstname,
          email: contact.email.toLowerCase(),
          phone: contact.phone,
          bien_count: contact.bienCount,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const property = await trx
        .insertInto('owner_property')
        .values({
          contact_id: saved.id,
          property_type: bien.propertyType,
          department: bien.department,
          city: city.nom,
          type_bien: bien.typeBien,
          status: bien.status,
          surface: bien.surface,
          room_count: bien.roomCount,
          bedroom_count: bien.bedroomCount,
          visit_count: bien.visitCount,
          price: bien.price,
          with_three_last_assembly: Number(bien.withThreeLastAssembly),
          with_four_last_charges_statements: Number(bien.withFourLastChargesStatements),
          with_last_property_tax: Number(bien.withLastPropertyTax),
          with_maintenance_building: Number(bien.withMaintenanceBuilding),
          with_pre_statement: Number(bien.withPreStatement),
          with_diagnostics: Number(bien.withDiagnostics),
          description: bien.description,
          disponible: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The mails are stored with the lead (one transaction): neither exists without the other,
      // and the queue delivers them even if the mail server is down now.
      if (confirmOwner)
        await mails.enqueue(ownerConfirmationMail(contact.email, contact.firstname), trx);
      await mails.enqueue(
        staffNotificationMail(
          staffEmail,
          `Nouveau propriétaire vendeur\u00a0: ${contact.firstname} ${contact.lastname}, ${city.nom}`,
          'Un propriétaire vient de remplir le questionnaire vendeur. À rappeler sous 48 heures\u00a0:',
          [
            [
              'Contact',
              `${contact.firstname} ${contact.lastname}, ${contact.phone}, ${contact.email}`,
            ],
            ['Nombre de biens', String(contact.bienCount)],
            // The type and the condition on two lines: 'Maison neuf' would not agree in gender.
            ['Bien', `${labelOf(bienTypes, bien.typeBien)}, ${city.nom} (${bien.department})`],
            ['État', bien.status],
            ['Usage', bien.propertyType],
            ['Surface', labelOf(surfaceBands, bien.surface)],
            ['Pièces', labelOf(roomCounts, bien.roomCount)],
            ['Chambres', labelOf(bedroomCounts, bien.bedroomCount)],
            ['Visites déjà faites', labelOf(visitCounts, bien.visitCount)],
            ['Prix souhaité', bien.price === null ? 'à estimer' : formatEuro(bien.price)],
            [
              'Documents disponibles',
              ownerDocumentFlags
                .filter((f) => bien[f])
                .map((f) => ownerDocumentLabels[f])
                .join('\u202f; ') || 'aucun',
            ],
            ['Précisions', bien.description || '—'],
          ],
        ),
        trx,
      );
      return {
        status: 201,
        body: {
          id: property.id,
          message:
            'Merci\u202f! Un e-mail de confirmation vous a été envoyé et un chasseur immobilier vous contactera sous 48 heures.',
        },
      };
    });

    if (result.kind === 'conflict') {
      return apiError(
        c,
        409,
        'Cet envoi a déjà été fait avec d’autres réponses. Rechargez la page pour renvoyer vos réponses actuelles.',
      );
    }
    if (result.kind === 'replay') c.header('Idempotent-Replayed', 'true');
    return c.json(result.answer.body as object, result.answer.status as 201);
  });

  return app;
}
