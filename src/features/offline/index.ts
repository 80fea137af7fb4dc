import { lazy } from 'react';

export { registerServiceWorker, requestReplay, useServiceWorker } from './sw-registration';
export { UpdatePrompt, UPDATE_QUESTION } from './update-prompt';
/** Dexie and the outbox UI load after the page, never with it (budget of '/'). */
export const OutboxPanel = lazy(() => import('./outbox-panel'));
export const InstallPrompt = lazy(() => import('./install-prompt'));
