import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { chatProviderConfigured, showChat, useConsent } from '../consent';
import { brandFor, contactPathOf } from '../../domain/brand';
import { ChatIcon, CloseIcon } from '../../ui/shell-icons';

const noSubscription = () => () => undefined;

/**
 * Chat support (spec 2.1): the configured chat provider when there is one and the visitor
 * accepted it; otherwise a help button to the contact page. Shown again after each navigation.
 */
export function HelpWidget() {
  const [location] = useLocation();
  const { choice } = useConsent();
  // Rendered only in the browser: it has no place in prerendered HTML.
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const dismissed = dismissedAt === location;

  useEffect(() => {
    if (chatProviderConfigured && choice === 'accepted') showChat();
  }, [location, choice]);

  const contactPath = contactPathOf[brandFor(location)];
  if (!mounted || dismissed || location === contactPath) return null;
  if (chatProviderConfigured && choice === 'accepted') return null;
  return (
    <div
      className="help-widget fixed bottom-4 right-4 z-30 flex items-center gap-1 print:hidden"
      data-testid="help-widget"
    >
      <Link href={contactPath} className="btn btn-primary rounded-full shadow-lg">
        <ChatIcon className="text-xl" /> Besoin d’aide ?
      </Link>
      <button
        type="button"
        className="btn btn-circle btn-xs bg-base-100 shadow"
        aria-label="Masquer l’aide"
        onClick={() => setDismissedAt(location)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
