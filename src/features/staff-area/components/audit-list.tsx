import type { AuditView } from '../../../domain/staff-views';
import { formatDateTime } from './notes-panel';

const actionNames: Record<string, string> = {
  assign: 'Attribution',
  stage: 'Changement d’étape',
  note: 'Note',
  status: 'Changement de statut',
  criteria: 'Critères modifiés par le client',
  'account-deleted': 'Compte supprimé par le client',
  'user-create': 'Compte créé',
  'user-update': 'Compte modifié',
  'user-delete': 'Compte supprimé',
  'mail-retry': 'Courriel renvoyé',
  'user-archive': 'Compte archivé',
  'user-unarchive': 'Compte désarchivé',
};

/** A before → after value, in words: '{"hunterId":null}' reads « hunterId : — ». */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(
      ([k, v]) =>
        `${k}\u00a0: ${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    )
    .join(', ');
}

/** The record's audit trail (who, what, before → after, when), newest first. */
export function AuditList({ entries }: { entries: AuditView[] }) {
  return (
    <details className="rounded-box border border-base-300 p-5">
      <summary className="cursor-pointer text-lg font-semibold">
        Historique des actions ({entries.length})
      </summary>
      {entries.length === 0 ? (
        <p className="mt-3 text-base-content/75">Aucune action enregistrée.</p>
      ) : (
        <ol className="mt-4 space-y-2 text-sm">
          {entries.map((e) => (
            <li key={e.id} className="border-l-2 border-base-300 pl-3">
              <p>
                <span className="font-medium">{actionNames[e.action] ?? e.action}</span> par{' '}
                {e.actorName ?? 'le système'} · {formatDateTime(e.at)}
              </p>
              {e.before !== null || e.after !== null ? (
                <p className="text-base-content/75">
                  {describe(e.before)} → {describe(e.after)}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
