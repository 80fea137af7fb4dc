import Dexie, { type EntityTable } from 'dexie';
import { APP_DATABASE_NAME } from './database-name';
import type { BasketLine } from '../domain/basket';
import type { GeoCommune, GeoDepartement } from '../domain/geography';
import type { OutboxEntry } from '../domain/outbox';

/**
 * What this device keeps in IndexedDB (DESIGN.md, offline model):
 * - drafts: each flow's step and answers (never a password), with the Idempotency-Key its
 *   submission will carry; kept until the server confirmed the submission;
 * - geoDepartements / geoCommunes: the geography lists, so a visit without network still offers
 *   them, with the time they were fetched;
 * - outbox: the state of each submission the service worker queued while offline (queued,
 *   sending, sent, failed with the server's message), and for a signed-in change (staff note,
 *   criteria, document) whose it is and what it said: the one place the page reads a change
 *   waiting on the device. The queued request itself, body included, lives in
 *   workbox-background-sync's own store until it is answered, then is deleted;
 * - basketLines: the shop basket (spec 3.8, 4.5; the design card keeps it here, not in
 *   localStorage), one row per product, written by src/db/basket.repo.ts only;
 * - apiCache: the last answer of each signed-in screen's GET, per account (below);
 * - draftPhotos: the photos of a report draft (issue 28), already prepared on the device (turned,
 *   1600 px at most, JPEG without EXIF or location: src/lib/photo/prepare-photo.ts), one row per
 *   photo with its draft's key and its place in the draft; written by src/db/draft-photos.repo.ts
 *   only, kept until the report and all its photos were sent.
 * The page and the service worker share this one database.
 */
/** A form's draft: one per public flow, one per visit report being written (by its device id). */
export type DraftFlow = 'owner' | 'buyer' | 'homestylz-checkout' | `visit-report:${string}`;

export interface DraftRecord {
  flow: DraftFlow;
  step: number;
  answers: Record<string, unknown>;
  /** Sent as Idempotency-Key; renewed only when the draft is edited after a final failure. */
  idempotencyKey: string;
  /** Set when the server refused the submission (4xx): the next edit gets a new key. */
  failedKey?: string;
  /**
   * The token of the copy kept on the server (« Continuer sur un autre appareil », issue 33):
   * each step change updates it. Not indexed, so no schema version.
   */
  copyToken?: string;
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
  /** The geography service's commune types the list holds (absent: current communes only). */
  types?: string;
}

/**
 * The last answer of a signed-in screen's GET (staff lists and fiches, the client area), so it
 * reads offline (DESIGN.md): keyed by the account and the path, with the time it was fetched.
 * Cleared at sign-out: a shared phone keeps nothing of the previous person.
 */
export interface ApiCacheRecord {
  key: string;
  userId: string;
  path: string;
  data: unknown;
  fetchedAt: number;
}

/** A basket line as stored: keyed by its product id, ordered by when it was first added. */
export interface BasketLineRecord extends BasketLine {
  productId: number;
  /** When the product was first added (ms, increasing): the order of the lines in the panel. */
  addedAt: number;
}

/**
 * A photo of a report draft: the prepared JPEG itself (IndexedDB keeps a Blob as it is), its
 * size in pixels and bytes, and its place among the draft's photos (0, 1, …).
 */
export interface DraftPhotoRecord {
  id: string;
  /** The key of the draft it belongs to, e.g. 'visit-report:<uuid>'. */
  draft: string;
  blob: Blob;
  width: number;
  height: number;
  /** Bytes of the blob. */
  size: number;
  position: number;
  addedAt: number;
}

export class AppDatabase extends Dexie {
  drafts!: EntityTable<DraftRecord, 'flow'>;
  geoDepartements!: EntityTable<GeoDepartementsRecord, 'region'>;
  geoCommunes!: EntityTable<GeoCommunesRecord, 'departement'>;
  outbox!: EntityTable<OutboxEntry, 'key'>;
  basketLines!: EntityTable<BasketLineRecord, 'productId'>;
  apiCache!: EntityTable<ApiCacheRecord, 'key'>;
  draftPhotos!: EntityTable<DraftPhotoRecord, 'id'>;

  constructor(name = APP_DATABASE_NAME) {
    super(name);
    this.version(1).stores({
      drafts: 'flow',
      geoDepartements: 'region',
      geoCommunes: 'departement',
    });
    this.version(2).stores({
      outbox: 'key, status, flow',
    });
    // Adds a table only: the tables above and their rows are kept as they are.
    this.version(3).stores({
      basketLines: 'productId',
    });
    this.version(4).stores({
      apiCache: 'key, userId, fetchedAt',
    });
    // Adds a table only, like version 3: the rows above are kept.
    this.version(5).stores({
      draftPhotos: 'id, draft',
    });
  }
}

/** The one shared instance. */
export const appDb = new AppDatabase();
