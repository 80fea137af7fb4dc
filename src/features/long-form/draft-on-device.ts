import { APP_DATABASE_NAME } from '../../db/database-name';
import type { DraftReading } from './draft';

/**
 * Whether this device may hold a draft: false only when the browser says the app's database does
 * not exist (a first visit), true when it exists or the browser cannot say (then the database
 * itself answers, and says when storage is refused).
 */
export async function mayHoldDraft(): Promise<boolean> {
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === APP_DATABASE_NAME);
  } catch {
    return true;
  }
}

/**
 * A long form's draft as its page reads it on opening, without loading IndexedDB's library (Dexie,
 * 31 KB gzip) on a device that has never stored anything here: a first visit opens on the intro
 * without the library's evaluation and the database's creation in its first seconds (issue 27).
 * The questions load the library when the person starts, and save from there.
 */
export function readDraftOnDevice(
  loadStore: () => Promise<{ read: () => Promise<DraftReading> }>,
): () => Promise<DraftReading> {
  return async () => ((await mayHoldDraft()) ? (await loadStore()).read() : null);
}
