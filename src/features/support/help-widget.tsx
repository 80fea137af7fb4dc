import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { chatProviderConfigured, showChat, useConsent } from '../consent';
import { ChatIcon, CloseIcon } from '../../ui';

/**
 * Chat support (spec 2.1): the configured chat provider when there is one and the visitor
 * accepted it; otherwise a help button to the contact page. Shown again after each navigation.
 */
export function HelpWidget() {
  const [location] = useLocation();
  const { choice } = useConsent();
  const [dismissed, setDismissed] = useState(false);
  const [mounted, setMounted] = useState(false);

  useEffect(() => setMounted(true), []);
  useEffect(() => {
    setDismissed(false);
    if (chatProviderConfigured && choice === 'accepted') showChat();
  }, [location, choice]);

  if (!mounted || dismissed || location === '/contact') return null;
  if (chatProviderConfigured && choice === 'accepted') return null;
  return (
    <div className="fixed bottom-4 right-4 z-30 flex items-center gap-1 print:hidden" data-testid="help-widget">
      <Link href="/contact" className="btn btn-primary rounded-full shadow-lg">
        <ChatIcon className="text-xl" /> Besoin d’aide ?
      </Link>
      <button
        type="button"
        className="btn btn-circle btn-xs bg-base-100 shadow"
        aria-label="Masquer l’aide"
        onClick={() => setDismissed(true)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
