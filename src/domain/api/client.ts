import { z } from 'zod';
import { buyerProjectSchema } from '../buyer-signup.schema';
import type { ProjectStage } from '../project';
import type { ProjectView } from '../project-view';

/**
 * The client area (issue 16, docs/client-area.md): paths, request schemas and answers shared by
 * server/resources/client and src/features/client-area. Every path acts on the caller's own data.
 */

export const OVERVIEW_PATH = '/api/client/overview';
export const CLIENT_EXPORT_PATH = '/api/client/export';
export const DELETE_ACCOUNT_PATH = '/api/client/delete-account';
export const CRITERIA_PATH = '/api/client/projects/:id/criteria';
export const criteriaPath = (projectId: number) => CRITERIA_PATH.replace(':id', String(projectId));

/** POST criteria: the wizard's own answers and the version the client edited. */
export const criteriaSchema = buyerProjectSchema.extend({
  version: z.number({ error: 'La version du projet manque.' }).int().min(1),
});
export type CriteriaUpdate = z.output<typeof criteriaSchema>;

/** POST delete-account: the password, asked again. */
export const deletionSchema = z.object({
  password: z
    .string({ error: 'Saisissez votre mot de passe.' })
    .min(1, 'Saisissez votre mot de passe.'),
});

/** GET overview: what the client's area shows. */
export interface ClientOverview {
  projects: ClientProject[];
  hunter: ClientHunter | null;
  /** While no hunter is assigned: creation + 48 hours (« Un chasseur vous contacte… »). */
  callbackBefore: string | null;
  /** The notes the hunter marked visible to the client, newest first. */
  messages: ClientMessage[];
}

/** A project as its owner edits it: with its version (a stale edit gets 409). */
export interface VersionedProject extends ProjectView {
  version: number;
}

export interface ClientProject extends VersionedProject {
  updatedAt: string;
  /** When each stage was reached (spec 4.7): VALIDATION at creation, then each move. */
  timeline: { stage: ProjectStage; label: string; at: string }[];
}

export interface ClientHunter {
  firstname: string;
  lastname: string;
  initials: string;
  email: string;
  phone: string;
}

export interface ClientMessage {
  id: number;
  text: string;
  createdAt: string;
  authorFirstname: string | null;
}
