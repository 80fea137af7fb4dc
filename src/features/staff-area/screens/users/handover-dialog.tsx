import { FetchError } from 'ofetch';
import { useEffect, useId, useRef, useState } from 'react';
import {
  handoverPath,
  handoverWork,
  type HandoverCounts,
  type UserPage,
  type UserRow,
} from '../../../../domain/api/users';
import { fullName } from '../../../../domain/person-name';
import { Role } from '../../../../domain/roles';
import { api, toApiFailure } from '../../../../lib/api';
import { BusyButton } from '../../../../ui/busy-button';
import { Modal } from '../../../../ui/confirm-dialog';
import { useStaffApi } from '../../staff-api';

/** The answer of PUT /api/users/:id, with what a refused archive says. */
export type ArchiveAnswer =
  | { ok: true; data: UserRow }
  | {
      ok: false;
      status: number | null;
      message: string;
      fieldErrors: Record<string, string>;
      /** 409 of a stale version: the account now. */
      current?: UserRow;
      /** 409 of a hunter who still has work: what they have. */
      handover?: HandoverCounts;
    };

/** PUT /api/users/:id: archive (handing the work to `handTo` when given) or bring back. */
export async function putArchive(
  user: UserRow,
  isArchived: boolean,
  handTo?: string | null,
): Promise<ArchiveAnswer> {
  try {
    const data = await api<UserRow>(`/api/users/${encodeURIComponent(user._id)}`, {
      method: 'PUT',
      body: { isArchived, version: user.version, ...(handTo === undefined ? {} : { handTo }) },
    });
    return { ok: true, data };
  } catch (error) {
    const body =
      error instanceof FetchError && error.response?.status === 409
        ? (error.data as { current?: UserRow; handover?: HandoverCounts } | undefined)
        : undefined;
    return { ok: false, ...toApiFailure(error), current: body?.current, handover: body?.handover };
  }
}

/** The select's value for « nobody »: the managers' pool. */
const POOL = 'pool';

/**
 * « Archiver » a hunter who still has buyers or owner leads (issue 29), or « Confier ses
 * dossiers » of a hunter archived before (whose work stayed behind): the server's refusal
 * (« Karim Benali suit encore 9 acquéreurs et 2 propriétaires : choisissez à qui les confier. »),
 * then where they go: another active hunter, or nobody (the managers' pool, « Non attribués » in
 * the lists). Confirmed, the server archives and moves everything at once.
 */
export function HandoverDialog({
  user,
  message,
  counts,
  onDone,
  onStale,
  onClose,
}: {
  user: UserRow;
  message: string;
  counts: HandoverCounts;
  /** Archived; `to`: the hunter's name, or null for the pool. */
  onDone: (user: UserRow, to: string | null) => void;
  onStale: (message: string, current: UserRow) => void;
  onClose: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [load] = useStaffApi<UserPage>(`/api/users?role=${Role.CHASSEUR}&archived=0&pageSize=100`);
  const hunters =
    load.status === 'ready'
      ? load.data.items.filter((h) => h._id !== user._id && h.isActive && !h.isArchived)
      : [];
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const confirm = async () => {
    if (!choice) {
      setError('Choisissez à qui confier ses dossiers.');
      return;
    }
    setError(null);
    const handTo = choice === POOL ? null : choice;
    const answer = await putArchive(user, true, handTo);
    if (answer.ok) {
      const hunter = hunters.find((h) => h._id === handTo);
      dialog.current?.close();
      onDone(answer.data, hunter ? fullName(hunter) : null);
    } else if (answer.status === 409 && answer.current) {
      dialog.current?.close();
      onStale(answer.message, answer.current);
    } else setError(answer.fieldErrors.handTo ?? answer.message);
  };

  const name = fullName(user);
  return (
    <Modal
      dialogRef={dialog}
      labelledBy={`${id}-titre`}
      describedBy={`${id}-texte`}
      onClose={onClose}
      actionsClassName="flex-wrap"
      actions={
        <BusyButton className="btn btn-error" run={confirm}>
          {user.isArchived ? 'Confier les dossiers' : 'Archiver et confier les dossiers'}
        </BusyButton>
      }
    >
      <h2 id={`${id}-titre`} className="text-xl font-semibold">
        {user.isArchived ? <>Confier les dossiers de {name}</> : <>Archiver {name}&#8239;?</>}
      </h2>
      <p id={`${id}-texte`} className="mt-3">
        {message}
      </p>
      <p className="mt-3 text-sm text-base-content/75">
        Ses {handoverWork(counts)} passent maintenant au chasseur choisi, qui reçoit un e-mail les
        listant, ou restent non attribués pour que les managers les répartissent. Chaque fiche en
        garde la trace dans son historique.
        {user.isArchived ? null : ' Le compte archivé ne peut plus se connecter.'}
      </p>
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={`${id}-choix`} className="text-sm font-medium">
          Confier ses dossiers à
        </label>
        <select
          id={`${id}-choix`}
          className="select select-bordered w-full"
          value={choice}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-erreur` : undefined}
          onChange={(event) => {
            setChoice(event.target.value);
            setError(null);
          }}
        >
          <option value="">Choisissez…</option>
          {hunters.map((h) => (
            <option key={h._id} value={h._id}>
              {fullName(h)}
            </option>
          ))}
          <option value={POOL}>Personne pour l’instant (les managers les attribueront)</option>
        </select>
        {load.status === 'failed' ? <p className="text-sm text-error">{load.message}</p> : null}
      </div>
      {error ? (
        <p id={`${id}-erreur`} role="alert" className="alert alert-error mt-4 text-sm">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

/**
 * A hunter archived before issue 29 may have left buyers or owner leads behind, assigned to
 * nobody who can sign in: the panel says so and offers to hand them over (the same dialog).
 */
export function LeftBehind({
  user,
  onHandOver,
}: {
  user: UserRow;
  onHandOver: (counts: HandoverCounts) => void;
}) {
  const [load] = useStaffApi<HandoverCounts>(handoverPath(user._id));
  if (load.status !== 'ready' || load.data.buyers + load.data.leads === 0) return null;
  const counts = load.data;
  return (
    <div
      role="status"
      className="alert alert-warning mt-4 flex flex-wrap items-center gap-3 text-sm"
    >
      <p>
        Ce compte archivé suit encore {handoverWork(counts)}&nbsp;: personne ne peut s’en occuper.
      </p>
      <button type="button" className="btn btn-sm" onClick={() => onHandOver(counts)}>
        Confier ses dossiers
      </button>
    </div>
  );
}
