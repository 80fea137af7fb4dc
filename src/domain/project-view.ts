import type { BuyerProject } from './buyer-signup.schema';
import { departmentLabel } from './departments';
import type { ProjectStage } from './project';

/** A buyer's project as the API shows it to its owner and to staff (GET /api/projects/mine). */
export interface ProjectView extends BuyerProject {
  id: number;
  stage: ProjectStage;
  stageLabel: string;
  partnerCode: string | null;
  createdAt: string;
}

/**
 * The title a person reads for a project: its goal and where, never the database id
 * ('Résidence principale – Paris (75), Hauts-de-Seine (92)').
 */
export function projectTitle(project: Pick<ProjectView, 'searchGoal' | 'department'>): string {
  const places = project.department.map(departmentLabel).join(', ');
  return places ? `${project.searchGoal}\u00a0– ${places}` : project.searchGoal;
}
