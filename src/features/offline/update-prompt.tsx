import { acceptUpdate } from './sw-lifecycle';
import { dismissUpdate, useServiceWorker } from './sw-registration';

/** The exact question of spec 2.8. */
export const UPDATE_QUESTION =
  'A new version available! Would you like to refresh and access this new version?';

/**
 * Asks before switching to a new version. Nothing reloads without the yes, so a half-filled form
 * is never interrupted (its answers are in IndexedDB anyway).
 */
export function UpdatePrompt() {
  const { updateWaiting } = useServiceWorker();
  if (!updateWaiting) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby="update-title"
      aria-describedby="update-question"
      data-testid="update-prompt"
      className="fixed inset-x-3 top-20 z-50 mx-auto max-w-md rounded-box border border-base-300 bg-base-100 p-5 shadow-2xl"
    >
      <h2 id="update-title" className="font-sans text-base font-semibold">
        Nouvelle version disponible
      </h2>
      <p id="update-question" className="mt-2 text-sm">
        {UPDATE_QUESTION}
      </p>
      <p className="mt-1 text-xs text-base-content/70">Vos réponses en cours sont conservées.</p>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={dismissUpdate}>
          Plus tard
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={acceptUpdate}>
          Actualiser
        </button>
      </div>
    </div>
  );
}
