import { Suspense, lazy } from 'react';
import { useServiceWorker } from './sw-registration';

/** The offline engine's screens, loaded only when one has something to say (90 KB budget of '/'). */
const OfflineUi = lazy(() => import('./offline-ui'));

/** Mounted by the shell: the update question, the outbox, the install offer, when relevant. */
export function OfflineShell() {
  const { updateWaiting, outboxActivity, installOffer } = useServiceWorker();
  if (!updateWaiting && !outboxActivity && !installOffer) return null;
  return (
    <Suspense fallback={null}>
      <OfflineUi />
    </Suspense>
  );
}
