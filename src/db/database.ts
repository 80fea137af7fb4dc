import Dexie, { type EntityTable } from 'dexie';
import type { GeoCommune, GeoDepartement } from '../domain/geography';
import type { OutboxEntry } from '../domain/outbox';

/**
 * What this device keeps in IndexedDB (DESIGN.md, offline model):
 * - drafts: each flow's step and answers (never a password), with the Idempotency-Key its
 *   submission will carry; kept until the server confirmed the submission;
 * - geoDepartements / geoCommunes: the geography lists, so a visit without network still offers
 *   them, with the time they were fetched;
 * - outbox: the state of each submission the service worker queued while offline (queued,
 *   sending, sent, failed with the server's message). The queued request itself, body included,
 *   lives in workbox-background-sync's own store until it is answered, then is deleted.
 * The page and the service worker share this one database.
 */
export type DraftFlow = 'owner' | 'buyer';

export interface DraftRecord {
  flow: DraftFlow;
  step: number;
  answers: Record<string, unknown>;
  /** Sent as Idempotency-Key; renewed only when the draft is edited after a final failure. */
  idempotencyKey: string;
  /** Set when the server refused the submission (4xx): the next edit gets a new key. */
  failedKey?: string;
  updatedAt: number;
}

export interface GeoDepartementsRecord {
  region: string;
  list: GeoDepartement[];
  fetchedAt: number;
}

export interface GeoCommunesRecord {
  departement: string;
  list: GeoCommune[];
  fetchedAt: number;
}

export class AppDatabase extends Dexie {
  drafts!: EntityTable<DraftRecord, 'flow'>;
  geoDepartements!: EntityTable<GeoDepartementsRecord, 'region'>;
  geoCommunes!: EntityTable<GeoCommunesRecord, 'departement'>;
  outbox!: EntityTable<OutboxEntry, 'key'>;

  constructor(name = 'chassimmo') {
    super(name);
    this.version(1).stores({
      drafts: 'flow',
      geoDepartements: 'region',
      geoCommunes: 'departement',
    });
    this.version(2).stores({
      outbox: 'key, status, flow',
    });
  }
}

/** The one shared instance. */
export const appDb = new AppDatabase();
