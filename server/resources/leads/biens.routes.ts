import { Hono } from 'hono';
import { cityValue } from '../../../src/domain/arrondissements';
import { company } from '../../../src/domain/company';
import { ownerSubmissionSchema } from '../../../src/domain/owner-questionnaire.schema';
import type { Db } from '../../db/database';
import { ownerLeadArrived } from '../routing/routing.repo';
import { markFormCopiesSent } from '../form-copies/form-copies.repo';
import { insertOwnerLead } from './owner-leads.repo';
import { notifyMatchingHunters } from '../matches/match-notices';
import type { GeoIndex } from '../../geo/geo-data';
import { limitPublicForm, visitorMailAllowed, type FormLimits } from '../../http/form-limits';
import { INVALID_FIELDS } from '../../../src/domain/api/errors';
import { apiError } from '../../http/errors';
import { idempotentPost } from '../../http/idempotency';
import type { MailQueue } from '../../mail/mail-queue';
import { newOwnerLeadMail, ownerConfirmationMail } from '../../mail/templates';

export interface BiensDeps {
  db: Db;
  geo: GeoIndex;
  mails: MailQueue;
  limits: FormLimits;
  /** Where new leads are announced. */
  staffEmail?: string;
}

const SCOPE = 'public/biens';

/** POST /api/public/biens: the owner questionnaire (spec 2.5, 7), public, idempotent. */
export function biensRoutes({
  db,
  geo,
  mails,
  limits,
  staffEmail = company.email,
}: BiensDeps): Hono {
  const app = new Hono();

  app.post(
    '/',
    idempotentPost({
      db,
      scope: SCOPE,
      schema: ownerSubmissionSchema,
      prepare: async (c, { bien, contact }, replay) => {
        // A commune by its name, or one of Paris' arrondissements by its INSEE code.
        const city = geo.cityOfDepartement(bien.department, bien.city);
        if (!city) {
          return apiError(c, 400, INVALID_FIELDS, {
            'bien.city': 'Cette ville n’est pas dans le département choisi.',
          });
        }
        // A replay of a stored lead is not a new one: no limit, no second mail.
        if (replay) return { value: { city, confirmOwner: false } };
        const refused = await limitPublicForm(c, limits, 'biens');
        if (refused) return refused;
        return {
          value: { city, confirmOwner: await visitorMailAllowed(limits.throttle, contact.email) },
        };
      },
      work: async (trx, { bien, contact }, { city, confirmOwner }, key) => {
        const now = new Date().toISOString();
        const stored = cityValue(city);
        const property = await insertOwnerLead(trx, contact, bien, stored, now);
        // Issue 33: a copy of this draft on another device is told the questionnaire was sent.
        await markFormCopiesSent(trx, 'owner', key, now);
        // Issue 31: given to a hunter by the managers' rule, and its reminders planned.
        await ownerLeadArrived(trx, property.id, Date.parse(now));
        // The mails are stored with the lead (one transaction): neither exists without the other,
        // and the queue delivers them even if the mail server is down now.
        if (confirmOwner)
          await mails.enqueue(ownerConfirmationMail(contact.email, contact.firstname), trx);
        await mails.enqueue(newOwnerLeadMail(staffEmail, contact, bien, stored), trx);
        // Issue 31: the hunters of the buyers it fits are told (mail, notification), once each.
        await notifyMatchingHunters(trx, mails, property.id, now);
        return {
          status: 201,
          body: {
            id: property.id,
            message:
              'Merci\u202f! Un e-mail de confirmation vous a été envoyé et un chasseur immobilier vous contactera sous 48 heures.',
          },
        };
      },
    }),
  );

  return app;
}
