export { registerServiceWorker, requestReplay, useServiceWorker } from './sw-registration';
export { OfflineShell } from './offline-shell';
