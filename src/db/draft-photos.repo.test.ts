import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase } from './database';
import {
  DRAFT_PHOTO_LIMIT,
  DraftPhotoLimitReached,
  createDraftPhotosRepo,
} from './draft-photos.repo';

let db: AppDatabase;
afterEach(async () => {
  db.close();
  await db.delete();
});

function fresh() {
  db = new AppDatabase(`draft-photos-${Math.random()}`);
  return createDraftPhotosRepo(db);
}

/** A photo of `bytes` bytes whose content says which it is. */
function photo(label: string, bytes = 100) {
  return {
    blob: new Blob([label.padEnd(bytes, '.')], { type: 'image/jpeg' }),
    width: 1600,
    height: 1067,
  };
}

const REPORT = 'visit-report:7d3f7c62-1c55-4c1e-9a52-0f0b0e0d1c2b';
const OTHER = 'visit-report:0b7c1b0e-8a44-4f55-8a0d-2f9d2e6a3b71';

describe('the photos of a report draft', () => {
  it('keeps each photo with its draft, in the order added, with its size and its bytes', async () => {
    const repo = fresh();
    const first = await repo.add(REPORT, photo('un', 120));
    await repo.add(OTHER, photo('autre', 50));
    await repo.add(REPORT, photo('deux', 80));
    const photos = await repo.list(REPORT);
    expect(photos.map((p) => [p.position, p.size, p.width, p.height, p.draft])).toEqual([
      [0, 120, 1600, 1067, REPORT],
      [1, 80, 1600, 1067, REPORT],
    ]);
    expect(photos[0]?.id).toBe(first.id);
    expect(await photos[1]?.blob.text()).toMatch(/^deux\./);
    expect(photos[1]?.blob.type).toBe('image/jpeg');
    expect(await repo.list(OTHER)).toHaveLength(1);
    expect(await repo.list('visit-report:none')).toEqual([]);
  });

  it(`refuses a photo past ${DRAFT_PHOTO_LIMIT} with a French message, and takes one again once one is removed`, async () => {
    const repo = fresh();
    const added = [];
    for (let i = 0; i < DRAFT_PHOTO_LIMIT; i++) added.push(await repo.add(REPORT, photo(`p${i}`)));
    const refused = repo.add(REPORT, photo('treizième'));
    await expect(refused).rejects.toBeInstanceOf(DraftPhotoLimitReached);
    await expect(refused).rejects.toThrow(
      'Un compte rendu a au plus 12 photos\u00a0: retirez-en une pour en ajouter une autre.',
    );
    expect(await repo.list(REPORT)).toHaveLength(DRAFT_PHOTO_LIMIT);
    // Another draft has its own twelve.
    await expect(repo.add(OTHER, photo('autre'))).resolves.toMatchObject({ position: 0 });

    await repo.remove(added[3]?.id ?? '');
    const last = await repo.add(REPORT, photo('nouvelle'));
    expect(last.position).toBe(DRAFT_PHOTO_LIMIT - 1);
  });

  it('counts two adds at once as two, the limit holding', async () => {
    const repo = fresh();
    for (let i = 0; i < DRAFT_PHOTO_LIMIT - 1; i++) await repo.add(REPORT, photo(`p${i}`));
    const results = await Promise.allSettled([
      repo.add(REPORT, photo('a')),
      repo.add(REPORT, photo('b')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const photos = await repo.list(REPORT);
    expect(photos.map((p) => p.position)).toEqual([...Array(DRAFT_PHOTO_LIMIT).keys()]);
  });

  it('removes one photo and keeps the others in their order, numbered from 0', async () => {
    const repo = fresh();
    const ids = [];
    for (const label of ['a', 'b', 'c', 'd']) ids.push((await repo.add(REPORT, photo(label))).id);
    await repo.remove(ids[1] ?? '');
    await repo.remove(ids[0] ?? '');
    const photos = await repo.list(REPORT);
    expect(photos.map((p) => p.id)).toEqual([ids[2], ids[3]]);
    expect(photos.map((p) => p.position)).toEqual([0, 1]);
    expect(await Promise.all(photos.map(async (p) => (await p.blob.text())[0]))).toEqual([
      'c',
      'd',
    ]);
    // Removing one that is gone changes nothing.
    await repo.remove(ids[0] ?? '');
    expect(await repo.list(REPORT)).toHaveLength(2);
  });

  it('removes all the photos of one draft only, and counts the bytes per draft and in all', async () => {
    const repo = fresh();
    await repo.add(REPORT, photo('a', 300));
    await repo.add(REPORT, photo('b', 200));
    await repo.add(OTHER, photo('c', 1000));
    expect(await repo.bytes(REPORT)).toBe(500);
    expect(await repo.bytes(OTHER)).toBe(1000);
    expect(await repo.bytes()).toBe(1500);
    await repo.removeAll(REPORT);
    expect(await repo.list(REPORT)).toEqual([]);
    expect(await repo.bytes(REPORT)).toBe(0);
    expect(await repo.bytes()).toBe(1000);
    expect(await repo.list(OTHER)).toHaveLength(1);
  });
});
