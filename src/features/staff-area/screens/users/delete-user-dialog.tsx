import { useId, useState } from 'react';
import type { User } from '../../../../domain/user.schema';
import { BusyButton } from '../../../../ui/busy-button';
import { ConfirmButton, closeConfirm } from '../../../../ui/confirm-dialog';
import { staffChange } from '../../staff-api';

/** « Supprimer », confirmed in a modal dialog; the server's refusal is shown in it. */
export function DeleteUserButton({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const id = useId();
  const [refusal, setRefusal] = useState('');
  const remove = async () => {
    const answer = await staffChange<null>(
      `/api/admin/users/${encodeURIComponent(user._id)}`,
      'DELETE',
    );
    if (answer.ok) {
      closeConfirm(id);
      onDeleted();
    } else setRefusal(answer.message);
  };
  return (
    <ConfirmButton
      id={id}
      label="Supprimer"
      className="btn btn-outline btn-error btn-sm"
      onOpen={() => setRefusal('')}
      title={
        <>
          Supprimer le compte de {user.firstname} {user.lastname}&#8239;?
        </>
      }
      text={
        <>
          Le compte est effacé définitivement. Un utilisateur qui a des projets, des commandes ou
          des clients attribués ne peut pas être supprimé&nbsp;: archivez-le plutôt.
        </>
      }
      action={
        <BusyButton className="btn btn-error" run={remove}>
          Supprimer définitivement
        </BusyButton>
      }
      refusal={refusal}
    />
  );
}
