import { useRef } from 'react';

/**
 * 'Recommencer', confirmed in a modal dialog (native <dialog>: focus is trapped and Escape
 * cancels), since it wipes every answer kept on the device.
 */
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
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm text-base-content/70"
        onClick={() => dialog.current?.showModal()}
      >
        Recommencer
      </button>
      <dialog
        ref={dialog}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={`${idPrefix}-titre`}
        aria-describedby={`${idPrefix}-texte`}
      >
        <div className="modal-box">
          <h2 id={`${idPrefix}-titre`} className="text-xl font-semibold">
            {title}
          </h2>
          <p id={`${idPrefix}-texte`} className="mt-3 text-base-content/75">
            Toutes vos réponses enregistrées sur cet appareil seront effacées.
          </p>
          <div className="modal-action">
            <form method="dialog">
              <button type="submit" className="btn btn-ghost">
                Annuler
              </button>
            </form>
            <button
              type="button"
              className="btn btn-error"
              onClick={() => {
                dialog.current?.close();
                onConfirm();
              }}
            >
              Effacer et recommencer
            </button>
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
