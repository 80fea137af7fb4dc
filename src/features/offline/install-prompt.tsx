import { useState } from 'react';
import { swStore } from './sw-registration';
import { deferredInstallEvent } from './worker-address';

const DISMISSED_KEY = 'install_prompt_dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * 'Installer l'application' when the browser offers installation; on iPhone and iPad, where
 * Safari has no such offer, how to add the app to the home screen. 'Non merci' is remembered.
 */
export default function InstallPrompt() {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;
  const offer = deferredInstallEvent;

  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // the choice holds for this visit only
    }
  };

  return (
    <div
      role="region"
      aria-label="Installer l’application"
      className="fixed inset-x-3 bottom-20 z-30 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-sm shadow-lg sm:bottom-6"
      data-testid="install-prompt"
    >
      {offer ? (
        <>
          <p className="flex-1">
            Ajoutez Chassimmo à votre écran d’accueil&nbsp;: vos formulaires restent disponibles
            sans réseau.
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => {
              void offer.prompt().finally(() => {
                swStore.installOffer = false;
              });
            }}
          >
            Installer l’application
          </button>
        </>
      ) : (
        <p className="flex-1">
          Pour installer l’application sur votre iPhone&nbsp;: touchez <strong>Partager</strong>,
          puis <strong>«&nbsp;Sur l’écran d’accueil&nbsp;»</strong>.
        </p>
      )}
      <button type="button" className="btn btn-ghost btn-xs" onClick={dismiss}>
        Non merci
      </button>
    </div>
  );
}
