import { useRef, type ReactNode, type Ref } from 'react';

/**
 * A button whose action is first confirmed in a modal dialog (native <dialog>: focus is trapped
 * and Escape cancels): the question, what it means, « Annuler » and `action`, the confirming
 * button (it closes the dialog with `closeDialog`). `onOpen` runs as the dialog opens (to clear
 * a previous refusal, for one); `refusal`, when set, is said under the text as an alert;
 * `children` come after the text.
 */
export function ConfirmButton({
  id,
  label,
  className,
  onOpen,
  title,
  text,
  action,
  refusal,
  children,
}: {
  /** Prefix of the dialog's element ids (`-titre`, `-texte`), unique on the page. */
  id: string;
  /** The button that opens the dialog: its text and classes. */
  label: ReactNode;
  className: string;
  onOpen?: () => void;
  title: ReactNode;
  text: ReactNode;
  action: ReactNode;
  /** The server's refusal of the action, shown in the dialog (empty: none). */
  refusal?: string;
  children?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          onOpen?.();
          dialog.current?.showModal();
        }}
      >
        {label}
      </button>
      <Modal
        dialogRef={dialog}
        labelledBy={`${id}-titre`}
        describedBy={`${id}-texte`}
        actions={action}
      >
        <h2 id={`${id}-titre`} className="text-xl font-semibold">
          {title}
        </h2>
        <p id={`${id}-texte`} className="mt-3 text-base-content/75">
          {text}
        </p>
        {refusal ? (
          <p role="alert" className="alert alert-error mt-4 text-sm">
            {refusal}
          </p>
        ) : null}
        {children}
      </Modal>
    </>
  );
}

/** Closes the ConfirmButton dialog of this `id` (once its action succeeded). */
export function closeConfirm(id: string) {
  document.getElementById(`${id}-titre`)?.closest('dialog')?.close();
}

/** Closes the dialog an event came from, such as the click on a ConfirmButton's action. */
export function closeDialog(event: { currentTarget: Element }) {
  event.currentTarget.closest('dialog')?.close();
}

/**
 * The frame of every modal dialog (native <dialog>, opened with showModal(): focus is trapped,
 * Escape and a tap beside it close it): its box with `children`, then its buttons: `leading`,
 * the closing one (« Annuler » unless `cancelLabel` says otherwise) and `actions`.
 */
export function Modal({
  dialogRef,
  labelledBy,
  describedBy,
  onClose,
  boxClassName = '',
  actionsClassName = '',
  leading,
  actions,
  cancelLabel = 'Annuler',
  cancelClassName = 'btn btn-ghost',
  children,
}: {
  dialogRef: Ref<HTMLDialogElement>;
  /** The id of its title, and of the text that says what it is about, if any. */
  labelledBy: string;
  describedBy?: string;
  onClose?: () => void;
  boxClassName?: string;
  actionsClassName?: string;
  leading?: ReactNode;
  actions?: ReactNode;
  cancelLabel?: ReactNode;
  cancelClassName?: string;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
    >
      <div className={`modal-box ${boxClassName}`.trim()}>
        {children}
        <div className={`modal-action ${actionsClassName}`.trim()}>
          {leading}
          <form method="dialog">
            <button type="submit" className={cancelClassName}>
              {cancelLabel}
            </button>
          </form>
          {actions}
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Fermer
        </button>
      </form>
    </dialog>
  );
}
