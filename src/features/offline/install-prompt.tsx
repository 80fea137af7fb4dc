import { useEffect, useState } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'install_prompt_dismissed';

function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

function isIosSafari(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) && !/CriOS|FxiOS/.test(navigator.userAgent);
}

/**
 * 'Installer l'application' when the browser offers installation; on iPhone and iPad, where
 * Safari has no such offer, how to add the app to the home screen. Dismissed for good on 'Non merci'.
 */
export default function InstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const [ios, setIos] = useState(false);
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  });

  useEffect(() => {
    if (isStandalone()) return;
    const onOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    const timer = window.setTimeout(() => setIos(isIosSafari()), 0);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.clearTimeout(timer);
    };
  }, []);

  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // the choice holds for this visit only
    }
  };

  if (dismissed || (!offer && !ios)) return null;
  return (
    <div
      role="region"
      aria-label="Installer l’application"
      className="mx-auto mt-6 flex max-w-6xl flex-wrap items-center gap-3 px-4 text-sm sm:px-6"
    >
      {offer ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => {
            void offer
              .prompt()
              .then(() => offer.userChoice)
              .finally(() => setOffer(null));
          }}
        >
          Installer l’application
        </button>
      ) : (
        <p>
          Pour installer l’application sur votre iPhone : touchez <strong>Partager</strong>, puis{' '}
          <strong>« Sur l’écran d’accueil »</strong>.
        </p>
      )}
      <button type="button" className="btn btn-ghost btn-xs" onClick={dismiss}>
        Non merci
      </button>
    </div>
  );
}
