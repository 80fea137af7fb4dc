import { z } from 'zod';
import { leadStatuses, type LeadStatus } from '../staff';
import type { LeadFiche, LeadProperty } from '../staff-lead-views';
import type { LeadRow } from '../staff-views';
import { listFilterSchema, pagingSchema, versionSchema, type Page } from './lists';

/**
 * Owner leads in the staff area (issue 15, docs/staff-area.md): the list, the fiche, the status
 * and the assignment. Written once, for server/resources/leads and the staff screens.
 */

export type { LeadFiche, LeadProperty, LeadRow };

export const leadStatusValues = leadStatuses.map((s) => s.value) as [LeadStatus, ...LeadStatus[]];

/** GET /api/staff/leads and /api/staff/export/leads.csv */
export const leadListQuerySchema = z.object({
  ...listFilterSchema,
  status: z.enum(leadStatusValues, { error: 'Ce statut n’existe pas.' }).optional(),
  sort: z
    .enum(['created', '-created', 'name'], { error: 'Ce tri n’existe pas.' })
    .default('-created'),
  ...pagingSchema,
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

export type LeadPage = Page<LeadRow>;

const leadVersion = versionSchema('du contact');

/** POST /api/staff/leads/:id/assign: a hunter's id (null: nobody), on the lead's version. */
export const leadAssignSchema = z.object({
  hunterId: z.string().trim().min(1).max(64).nullable(),
  version: leadVersion,
});

/** POST /api/staff/leads/:id/status, on the lead's version. */
export const leadStatusSchema = z.object({
  to: z.enum(leadStatusValues, { error: 'Ce statut n’existe pas.' }),
  version: leadVersion,
});

/** 409 of a change made on a stale version: `current` is the fiche now. */
export interface LeadStaleBody {
  message: string;
  current: LeadFiche;
}

export const LEAD_STALE =
  'Ce contact vient d’être modifié par quelqu’un d’autre. Il a été rechargé\u00a0: vérifiez-le puis refaites votre changement.';
