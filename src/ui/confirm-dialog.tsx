import { useRef, type ReactNode } from 'react';

/**
 * A button whose action is first confirmed in a modal dialog (native <dialog>: focus is trapped
 * and Escape cancels): the question, what it means, « Annuler » and `action`, the confirming
 * button (it closes the dialog with `closeDialog`). `onOpen` runs as the dialog opens (to clear
 * a previous refusal, for one); `children` come after the text, such as the server's refusal.
 */
export function ConfirmButton({
  id,
  label,
  className,
  onOpen,
  title,
  text,
  action,
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
      <dialog
        ref={dialog}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={`${id}-titre`}
        aria-describedby={`${id}-texte`}
      >
        <div className="modal-box">
          <h2 id={`${id}-titre`} className="text-xl font-semibold">
            {title}
          </h2>
          <p id={`${id}-texte`} className="mt-3 text-base-content/75">
            {text}
          </p>
          {children}
          <div className="modal-action">
            <form method="dialog">
              <button type="submit" className="btn btn-ghost">
                Annuler
              </button>
            </form>
            {action}
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

/** Closes the dialog an event came from, such as the click on a ConfirmButton's action. */
export function closeDialog(event: { currentTarget: Element }) {
  event.currentTarget.closest('dialog')?.close();
}
