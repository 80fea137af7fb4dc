import { dueText, formatDayDateTime, formatTime } from './french-date';
import { projectStages, type ProjectStage } from './project';

/**
 * The staff area's rules (issue 15, docs/staff-area.md), shared by the server, which enforces
 * them, and the screens, which only hide what the server would refuse.
 */

/** Owner lead statuses, in the order a lead is worked. */
export const leadStatuses = [
  { value: 'nouveau', label: 'Nouveau' },
  { value: 'contacte', label: 'Contacté' },
  { value: 'estimation', label: 'Estimation faite' },
  { value: 'mandat', label: 'Mandat signé' },
  { value: 'sans_suite', label: 'Sans suite' },
] as const;
export type LeadStatus = (typeof leadStatuses)[number]['value'];

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  leadStatuses.some((s) => s.value === value);

export const isProjectStage = (value: unknown): value is ProjectStage =>
  projectStages.some((s) => s.value === value);

export function stageIndex(stage: ProjectStage): number {
  return projectStages.findIndex((s) => s.value === stage);
}

/** A stage's place in spec 4.7's order, as stored to sort by it (99: unknown). */
export function stageRank(stage: string): number {
  const index = projectStages.findIndex((s) => s.value === stage);
  return index < 0 ? 99 : index;
}

export function stageLabel(stage: string): string {
  return projectStages.find((s) => s.value === stage)?.label ?? stage;
}

/** No search work before a signed mandate (loi Hoguet, issue 30): the stage gate's refusal. */
export const MANDATE_NOT_SIGNED =
  'Le mandat de recherche de ce projet n’est pas signé\u00a0: le projet passe à «\u00a0Mandat signé\u00a0» tout seul quand le client le signe en ligne («\u00a0Préparer le mandat\u00a0» sur la fiche).';

/**
 * A stage move is one step forward or back (spec 4.7's order); going back needs a note; a
 * project reaches « Mandat signé » or any later stage only with a mandate in force (issue 30:
 * `facts.mandateSigned` false refuses it; unknown, the server decides).
 * Returns a French refusal, or null when the move is allowed.
 */
export function stageMoveRefusal(
  from: ProjectStage,
  to: ProjectStage,
  note: string,
  facts: { mandateSigned?: boolean } = {},
): string | null {
  const step = stageIndex(to) - stageIndex(from);
  if (step === 0) return 'Le projet est déjà à cette étape.';
  if (Math.abs(step) !== 1) return 'Un projet avance ou recule d’une étape à la fois.';
  if (facts.mandateSigned === false && stageIndex(to) >= stageIndex('MANDAT'))
    return MANDATE_NOT_SIGNED;
  if (step < 0 && note.trim() === '')
    return 'Expliquez en une note pourquoi le projet revient à l’étape précédente.';
  return null;
}

/**
 * Lead status changes: forward through the order, or to 'sans suite' from any open status;
 * 'mandat' and 'sans suite' are final except 'sans suite' → 'nouveau' (the owner calls back).
 */
export function leadStatusRefusal(from: LeadStatus, to: LeadStatus): string | null {
  if (from === to) return 'Le contact est déjà à ce statut.';
  const order: LeadStatus[] = ['nouveau', 'contacte', 'estimation', 'mandat'];
  if (to === 'sans_suite') return from === 'mandat' ? 'Un mandat signé reste signé.' : null;
  if (from === 'sans_suite') return to === 'nouveau' ? null : 'Rouvrez d’abord le contact.';
  if (order.indexOf(to) === order.indexOf(from) + 1) return null;
  return 'Un contact avance d’un statut à la fois.';
}

/** The 48-hour promise made on the site: a hunter calls back within 48 hours of the request. */
export const CALLBACK_HOURS = 48;

export function callbackDeadline(createdAt: string): Date {
  return new Date(new Date(createdAt).getTime() + CALLBACK_HOURS * 3_600_000);
}

/**
 * The 48-hour deadline in words (Paris time, issue 29: a full date, never a bare weekday):
 * « à rappeler aujourd’hui avant 14 h », « à rappeler demain avant 14 h », « à rappeler avant
 * mardi 24 novembre, 14 h »; once late, « en retard depuis 9 h 30 » (today) or « en retard depuis
 * le mardi 24 novembre, 14 h ».
 */
export function callbackText(
  createdAt: string,
  now: Date = new Date(),
): {
  text: string;
  overdue: boolean;
} {
  const deadline = callbackDeadline(createdAt);
  const due = dueText(deadline, now);
  const time = formatTime(deadline);
  const text =
    due.state === 'overdue'
      ? due.text
      : due.state === 'today'
        ? `à rappeler aujourd’hui avant ${time}`
        : due.state === 'tomorrow'
          ? `à rappeler demain avant ${time}`
          : `à rappeler avant ${formatDayDateTime(deadline, now)}`;
  return { text, overdue: due.overdue };
}
