import { auditWords } from '../../../domain/audit-wording';
import { formatDayDateTime } from '../../../domain/french-date';
import type { AuditView } from '../../../domain/staff-views';

/**
 * The record's history, newest first: each action in words (src/domain/audit-wording.ts:
 * « Étape : Recherche → Offre d’achat, par Karim Benali »), what it changed under it, and when.
 */
export function AuditList({ entries }: { entries: AuditView[] }) {
  return (
    <details className="rounded-box border border-base-300 p-5" data-testid="audit-list">
      <summary className="cursor-pointer text-lg font-semibold">
        Historique des actions ({entries.length})
      </summary>
      {entries.length === 0 ? (
        <p className="mt-3 text-base-content/75">Aucune action enregistrée.</p>
      ) : (
        <ol className="mt-4 space-y-3 text-sm">
          {entries.map((e) => {
            const { text, details } = auditWords(e);
            return (
              <li key={e.id} className="border-l-2 border-base-300 pl-3">
                <p className="whitespace-pre-line break-words">{text}</p>
                {details.length > 0 ? (
                  <ul className="break-words text-base-content/75">
                    {details.map((line, index) => (
                      <li key={index} className="whitespace-pre-line">
                        {line}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <p className="text-base-content/75">
                  <time dateTime={e.at}>{formatDayDateTime(e.at)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
