import type { BuyerProject } from '../../../domain/buyer-signup.schema';
import { projectCriteria } from '../../../domain/project-view';
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

const isProject = (value: unknown): value is BuyerProject =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { department?: unknown }).department) &&
  Array.isArray((value as { cities?: unknown }).cities);

/**
 * What an entry changed, in words. A client's criteria edit lists only the criteria that moved,
 * as the fiche names them (« Budget : 650 000 € → 735 000 € »); other entries, before → after.
 */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  if (isProject(before) && isProject(after)) {
    const old = new Map(projectCriteria(before));
    const moved = projectCriteria(after).filter(([term, value]) => old.get(term) !== value);
    if (moved.length === 0) return null;
    return (
      <ul className="text-base-content/75">
        {moved.map(([term, value]) => (
          <li key={term}>
            {term}&nbsp;: {old.get(term) || '—'} → {value || '—'}
          </li>
        ))}
      </ul>
    );
  }
  if (before === null && after === null) return null;
  return (
    <p className="text-base-content/75">
      {describe(before)} → {describe(after)}
    </p>
  );
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
              <Changes before={e.before} after={e.after} />
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
