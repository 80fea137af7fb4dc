/**
 * The room this site has on the device (issue 28: the photos of report drafts are kept there
 * until sent): what the browser says it uses and allows (StorageManager.estimate), and the ask to
 * keep it when the device runs short (StorageManager.persist). The browser's figures are
 * estimates, rounded on purpose; they are enough to warn before the device is full.
 */

/** Below this much free room, or past 90 % used, the device is nearly full. */
export const NEARLY_FULL_FREE_BYTES = 50 * 1000 * 1000;
export const NEARLY_FULL_USED_SHARE = 0.9;

export interface DeviceStorage {
  /** Bytes this site uses. */
  usage: number;
  /** Bytes this site may use. */
  quota: number;
  free: number;
  nearlyFull: boolean;
}

function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/** The estimate, or null where the browser has none (or refuses it). */
export async function deviceStorage(): Promise<DeviceStorage | null> {
  const storage = storageManager();
  if (typeof storage?.estimate !== 'function') return null;
  let estimate: StorageEstimate;
  try {
    estimate = await storage.estimate();
  } catch {
    return null;
  }
  const { usage = 0, quota } = estimate;
  if (typeof quota !== 'number' || !Number.isFinite(quota) || quota <= 0) return null;
  const free = Math.max(0, quota - usage);
  return {
    usage,
    quota,
    free,
    nearlyFull: free < NEARLY_FULL_FREE_BYTES || usage > quota * NEARLY_FULL_USED_SHARE,
  };
}

/**
 * Asks that the browser keep this site's data when the device runs short (it may say no, or
 * decide without asking the person); false where it cannot be asked or was refused.
 */
export async function askPersistentStorage(): Promise<boolean> {
  const storage = storageManager();
  if (typeof storage?.persist !== 'function') return false;
  try {
    return await storage.persist();
  } catch {
    return false;
  }
}

const UNITS = ['o', 'Ko', 'Mo', 'Go', 'To'];
const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * Bytes as a person reads them, in decimal units as phones count them: « 820 Ko », « 3,4 Mo »,
 * with a no-break space before the unit.
 */
export function formatBytes(bytes: number): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  // Rounded first: 999 960 o is « 1 Mo », not « 1 000 Ko ».
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1000) {
    value /= 1000;
    unit++;
  }
  return `${number.format(value)}\u00a0${UNITS[unit]}`;
}
