import { appDb, type AppDatabase, type DraftPhotoRecord } from './database';

export type { DraftPhotoRecord };

/**
 * The photos of a report draft, on the device (issue 28): kept in IndexedDB with the draft, so a
 * report with photos survives a reload, a closed tab and a night without network. A photo is
 * stored as prepared (src/lib/photo/prepare-photo.ts). Each change runs in one 'rw' transaction
 * on draftPhotos: two tabs adding at once are run one after the other, so the limit and the
 * positions hold. Offline changes nothing: it is this device's own store.
 */

/** Photos a report may hold (issue 28). */
export const DRAFT_PHOTO_LIMIT = 12;

/** A photo more than the report may hold. */
export class DraftPhotoLimitReached extends Error {
  override name = 'DraftPhotoLimitReached';
  constructor() {
    super(
      `Un compte rendu a au plus ${DRAFT_PHOTO_LIMIT} photos\u00a0: retirez-en une pour en ajouter une autre.`,
    );
  }
}

/** A photo made ready on the device: the JPEG and its size in pixels. */
export interface DraftPhotoInput {
  blob: Blob;
  width: number;
  height: number;
}

export interface DraftPhotosRepo {
  /** Adds the photo last in the draft; refuses a photo past DRAFT_PHOTO_LIMIT. */
  add(draft: string, photo: DraftPhotoInput): Promise<DraftPhotoRecord>;
  /** The draft's photos in their order. */
  list(draft: string): Promise<DraftPhotoRecord[]>;
  /** Removes one photo; the others keep their order, numbered again from 0. */
  remove(id: string): Promise<void>;
  /** Removes all the draft's photos (the report was sent, or the draft thrown away). */
  removeAll(draft: string): Promise<void>;
  /** Bytes the photos take: of one draft, or of all drafts. */
  bytes(draft?: string): Promise<number>;
}

export function createDraftPhotosRepo(db: AppDatabase): DraftPhotosRepo {
  const ofDraft = (draft: string) => db.draftPhotos.where('draft').equals(draft);

  return {
    add: (draft, photo) =>
      db.transaction('rw', db.draftPhotos, async () => {
        const photos = await ofDraft(draft).toArray();
        if (photos.length >= DRAFT_PHOTO_LIMIT) throw new DraftPhotoLimitReached();
        const record: DraftPhotoRecord = {
          id: crypto.randomUUID(),
          draft,
          blob: photo.blob,
          width: photo.width,
          height: photo.height,
          size: photo.blob.size,
          position: Math.max(-1, ...photos.map((p) => p.position)) + 1,
          addedAt: Date.now(),
        };
        await db.draftPhotos.add(record);
        return record;
      }),

    list: (draft) => ofDraft(draft).sortBy('position'),

    remove: (id) =>
      db.transaction('rw', db.draftPhotos, async () => {
        const photo = await db.draftPhotos.get(id);
        if (!photo) return;
        await db.draftPhotos.delete(id);
        const rest = await ofDraft(photo.draft).sortBy('position');
        await db.draftPhotos.bulkPut(
          rest.flatMap((p, position) => (p.position === position ? [] : [{ ...p, position }])),
        );
      }),

    removeAll: async (draft) => {
      await ofDraft(draft).delete();
    },

    bytes: async (draft) => {
      let total = 0;
      await (draft === undefined ? db.draftPhotos.toCollection() : ofDraft(draft)).each((p) => {
        total += p.size;
      });
      return total;
    },
  };
}

/** The draft photos of this device (the app's one database). */
export const draftPhotosRepo = createDraftPhotosRepo(appDb);

export const addDraftPhoto = (draft: string, photo: DraftPhotoInput) =>
  draftPhotosRepo.add(draft, photo);
export const listDraftPhotos = (draft: string) => draftPhotosRepo.list(draft);
export const removeDraftPhoto = (id: string) => draftPhotosRepo.remove(id);
export const removeDraftPhotos = (draft: string) => draftPhotosRepo.removeAll(draft);
export const draftPhotosBytes = (draft?: string) => draftPhotosRepo.bytes(draft);
