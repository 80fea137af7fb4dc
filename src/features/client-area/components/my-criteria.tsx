import { useEffect, useRef, useState } from 'react';
import type { BuyerProject } from '../../../domain/buyer-signup.schema';
import { projectCriteria, projectTitle } from '../../../domain/project-view';
import { api, toApiFailure } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { FactList } from '../../../ui/fact-list';
import { criteriaOf, criteriaPath, formatDateTime, type ClientProject } from '../overview';
import { pendingCriteria, type PendingCriteria } from '../pending-changes';
import { CriteriaEditor } from './criteria-editor';
import { PendingChange } from './pending-change';

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
  const [pending, setPending] = useState<PendingCriteria[]>([]);
  const [round, setRound] = useState(0);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let current = true;
    pendingCriteria.read(userId).then(
      (all) => {
        if (current) setPending(all.filter((e) => e.projectId === project.id));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [userId, project.id, round]);

  const settled = (key: string) => {
    void pendingCriteria
      .remove(userId, key)
      .catch(() => undefined)
      .then(() => {
        setRound((r) => r + 1);
        onChanged();
      });
  };

  const close = () => {
    setEditing(false);
    setError(null);
    // Back to the button that opened the panel, once it is shown again.
    setTimeout(() => editButton.current?.focus(), 0);
  };

  const save = async (criteria: BuyerProject) => {
    setBusy(true);
    setError(null);
    const edit: PendingCriteria = {
      key: crypto.randomUUID(),
      projectId: project.id,
      criteria,
      at: Date.now(),
    };
    try {
      await pendingCriteria.add(userId, edit).catch(() => undefined);
      const answer = await api<{ queued?: boolean }>(criteriaPath(project.id), {
        method: 'POST',
        body: { ...criteria, version: project.version },
        headers: { 'Idempotency-Key': edit.key },
      });
      if (answer.queued) {
        notify.info('Pas de réseau\u00a0: vos critères partiront dès son retour.');
      } else {
        await pendingCriteria.remove(userId, edit.key).catch(() => undefined);
        notify.success('Vos critères sont enregistrés.');
        onChanged();
      }
      setStale(null);
      setRound((r) => r + 1);
      close();
    } catch (failure) {
      await pendingCriteria.remove(userId, edit.key).catch(() => undefined);
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
          pendingKey={edit.key}
          flow="client-criteria"
          testId="pending-criteria"
          title={
            <span className="font-medium">
              Modification du {formatDateTime(new Date(edit.at).toISOString())}
            </span>
          }
          waiting="Vos nouveaux critères sont gardés sur cet appareil et partiront dès le retour du réseau, même si vous fermez la page."
          refusedFallback="Le serveur a refusé cette modification."
          onSettled={() => settled(edit.key)}
        >
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-medium">
              Voir les critères en attente
            </summary>
            <FactList rows={projectCriteria(edit.criteria)} />
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
