export {
  registerServiceWorker,
  registerWorkerNow,
  requestReplay,
  useServiceWorker,
} from './sw-registration';
export { OfflineShell } from './offline-shell';
// SubmissionStatus and useSubmissionState are imported from './submission-status' directly (see
// eslint.config.js): re-exported here, they would bring the database into every page.
