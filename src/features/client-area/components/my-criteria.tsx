import { useRef, useState } from 'react';
import type { BuyerProject } from '../../../domain/buyer-signup.schema';
import { projectCriteria, projectTitle } from '../../../domain/project-view';
import { api, toApiFailure } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { FactList } from '../../../ui/fact-list';
import { criteriaOf, criteriaPath, formatDateTime, type ClientProject } from '../overview';
import { changeHeaders, PendingChange, usePendingChanges } from '../../offline/submission-status';
import { CriteriaEditor } from './criteria-editor';

/**
 * « Mes critères »: the search as entered in the wizard, in words, and its edit with the
 * wizard's own steps. Sent with the project's version and an Idempotency-Key: without network
 * the service worker keeps it (shown with its state, across a reload) and sends it once; a
 * project changed meanwhile (409) is read again and said so.
 */
export function MyCriteria({
  userId,
  project,
  headingId,
  onChanged,
}: {
  userId: string;
  project: ClientProject;
  headingId: string;
  /** Read the overview again (after a change, or when told the project is stale). */
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Edits waiting in the outbox (written by the service worker as it keeps them): arrived, the
  // overview is read again.
  const pending = usePendingChanges(userId, 'client-criteria', onChanged).filter(
    (e) => e.change.projectId === project.id,
  );

  const close = () => {
    setEditing(false);
    setError(null);
    // Back to the button that opened the panel, once it is shown again.
    setTimeout(() => editButton.current?.focus(), 0);
  };

  const save = async (criteria: BuyerProject) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ queued?: boolean }>(criteriaPath(project.id), {
        method: 'POST',
        body: { ...criteria, version: project.version },
        headers: changeHeaders(crypto.randomUUID(), userId),
      });
      if (answer.queued) {
        notify.info('Pas de réseau\u00a0: vos critères partiront dès son retour.');
      } else {
        notify.success('Vos critères sont enregistrés.');
        onChanged();
      }
      setStale(null);
      close();
    } catch (failure) {
      const { status, message } = toApiFailure(failure);
      if (status === 409) {
        setStale(message);
        setEditing(false);
        onChanged();
      } else {
        setError(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4">
      <h3 id={headingId} className="text-lg font-semibold">
        {projectTitle(project)}
      </h3>
      {stale ? (
        <div
          role="alert"
          className="alert alert-warning alert-soft mt-4"
          data-testid="criteria-stale"
        >
          <span>{stale}</span>
        </div>
      ) : null}
      {pending.map((edit) => (
        <PendingChange
          key={edit.key}
          entry={edit}
          testId="pending-criteria"
          title={
            <span className="font-medium">
              Modification du {formatDateTime(new Date(edit.createdAt).toISOString())}
            </span>
          }
          waiting="Vos nouveaux critères sont gardés sur cet appareil et partiront dès le retour du réseau, même si vous fermez la page."
          refusedFallback="Le serveur a refusé cette modification."
        >
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-medium">
              Voir les critères en attente
            </summary>
            <FactList rows={projectCriteria(edit.change.criteria)} />
          </details>
        </PendingChange>
      ))}
      {editing ? (
        <CriteriaEditor
          initial={criteriaOf(project)}
          busy={busy}
          error={error}
          onSave={(criteria) => void save(criteria)}
          onCancel={close}
        />
      ) : (
        <>
          <FactList rows={projectCriteria(project)} />
          <button
            ref={editButton}
            type="button"
            className="btn btn-outline btn-primary mt-4"
            onClick={() => {
              setStale(null);
              setEditing(true);
            }}
          >
            Modifier mes critères
          </button>
        </>
      )}
    </div>
  );
}
