import { mayHoldAppData } from '../../db/database-name';
import type { DraftReading } from './draft';

/** Whether this device may hold a draft (the app's database exists, or the browser cannot say). */
export const mayHoldDraft = mayHoldAppData;

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
