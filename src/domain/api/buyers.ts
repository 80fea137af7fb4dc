import { z } from 'zod';
import { projectStages, type ProjectStage } from '../project';
import type { BuyerFiche, BuyerRow, NoteView, StageMoveView, AuditView } from '../staff-views';
import { archivedSchema, listFilterSchema, pagingSchema, versionSchema, type Page } from './lists';

/**
 * Buyers in the staff area (issue 15, docs/staff-area.md): the list, the fiche and the
 * assignment of a hunter. Written once, for server/resources/buyers and the staff screens.
 */

export type { BuyerFiche, BuyerRow, NoteView, StageMoveView, AuditView };

export const stageValues = projectStages.map((s) => s.value) as [ProjectStage, ...ProjectStage[]];

/** GET /api/staff/buyers and /api/staff/export/buyers.csv */
export const buyerListQuerySchema = z.object({
  ...listFilterSchema,
  stage: z.enum(stageValues, { error: 'Cette étape n’existe pas.' }).optional(),
  ...archivedSchema,
  sort: z
    .enum(['created', '-created', 'name', 'budget', 'stage'], { error: 'Ce tri n’existe pas.' })
    .default('-created'),
  ...pagingSchema,
});
export type BuyerListQuery = z.output<typeof buyerListQuerySchema>;

export type BuyerPage = Page<BuyerRow>;

/**
 * POST /api/staff/buyers/:userId/assign: a hunter's id (null: nobody), on the version of the
 * buyer's account the person read (`fiche.user.version`); 409 {@link BuyerStaleBody} when stale.
 */
export const buyerAssignSchema = z.object({
  hunterId: z.string().trim().min(1).max(64).nullable(),
  version: versionSchema('du client'),
});
export type BuyerAssign = z.output<typeof buyerAssignSchema>;

/** 409 of an assignment made on a stale version: `current` is the fiche now. */
export interface BuyerStaleBody {
  message: string;
  current: BuyerFiche;
}

export const BUYER_STALE =
  'Ce dossier vient d’être modifié par quelqu’un d’autre. Il a été rechargé\u00a0: vérifiez-le puis refaites votre changement.';

/** A stage note is at most this long. */
export const STAGE_NOTE_MAX = 2000;
/** A staff note is at most this long. */
export const NOTE_MAX = 4000;

/** POST /api/staff/projects/:projectId/stage */
export const stageMoveSchema = z.object({
  to: z.enum(stageValues, { error: 'Cette étape n’existe pas.' }),
  note: z
    .string()
    .trim()
    .max(STAGE_NOTE_MAX, `La note est trop longue (${STAGE_NOTE_MAX} caractères au plus).`)
    .default(''),
  version: versionSchema('du dossier'),
  /**
   * « Prévenir le client par e-mail » (issue 29, checked by default): at most one stage mail per
   * project an hour, the latest stage winning; false sends none.
   */
  notify: z.boolean({ error: 'Indiquez si le client doit être prévenu.' }).default(true),
});
export type StageMove = z.output<typeof stageMoveSchema>;

/**
 * 409 of a stage move made on a stale version (issue 29: a move made offline and replayed after
 * someone else moved the project): what happened, in words, for the fiche and the outbox.
 */
export function stageStaleMessage(nowLabel: string, wantedLabel: string): string {
  return `Ce dossier vient d’être modifié par quelqu’un d’autre\u00a0: le projet est maintenant à l’étape «\u00a0${nowLabel}\u00a0», votre passage à «\u00a0${wantedLabel}\u00a0» n’a pas été fait. Vérifiez la fiche puis refaites votre changement si besoin.`;
}

/** POST /api/staff/notes */
export const noteSchema = z.object({
  recordType: z.enum(['buyer', 'owner'], { error: 'Ce type de dossier n’existe pas.' }),
  recordId: z.string().trim().min(1).max(64),
  text: z
    .string()
    .trim()
    .min(1, 'Écrivez la note.')
    .max(NOTE_MAX, `La note est trop longue (${NOTE_MAX} caractères au plus).`),
  visibleToClient: z.boolean().default(false),
});
export type NoteInput = z.input<typeof noteSchema>;
