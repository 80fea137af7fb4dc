import { useEffect, useRef, useState } from 'react';
import { handoverNeeded, type HandoverCounts, type UserRow } from '../../../../domain/api/users';
import { Role } from '../../../../domain/roles';
import { notify } from '../../../../lib/toast';
import { BusyButton } from '../../../../ui/busy-button';
import { staffChange } from '../../staff-api';
import { DeleteUserButton } from './delete-user-dialog';
import { HandoverDialog, LeftBehind, putArchive } from './handover-dialog';
import { UserForm } from './user-form';
import { fullName, StatusBadge, type Hunter } from './user-status';

export type Panel = { kind: 'new' } | { kind: 'edit'; user: UserRow };

/**
 * The panel beside the list (below it on a phone): its heading takes the focus when it opens.
 * An archive or an edit made on a stale version (someone changed the account meanwhile) is
 * refused (409): the panel says so and shows the account as it is now (`onReloaded`).
 */
export function UserPanel({
  panel,
  hunters,
  onSaved,
  onReloaded,
  onDeleted,
  onClose,
}: {
  panel: Panel;
  hunters: readonly Hunter[];
  onSaved: (user: UserRow, created: boolean) => void;
  /** The account as the server has it now, after a stale change. */
  onReloaded: (user: UserRow) => void;
  onDeleted: (user: UserRow) => void;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [stale, setStale] = useState<string | null>(null);
  /** The server's refusal of an archive while the hunter has work: the dialog asks who takes it. */
  const [handover, setHandover] = useState<{ message: string; counts: HandoverCounts } | null>(
    null,
  );
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const user = panel.kind === 'edit' ? panel.user : undefined;

  const reloaded = (message: string, current: UserRow) => {
    setStale(message);
    onReloaded(current);
  };

  // A hunter who still has work is archived only once someone takes it (HandoverDialog).
  const archive = async (u: UserRow) => {
    setStale(null);
    const answer = await putArchive(u, !u.isArchived);
    if (answer.ok) {
      notify.success(
        answer.data.isArchived
          ? `Le compte de ${u.firstname} ${u.lastname} est archivé.`
          : `Le compte de ${u.firstname} ${u.lastname} est de nouveau actif.`,
      );
      onSaved(answer.data, false);
    } else if (answer.status === 409 && answer.current) reloaded(answer.message, answer.current);
    else if (answer.status === 409 && answer.handover)
      setHandover({ message: answer.message, counts: answer.handover });
    else notify.error(answer.message);
  };

  const resend = async (u: UserRow) => {
    const answer = await staffChange<{ sent: boolean }>(
      `/api/admin/users/${encodeURIComponent(u._id)}/resend-activation`,
      'POST',
    );
    if (answer.ok) notify.success(`Un nouveau lien d’activation a été envoyé à ${u.email}.`);
    else notify.error(answer.message);
  };

  return (
    <section
      aria-labelledby="user-panel-title"
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <h2
        id="user-panel-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {user ? fullName(user) : 'Nouvel utilisateur'}
      </h2>
      {stale ? (
        <p role="alert" className="alert alert-warning mt-3 text-sm" data-testid="user-stale">
          {stale}
        </p>
      ) : null}
      {user ? (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-base-content/75">Statut&nbsp;:</span>
            <StatusBadge user={user} />
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <BusyButton className="btn btn-outline btn-sm" run={() => archive(user)}>
              {user.isArchived ? 'Désarchiver' : 'Archiver'}
            </BusyButton>
            {!user.isActive && !user.isArchived ? (
              <BusyButton className="btn btn-outline btn-sm" run={() => resend(user)}>
                Renvoyer le lien d’activation
              </BusyButton>
            ) : null}
            <DeleteUserButton user={user} onDeleted={() => onDeleted(user)} />
          </div>
          {user.isArchived && user.roles.includes(Role.CHASSEUR) ? (
            <LeftBehind
              key={user.version}
              user={user}
              onHandOver={(counts) =>
                setHandover({ message: handoverNeeded(fullName(user), counts), counts })
              }
            />
          ) : null}
          {handover ? (
            <HandoverDialog
              user={user}
              message={handover.message}
              counts={handover.counts}
              onDone={(saved, to) => {
                notify.success(
                  to
                    ? `Le compte de ${user.firstname} ${user.lastname} est archivé\u00a0: ses dossiers sont confiés à ${to}.`
                    : `Le compte de ${user.firstname} ${user.lastname} est archivé\u00a0: ses dossiers attendent un chasseur (non attribués).`,
                );
                onSaved(saved, false);
              }}
              onStale={reloaded}
              onClose={() => setHandover(null)}
            />
          ) : null}
          <h3 className="mt-6 mb-3 font-semibold">Modifier le compte</h3>
        </>
      ) : (
        <div className="mb-3" />
      )}
      <UserForm
        // A new version (saved, or reloaded after a stale edit) starts the form from it.
        key={user ? `${user._id}-${user.version}` : 'new'}
        user={user}
        hunters={hunters}
        onSaved={(saved) => {
          setStale(null);
          onSaved(saved, !user);
        }}
        onStale={reloaded}
        onCancel={onClose}
      />
    </section>
  );
}
