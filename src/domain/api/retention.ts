import { z } from 'zod';

/**
 * « Conservation des données » (issue 31, docs/retention.md): the admin sees what the next
 * retention pass would touch (a dry run), the log of past passes, and may run one now. Admin
 * only (server/resources/retention). Records are named by their ids, never by a person's name.
 */

/**
 * What a pass touches: an owner lead or a buyer account anonymised, a client's documents deleted,
 * a message of the contact form blanked (its sender having neither lead nor account).
 */
export const retentionKinds = [
  'owner-lead',
  'buyer-account',
  'client-documents',
  'contact-message',
] as const;
export type RetentionKind = (typeof retentionKinds)[number];

export const retentionKindLabels: Record<RetentionKind, string> = {
  'owner-lead': 'Propriétaire anonymisé',
  'buyer-account': 'Compte acquéreur anonymisé',
  'client-documents': 'Documents du client supprimés',
  'contact-message': 'Message de contact effacé',
};

/** One record a pass touches, and the date that makes it due. */
export const retentionItemSchema = z.object({
  kind: z.enum(retentionKinds),
  /** The owner lead's or the contact message's id (as text), or the buyer's account id. */
  recordId: z.string(),
  /** The last contact from the person (anonymisation) or the end of the project (documents). */
  since: z.string(),
  /** When it became due: `since` plus the duration. */
  dueAt: z.string(),
  /** How many documents (kind 'client-documents'). */
  count: z.number().int().optional(),
  /** Which documents (kind 'client-documents'): those of the 5-year kinds may wait longer. */
  documentIds: z.array(z.number().int()).optional(),
});
export type RetentionItem = z.infer<typeof retentionItemSchema>;

export const retentionCountsSchema = z.object({
  'owner-lead': z.number().int(),
  'buyer-account': z.number().int(),
  'client-documents': z.number().int(),
  'contact-message': z.number().int(),
});
export type RetentionCounts = z.infer<typeof retentionCountsSchema>;

/** GET: what the next pass would touch, if it ran now. */
export const RETENTION_PREVIEW_PATH = '/api/admin/retention/preview';
export const retentionPreviewSchema = z.object({
  /** The instant the preview was computed at (the cut-offs follow from it). */
  at: z.string(),
  /** The next nightly pass (03:00 Paris time). */
  nextRunAt: z.string(),
  durations: z.object({
    prospectMonths: z.number().int(),
    documentMonths: z.number().int(),
    mandateYears: z.number().int(),
  }),
  items: z.array(retentionItemSchema),
  counts: retentionCountsSchema,
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

/** One past pass of the log. */
export const retentionRunSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  dryRun: z.boolean(),
  /** Who launched it; null: the nightly pass. */
  launchedBy: z.string().nullable(),
  launchedByName: z.string().nullable(),
  counts: retentionCountsSchema,
  items: z.array(retentionItemSchema),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;

/** GET: the log, newest first (the last `RETENTION_LOG_LIMIT`). */
export const RETENTION_RUNS_PATH = '/api/admin/retention/runs';
export const RETENTION_LOG_LIMIT = 50;
export const retentionLogSchema = z.object({ runs: z.array(retentionRunSchema) });
export type RetentionLog = z.infer<typeof retentionLogSchema>;

/** POST (with an Idempotency-Key): run a pass now; `dryRun` only logs what it would touch. */
export const retentionRunRequestSchema = z.object({ dryRun: z.boolean().default(false) });
export type RetentionRunRequest = z.infer<typeof retentionRunRequestSchema>;
