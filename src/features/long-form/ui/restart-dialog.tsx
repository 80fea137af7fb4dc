import { closeDialog, ConfirmButton } from '../../../ui/confirm-dialog';

/** 'Recommencer', confirmed in a modal dialog, since it wipes every answer kept on the device. */
export function RestartButton({
  title,
  idPrefix,
  onConfirm,
}: {
  /** The dialog's question, e.g. 'Recommencer le questionnaire ?'. */
  title: string;
  /** Prefix of the dialog's element ids, unique on the page. */
  idPrefix: string;
  onConfirm: () => void;
}) {
  return (
    <ConfirmButton
      id={idPrefix}
      label="Recommencer"
      className="btn btn-ghost btn-sm text-base-content/70"
      title={title}
      text="Toutes vos réponses enregistrées sur cet appareil seront effacées."
      action={
        <button
          type="button"
          className="btn btn-error"
          onClick={(event) => {
            closeDialog(event);
            onConfirm();
          }}
        >
          Effacer et recommencer
        </button>
      }
    />
  );
}
