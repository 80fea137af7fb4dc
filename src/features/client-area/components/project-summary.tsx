import { projectCriteria, projectTitle, type ProjectView } from '../../../domain/project-view';
import { useApiGet } from '../../../lib/use-api-get';
import { ApiLoadStatus } from '../../../ui/api-load-status';
import { FactList } from '../../../ui/fact-list';

/** The signed-in buyer's projects (GET /api/projects/mine): the criteria and the stage. */
export function ProjectSummary() {
  const load = useApiGet<ProjectView[]>('/api/projects/mine');
  if (load.status !== 'ready')
    return <ApiLoadStatus load={load} loading="Chargement de votre projet…" />;
  if (load.data.length === 0) return null;
  return (
    <div className="mt-4 space-y-6">
      {load.data.map((p, index) => {
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
            <FactList rows={projectCriteria(p)} />
          </article>
        );
      })}
    </div>
  );
}
