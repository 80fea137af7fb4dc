import { Suspense, lazy } from 'react';
import { useServiceWorker } from './sw-registration';
import { UpdatePrompt } from './update-prompt';

const OutboxPanel = lazy(() => import('./outbox-panel'));
const InstallPrompt = lazy(() => import('./install-prompt'));

export default function OfflineUi() {
  const { outboxActivity, installOffer } = useServiceWorker();
  return (
    <>
      <UpdatePrompt />
      <Suspense fallback={null}>
        {outboxActivity ? <OutboxPanel /> : null}
        {installOffer ? <InstallPrompt /> : null}
      </Suspense>
    </>
  );
}
