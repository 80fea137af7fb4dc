/**
 * The name of the app's IndexedDB database (./database.ts), apart from Dexie so that a page can
 * ask whether this device has it at all without loading the library (src/features/long-form/
 * draft-on-device.ts, src/app/first-touch.ts).
 */
export const APP_DATABASE_NAME = 'chassimmo';

/**
 * Whether this device may hold data of the app (a draft, an outbox): false only when the browser
 * says the app's database does not exist (a first visit), true when it exists or the browser
 * cannot say (then the database itself answers, and says when storage is refused).
 */
export async function mayHoldAppData(): Promise<boolean> {
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === APP_DATABASE_NAME);
  } catch {
    return true;
  }
}
