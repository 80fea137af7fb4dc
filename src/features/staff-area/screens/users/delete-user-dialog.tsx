import { useId, useRef, useState } from 'react';
import type { User } from '../../../../domain/user.schema';
import { BusyButton } from '../../../../ui/busy-button';
import { staffChange } from '../../staff-api';

/** « Supprimer », confirmed in a modal dialog; the server's refusal is shown in it. */
export function DeleteUserButton({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [refusal, setRefusal] = useState('');
  const remove = async () => {
    const answer = await staffChange<null>(
      `/api/admin/users/${encodeURIComponent(user._id)}`,
      'DELETE',
    );
    if (answer.ok) {
      dialog.current?.close();
      onDeleted();
    } else setRefusal(answer.message);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        onClick={() => {
          setRefusal('');
          dialog.current?.showModal();
        }}
      >
        Supprimer
      </button>
      <dialog
        ref={dialog}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <div className="modal-box">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            Supprimer le compte de {user.firstname} {user.lastname}&#8239;?
          </h2>
          <p id={`${id}-text`} className="mt-3 text-base-content/75">
            Le compte est effacé définitivement. Un utilisateur qui a des projets, des commandes ou
            des clients attribués ne peut pas être supprimé&nbsp;: archivez-le plutôt.
          </p>
          {refusal ? (
            <p role="alert" className="alert alert-error mt-4 text-sm">
              {refusal}
            </p>
          ) : null}
          <div className="modal-action">
            <form method="dialog">
              <button type="submit" className="btn btn-ghost">
                Annuler
              </button>
            </form>
            <BusyButton className="btn btn-error" run={remove}>
              Supprimer définitivement
            </BusyButton>
          </div>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1}>
            Fermer
          </button>
        </form>
      </dialog>
    </>
  );
}
