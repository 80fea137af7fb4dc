import type { BuyerProject } from './buyer-signup.schema';
import type { ProjectStage } from './project';

/** A buyer's project as the API shows it to its owner and to staff (GET /api/projects/mine). */
export interface ProjectView extends BuyerProject {
  id: number;
  stage: ProjectStage;
  stageLabel: string;
  partnerCode: string | null;
  createdAt: string;
}
