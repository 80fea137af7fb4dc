/**
 * The ids a device gives what it makes offline (issue 28: a visit report and each of its photos,
 * `crypto.randomUUID()`), written once for the server's routes, the pages and the service worker.
 * Small on purpose: the service worker imports it.
 */
const DEVICE_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Whether `value` is such an id. */
export const isDeviceId = (value: string) => new RegExp(`^${DEVICE_ID}$`, 'i').test(value);

/** A visit photo's upload path, its report's id then its own captured. */
export const VISIT_PHOTO_UPLOAD = new RegExp(
  `^/api/staff/visit-reports/(${DEVICE_ID})/photos/(${DEVICE_ID})$`,
  'i',
);
