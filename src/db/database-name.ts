/**
 * The name of the app's IndexedDB database (./database.ts), apart from Dexie so that a page can
 * ask whether this device has it at all without loading the library (src/features/long-form/
 * draft-on-device.ts).
 */
export const APP_DATABASE_NAME = 'chassimmo';
