import type { BuyerProject } from '../../domain/buyer-signup.schema';
import { projectStages, type ProjectStage } from '../../domain/project';
import type { ClientProject } from '../../domain/api/client';

// The overview's contract (paths and answers), shared with server/resources/client.
export {
  criteriaPath,
  OVERVIEW_PATH,
  type ClientHunter,
  type ClientMessage,
  type ClientOverview,
  type ClientProject,
} from '../../domain/api/client';

export type StageState = 'done' | 'current' | 'upcoming';

export interface StageStep {
  stage: ProjectStage;
  label: string;
  state: StageState;
  /** When the stage was last reached; absent for the stages still to come. */
  at?: string;
}

/**
 * The nine stages of spec 4.7 for one project: those before the current one done, the current
 * one, then those to come. A stage is dated by the last time the project reached it (a project
 * moved back and forth shows its latest passage); a past stage never reached (the timeline
 * starts later) stays undated.
 */
export function stageSteps(project: Pick<ClientProject, 'stage' | 'timeline'>): StageStep[] {
  const current = projectStages.findIndex((s) => s.value === project.stage);
  return projectStages.map((s, index) => {
    const reached = project.timeline.filter((t) => t.stage === s.value).at(-1);
    const state: StageState = index < current ? 'done' : index === current ? 'current' : 'upcoming';
    const step: StageStep = { stage: s.value, label: s.label, state };
    if (state !== 'upcoming' && reached) step.at = reached.at;
    return step;
  });
}

/** The criteria a project was entered with, as the wizard's answers (buyerProjectSchema's). */
export function criteriaOf(project: BuyerProject): BuyerProject {
  const criteria: BuyerProject = {
    personCount: project.personCount,
    searchGoal: project.searchGoal,
    department: [...project.department],
    cities: [...project.cities],
    typeBien: [...project.typeBien],
    typeAchat: [...project.typeAchat],
    surface: project.surface,
    roomCount: project.roomCount,
    bedroomCount: project.bedroomCount,
    visitCount: project.visitCount,
    description: project.description,
    budget: project.budget,
    apport: project.apport,
    withBank: project.withBank,
  };
  if (project.withCourtier !== undefined) criteria.withCourtier = project.withCourtier;
  return criteria;
}

let dateTime: Intl.DateTimeFormat | undefined;

/** '2026-11-22T13:05:00Z' → '22 nov. 2026 à 14 h 05' (Paris time). */
export function formatDateTime(iso: string): string {
  dateTime ??= new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Paris',
  });
  const parts = dateTime.formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}\u00a0${part('month')} ${part('year')} à ${Number(part('hour'))}\u00a0h\u00a0${part('minute')}`;
}
