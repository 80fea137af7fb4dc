import { useState } from 'react';
import { Link } from 'wouter';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { projectStages, type ProjectStage } from '../../../domain/project';
import type { BuyerRow, StaffPage } from '../../../domain/staff-views';
import { useSession } from '../../auth';
import { HunterName } from '../components/callback';
import { hunterFilterOptions, useHunters } from '../components/hunters';
import { ListBar, SelectFilter, useListQuery } from '../components/list-controls';
import { LoadGate } from '../../../ui/load-gate';
import { isSupervisor, StaffFrame } from '../components/staff-frame';
import { StageControl } from '../components/stage-control';
import { useStaffApi } from '../staff-api';
import { staffPaths, withQuery } from '../staff-paths';

/** Cards shown per column; the column says how many there are in all. */
const PER_COLUMN = 20;

/** What a column reads (also kept ahead for offline reading: keep-records.ts). */
export const pipelineColumnPath = (stage: ProjectStage, hunter: string) =>
  withQuery('/api/staff/buyers', { stage, hunter, pageSize: PER_COLUMN });

function StageColumn({
  stage,
  label,
  hunter,
  onMoved,
}: {
  stage: ProjectStage;
  label: string;
  hunter: string;
  onMoved: () => void;
}) {
  const [load] = useStaffApi<StaffPage<BuyerRow>>(pipelineColumnPath(stage, hunter));
  const titleId = `colonne-${stage}`;
  return (
    <section
      aria-labelledby={titleId}
      className="flex w-72 shrink-0 flex-col rounded-box bg-base-200 p-3"
      data-testid={`pipeline-${stage}`}
    >
      <h2 id={titleId} className="flex items-center justify-between gap-2 text-base font-semibold">
        {label}
        <span className="badge badge-neutral">
          {load.status === 'ready' ? load.data.total : '…'}
        </span>
      </h2>
      <LoadGate load={load} loading="Chargement…">
        {(data) => (
          <ul className="mt-3 space-y-3">
            {data.items.length === 0 ? (
              <li className="text-sm text-base-content/75">Aucun projet.</li>
            ) : null}
            {data.items.map((row) => (
              <li key={row.projectId} className="rounded-box bg-base-100 p-3 shadow-sm">
                <Link href={staffPaths.buyer(row.userId)} className="link link-primary font-medium">
                  {row.isDeleted ? 'Compte supprimé' : `${row.firstname} ${row.lastname}`}
                </Link>
                <p className="mt-1 text-sm text-base-content/80">
                  {formatEuro(row.budget)} · {row.departments.map(departmentLabel).join(', ')}
                </p>
                <p className="mt-1 text-sm">
                  <HunterName name={row.hunterName} />
                </p>
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-primary">
                    Changer d’étape
                  </summary>
                  {/* The row's projectId, stage and version. */}
                  <StageControl {...row} onMoved={onMoved} />
                </details>
              </li>
            ))}
            {data.total > data.items.length ? (
              <li className="text-sm">
                <Link href={withQuery(staffPaths.buyers, { stage })} className="link">
                  Voir les {data.total} projets de cette étape
                </Link>
              </li>
            ) : null}
          </ul>
        )}
      </LoadGate>
    </section>
  );
}

/**
 * « Pipeline »: the buyers' projects by stage (spec 4.7's nine stages as columns); a card moves
 * one stage forward or back (a note to go back), then the columns are read again.
 */
export function PipelineScreen() {
  const { values, set } = useListQuery(['hunter'] as const);
  const { roles } = useSession();
  const supervisor = isSupervisor(roles);
  const hunters = useHunters(supervisor);
  const [round, setRound] = useState(0);
  return (
    <StaffFrame
      title="Pipeline"
      lead="Les projets par étape, du mandat à la fin du projet. Faites défiler les colonnes."
    >
      {supervisor ? (
        <ListBar>
          <SelectFilter
            label="Chasseur"
            value={values.hunter}
            options={hunterFilterOptions(hunters)}
            onChange={(hunter) => set({ hunter })}
          />
        </ListBar>
      ) : null}
      <div
        className="-mx-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0"
        tabIndex={0}
        role="region"
        aria-label="Colonnes du pipeline"
      >
        <div className="flex min-w-max gap-4">
          {projectStages.map((s) => (
            // A move reads every column again (a new round mounts them anew).
            <StageColumn
              key={`${s.value}-${round}`}
              stage={s.value}
              label={s.label}
              hunter={values.hunter}
              onMoved={() => setRound((r) => r + 1)}
            />
          ))}
        </div>
      </div>
    </StaffFrame>
  );
}
