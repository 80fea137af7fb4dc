import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { chatProviderConfigured, showChat, useConsent } from '../consent';
import { brandFor, contactPathOf, isBackOffice } from '../../domain/brand';

const HelpButton = lazy(() => import('./help-button'));

const noSubscription = () => () => undefined;

/**
 * The two long forms: their buttons ('Suivant', 'Validé', 'Envoyer ma demande') pass under the
 * window's bottom right corner as their steps scroll, where the floating button would sit on them.
 * The button stays off them (the footer still leads to the contact page).
 */
const LONG_FORMS = ['/questions-proprietaire', '/signup'];

function onLongForm(location: string): boolean {
  return LONG_FORMS.some((path) => location === path || location.startsWith(`${path}/`));
}

/** The chat bubble, shown again after each navigation (spec 2.1). */
function ChatOnEachPage({ location }: { location: string }) {
  useEffect(showChat, [location]);
  return null;
}

/**
 * Chat support (spec 2.1): the configured chat provider when there is one and the visitor
 * accepted it; otherwise a help button to the contact page (./help-button.tsx). Shown
 * again after each navigation; not on the contact page itself, not while the cookie banner waits
 * for a choice (both would share the bottom of the screen), not over a long form, and not in the
 * back office, whose compact footer holds the help link instead (it would cover the last action
 * of a fiche on a phone).
 */
export function HelpWidget() {
  const [location] = useLocation();
  const { choice, bannerOpen } = useConsent();
  // Rendered only in the browser: it has no place in prerendered HTML.
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const dismissed = dismissedAt === location;

  if (chatProviderConfigured && choice === 'accepted')
    return <ChatOnEachPage location={location} />;
  const contactPath = contactPathOf[brandFor(location)];
  if (
    !mounted ||
    dismissed ||
    bannerOpen ||
    location === contactPath ||
    onLongForm(location) ||
    isBackOffice(location)
  ) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <HelpButton contactPath={contactPath} onDismiss={() => setDismissedAt(location)} />
    </Suspense>
  );
}
