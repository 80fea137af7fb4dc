import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { apportBands, purchaseTypes } from '../../../domain/project';
import { projectTitle, type ProjectView } from '../../../domain/project-view';
import {
  bedroomCounts,
  bienTypes,
  roomCounts,
  surfaceBands,
  visitCounts,
} from '../../../domain/property';
import { useApiGet } from '../../../lib/use-api-get';
import { ApiLoadStatus } from '../../../ui/api-load-status';

const labelIn = (list: readonly { value: unknown; label: string }[], value: unknown) =>
  list.find((o) => o.value === value)?.label ?? String(value);
const labelsIn = (list: readonly { value: unknown; label: string }[], values: readonly unknown[]) =>
  values.map((v) => labelIn(list, v)).join(', ');

/** The signed-in buyer's projects (GET /api/projects/mine): the criteria and the stage. */
export function ProjectSummary() {
  const load = useApiGet<ProjectView[]>('/api/projects/mine');
  if (load.status !== 'ready')
    return <ApiLoadStatus load={load} loading="Chargement de votre projet…" />;
  if (load.data.length === 0) return null;
  return (
    <div className="mt-4 space-y-6">
      {load.data.map((p, index) => {
        const rows: [string, string][] = [
          ['Départements', p.department.map(departmentLabel).join(', ')],
          ['Villes', p.cities.join(', ')],
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
        return (
          <article key={p.id} aria-labelledby={`client-projet-${index}`}>
            <h3 id={`client-projet-${index}`} className="text-xl font-semibold">
              {projectTitle(p)}
            </h3>
            <p className="mt-2 flex flex-wrap items-center gap-2">
              <span className="text-sm text-base-content/70">Étape&nbsp;:</span>
              <span className="badge badge-secondary" data-testid="project-stage">
                {p.stageLabel}
              </span>
            </p>
            <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
              {rows.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-sm font-medium text-base-content/70">{term}</dt>
                  <dd className="mb-2 break-words sm:mb-0">{value}</dd>
                </div>
              ))}
            </dl>
          </article>
        );
      })}
    </div>
  );
}
