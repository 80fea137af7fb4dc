import type { BuyerProject } from './buyer-signup.schema';
import { cityName } from './arrondissements';
import { departmentLabel } from './departments';
import { formatEuro } from './format';
import { apportBands, purchaseTypes, type ProjectStage } from './project';
import { bedroomCounts, bienTypes, roomCounts, surfaceBands, visitCounts } from './property';

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

const labelIn = (list: readonly { value: unknown; label: string }[], value: unknown) =>
  list.find((o) => o.value === value)?.label ?? String(value);
const labelsIn = (list: readonly { value: unknown; label: string }[], values: readonly unknown[]) =>
  values.map((v) => labelIn(list, v)).join(', ');

/**
 * A project's criteria as the wizard captured them, in words (labels, departments by name,
 * amounts in euros): what the client reads in their area and the staff on the fiche.
 */
export function projectCriteria(p: BuyerProject): [term: string, value: string][] {
  const rows: [string, string][] = [
    ['Départements', p.department.map(departmentLabel).join(', ')],
    ['Villes', p.cities.map(cityName).join(', ')],
    ['Types de bien', labelsIn(bienTypes, p.typeBien)],
    ['Types d’achat', labelsIn(purchaseTypes, p.typeAchat)],
    ['Surface', labelIn(surfaceBands, p.surface)],
    ['Pièces', labelIn(roomCounts, p.roomCount)],
    ['Chambres', labelIn(bedroomCounts, p.bedroomCount)],
    ['Visites déjà faites', labelIn(visitCounts, p.visitCount)],
    ['Budget', formatEuro(p.budget)],
    ['Apport', labelIn(apportBands, p.apport)],
    ['Banquier ou courtier consulté', p.withBank ? 'Oui' : 'Non'],
  ];
  if (p.description) rows.push(['Description', p.description]);
  return rows;
}
