import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { listReportDrafts, type ReportDraftSummary } from '../../../db/visit-drafts.repo';
import { formatUpdatedAt } from '../../../domain/dates';
import { VisitStep } from '../../../domain/visit-report.schema';
import type { ReportPaths } from '../pages/report-page';

/**
 * « Nouveau compte rendu » and the reports for this buyer still being written on this device
 * (issue 28): « Brouillon », with their step and photos, to take up again. Sent ones are listed
 * by the fiche from the server and the outbox.
 */
export function ReportDrafts({ buyerId, paths }: { buyerId: string; paths: ReportPaths }) {
  const [drafts, setDrafts] = useState<ReportDraftSummary[] | null>(null);
  useEffect(() => {
    let current = true;
    void listReportDrafts(buyerId)
      .catch(() => [])
      .then((list) => {
        if (current) setDrafts(list);
      });
    return () => {
      current = false;
    };
  }, [buyerId]);
  // A draft whose sending is under way is shown by the outbox, not as a draft.
  const writing = (drafts ?? []).filter((d) => d.step < VisitStep.CONFIRM);
  return (
    <div className="mt-4 space-y-3">
      <Link href={paths.newReport(buyerId)} className="btn btn-primary">
        Nouveau compte rendu
      </Link>
      {writing.length > 0 ? (
        <ul className="space-y-2" aria-label="Brouillons sur cet appareil">
          {writing.map((draft) => (
            <li
              key={draft.ref}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-dashed border-base-300 p-3"
              data-testid="report-draft"
            >
              <span>
                <span className="badge badge-ghost mr-2">Brouillon</span>
                {draft.address || 'Adresse à saisir'}
                <span className="block text-sm text-base-content/75">
                  {draft.photos} photo{draft.photos > 1 ? 's' : ''} · sur cet appareil,{' '}
                  {formatUpdatedAt(draft.updatedAt)}
                </span>
              </span>
              <Link href={paths.report(draft.ref)} className="btn btn-sm">
                Reprendre
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
