import { useState, type ComponentType } from 'react';
import type { FormCopyFlow } from '../../../domain/api/form-copies';
import type { CopyDialogProps } from './copy-dialog';

/**
 * « Continuer sur un autre appareil » under a long form's card (issue 33), from the second step.
 * The dialog and the QR code's library are downloaded on the click only: the form's first load
 * carries neither (issue 27's budget).
 */
export function CopyOffer({
  flow,
  step,
  answers,
}: {
  flow: FormCopyFlow;
  step: number;
  answers: object;
}) {
  const [Dialog, setDialog] = useState<ComponentType<CopyDialogProps> | null>(null);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);

  const open = () => {
    setOpening(true);
    setFailed(false);
    import('./copy-dialog').then(
      (module) => {
        setOpening(false);
        setDialog(() => module.CopyDialog);
      },
      () => {
        setOpening(false);
        setFailed(true);
      },
    );
  };

  return (
    <div className="mt-4 flex flex-col items-end gap-1 text-right">
      <button
        type="button"
        className="btn btn-ghost btn-sm gap-2 text-base-content/80"
        aria-haspopup="dialog"
        disabled={opening}
        onClick={open}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="2" y="4" width="13" height="10" rx="1.5" />
          <path d="M5 18h7" />
          <rect x="16" y="8" width="6" height="12" rx="1.5" />
        </svg>
        Continuer sur un autre appareil
      </button>
      {failed ? (
        <p role="alert" className="text-sm text-error">
          Cette fonction n’a pas pu être chargée. Vérifiez votre connexion puis réessayez.
        </p>
      ) : null}
      {Dialog ? (
        <Dialog flow={flow} step={step} answers={answers} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
