import { telHref } from '../../../domain/phone';
import { projectStages } from '../../../domain/project';
import { projectCriteria, projectTitle } from '../../../domain/project-view';
import { stageIndex } from '../../../domain/staff';
import type { BuyerFiche } from '../../../domain/staff-views';
import { FactList } from '../../../ui/fact-list';
import { useSession } from '../../auth';
import { AuditList } from '../components/audit-list';
import { BuyerDocuments } from '../components/buyer-documents';
import { BuyerMessages } from '../components/buyer-messages';
import { ContactCard, FicheCard, FicheScreen, HunterCard } from '../components/fiche';
import { formatDateTime, NotesPanel } from '../components/notes-panel';
import { BuyerMatchesPanel } from '../components/matches-panel';
import { PlannedVisits } from '../components/planned-visits';
import { isSupervisor } from '../components/staff-frame';
import { StageControl } from '../components/stage-control';
import { TasksPanel } from '../components/tasks-panel';
import { VisitReportsPanel } from '../components/visit-reports-panel';
import { MandatePanel, useBuyerMandates } from '../../mandates';
import { ReportDrafts } from '../../visit-reports';
import { staffPaths } from '../staff-paths';

/** The nine stages as a line, the current one marked, the past ones dated by their move. */
function StageTimeline({ stage, moves }: { stage: string; moves: BuyerFiche['moves'] }) {
  const current = stageIndex(stage as (typeof projectStages)[number]['value']);
  return (
    <ol className="mt-4 grid gap-2 sm:grid-cols-3" aria-label="Étapes du projet">
      {projectStages.map((s, i) => {
        const reached = moves.find((m) => m.to === s.value);
        return (
          <li
            key={s.value}
            aria-current={i === current ? 'step' : undefined}
            className={`rounded-box border p-2 text-sm ${
              i === current
                ? 'border-primary bg-primary text-primary-content'
                : i < current
                  ? 'border-base-300 bg-base-200'
                  : 'border-dashed border-base-300 text-base-content/75'
            }`}
          >
            <span className="font-medium">{s.label}</span>
            {i <= current && reached ? (
              <span className="block text-xs">{formatDateTime(reached.at)}</span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** A project's stage moves, oldest first, each with its author, date and note. */
function StageMoves({ moves }: { moves: BuyerFiche['moves'] }) {
  if (moves.length === 0) return null;
  return (
    <>
      <h3 className="mt-6 text-lg font-semibold">Changements d’étape</h3>
      <ol className="mt-3 space-y-2 text-sm">
        {moves.map((m) => (
          <li key={m.id} className="border-l-2 border-primary/40 pl-3">
            <p>
              {m.fromLabel} → <span className="font-medium">{m.toLabel}</span>
            </p>
            <p className="text-base-content/75">
              {m.byName ?? 'Équipe'} · {formatDateTime(m.at)}
            </p>
            {m.note ? <p className="mt-1 whitespace-pre-line">{m.note}</p> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** When the client last changed this project's search from their area (the audit says it). */
function CriteriaEdited({ audit, projectId }: { audit: BuyerFiche['audit']; projectId: number }) {
  const edit = audit.find(
    (e) => e.action === 'criteria' && (e.after as { id?: unknown } | null)?.id === projectId,
  );
  if (!edit) return null;
  return (
    <p className="mt-1 text-sm text-base-content/75" data-testid="criteria-edited">
      <span className="badge badge-info badge-sm mr-2">Modifiés par le client</span> le{' '}
      {formatDateTime(edit.at)}
    </p>
  );
}

/**
 * « Fiche acquéreur »: identity and contact, the projects as the wizard captured them (in
 * words), each with its stage, the move control and its history; assignment (supervisors, on
 * the account's version), notes (through the outbox), and the audit trail.
 */
export function BuyerFicheScreen({ userId }: { userId: string }) {
  const { roles } = useSession();
  const supervisor = isSupervisor(roles);
  const mandates = useBuyerMandates(userId);
  // The projects whose mandate is signed, once known: the others cannot be moved to « Mandat
  // signé » by hand (the signature moves them).
  const signed =
    mandates[0].status === 'ready'
      ? new Set(mandates[0].data.filter((m) => m.status === 'signed').map((m) => m.projectId))
      : undefined;
  return (
    <FicheScreen<BuyerFiche>
      path={`/api/staff/buyers/${encodeURIComponent(userId)}`}
      person={(fiche) => fiche.user}
      untitled="Fiche acquéreur"
      back={{ href: staffPaths.buyers, label: 'Tous les acquéreurs' }}
    >
      {(fiche, reload) => (
        <>
          <div className="space-y-8">
            {fiche.projects.length === 0 ? (
              <p className="text-base-content/75">Ce client n’a pas encore de projet.</p>
            ) : null}
            {fiche.projects.map((project) => (
              <FicheCard key={project.id} id={`projet-${project.id}`} title={projectTitle(project)}>
                <p className="mt-1 text-sm text-base-content/75">
                  Créé le {formatDateTime(project.createdAt)} · étape actuelle&nbsp;:{' '}
                  <span className="font-semibold" data-testid="fiche-stage">
                    {project.stageLabel}
                  </span>
                </p>
                <StageTimeline
                  stage={project.stage}
                  moves={fiche.moves.filter((m) => m.projectId === project.id)}
                />
                {!fiche.user.isArchived ? (
                  <StageControl
                    projectId={project.id}
                    stage={project.stage}
                    version={project.version}
                    mandateSigned={signed?.has(project.id)}
                    onMoved={reload}
                  />
                ) : null}
                <h3 className="mt-6 text-lg font-semibold">Critères de recherche</h3>
                <CriteriaEdited audit={fiche.audit} projectId={project.id} />
                <FactList rows={projectCriteria(project)} />
                <StageMoves moves={fiche.moves.filter((m) => m.projectId === project.id)} />
              </FicheCard>
            ))}
            <MandatePanel
              buyerId={fiche.user._id}
              projects={fiche.projects.map((p) => ({ id: p.id, title: projectTitle(p) }))}
              canPrepare={!fiche.user.isArchived}
              mandates={mandates}
              onChanged={reload}
            />
            <BuyerMatchesPanel buyerId={fiche.user._id} />
            <TasksPanel recordType="buyer" recordId={fiche.user._id} />
            <PlannedVisits buyerId={fiche.user._id} />
            <VisitReportsPanel buyerId={fiche.user._id}>
              <ReportDrafts buyerId={fiche.user._id} paths={staffPaths} />
            </VisitReportsPanel>
            <BuyerDocuments userId={fiche.user._id} />
            <BuyerMessages fiche={fiche} />
            <NotesPanel
              recordType="buyer"
              recordId={fiche.user._id}
              notes={fiche.notes}
              canMarkVisible
              onChanged={reload}
            />
            <AuditList entries={fiche.audit} />
          </div>
          <aside className="order-first space-y-6 lg:order-none">
            <ContactCard phone={fiche.user.phone} email={fiche.user.email}>
              {fiche.user.isArchived ? (
                <p className="badge badge-warning mt-2">Compte archivé</p>
              ) : null}
            </ContactCard>
            <HunterCard
              assign={
                supervisor
                  ? {
                      path: `/api/staff/buyers/${encodeURIComponent(fiche.user._id)}/assign`,
                      hunterId: fiche.hunter?.id ?? null,
                      version: fiche.user.version,
                      onAssigned: reload,
                    }
                  : null
              }
            >
              <p className="mt-2">
                {fiche.hunter ? (
                  <>
                    {fiche.hunter.name}
                    <br />
                    <a href={telHref(fiche.hunter.phone)} className="link text-sm">
                      {fiche.hunter.phone}
                    </a>
                  </>
                ) : (
                  <span className="badge badge-outline">Non attribué</span>
                )}
              </p>
            </HunterCard>
          </aside>
        </>
      )}
    </FicheScreen>
  );
}
