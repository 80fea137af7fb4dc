import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from './database';
import {
  clearDraft,
  clearDraftIfKey,
  draftStorageFailure,
  markDraftFailed,
  readDraft,
  saveDraft,
  withoutSecrets,
} from './drafts.repo';

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  // clearDraft also forgets the answers a failed save left waiting in memory.
  await Promise.all([clearDraft('owner'), clearDraft('buyer')]);
});

describe('draft repository', () => {
  it('creates the draft with a key on the first save and merges later answers', async () => {
    const first = await saveDraft('owner', {
      step: 2,
      answers: { propertyType: 'Résidence principale' },
    });
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const second = await saveDraft('owner', { step: 3, answers: { bienCount: 2 } });
    expect(second).toMatchObject({
      step: 3,
      answers: { propertyType: 'Résidence principale', bienCount: 2 },
    });
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    expect(await readDraft('owner')).toEqual(second);
  });

  it('keeps the step alone when only the step moves', async () => {
    await saveDraft('owner', { step: 4, answers: { department: '94' } });
    const moved = await saveDraft('owner', { step: 5 });
    expect(moved).toMatchObject({ step: 5, answers: { department: '94' } });
  });

  it('keeps the two flows apart', async () => {
    await saveDraft('owner', { answers: { city: 'Vincennes' } });
    await saveDraft('buyer', { answers: { budget: 300000 } });
    expect((await readDraft('owner'))?.answers).toEqual({ city: 'Vincennes' });
    expect((await readDraft('buyer'))?.answers).toEqual({ budget: 300000 });
  });

  it('never stores a password, at any depth', async () => {
    await saveDraft('buyer', {
      answers: {
        user: { email: 'a@b.fr', password: 'Secret12', passwordConfirm: 'Secret12' },
        password: 'x',
      },
    });
    const stored = await readDraft('buyer');
    expect(stored?.answers).toEqual({ user: { email: 'a@b.fr' } });
    expect(JSON.stringify(await appDb.drafts.toArray())).not.toContain('Secret12');
    expect(withoutSecrets([{ Password: 1, ok: 2 }])).toEqual([{ ok: 2 }]);
  });

  it('renews the key only when the draft is edited after a final failure', async () => {
    const draft = await saveDraft('owner', { answers: { city: 'Vincennes' } });
    await markDraftFailed('owner', draft.idempotencyKey);
    const moved = await saveDraft('owner', { step: 6 });
    expect(moved.idempotencyKey).toBe(draft.idempotencyKey);
    const edited = await saveDraft('owner', { answers: { city: 'Montreuil' } });
    expect(edited.idempotencyKey).not.toBe(draft.idempotencyKey);
    expect(edited.failedKey).toBeUndefined();
    const again = await saveDraft('owner', { answers: { city: 'Bagnolet' } });
    expect(again.idempotencyKey).toBe(edited.idempotencyKey);
  });

  it('is gone once cleared', async () => {
    await saveDraft('owner', { answers: { city: 'Vincennes' } });
    await clearDraft('owner');
    expect(await readDraft('owner')).toBeUndefined();
  });
});

describe('clearDraftIfKey', () => {
  it('clears the draft whose submission was confirmed, not one edited since', async () => {
    const draft = await saveDraft('owner', { answers: { city: 'Vincennes' } });
    await clearDraftIfKey('owner', 'another-key');
    expect(await readDraft('owner')).toBeDefined();
    await clearDraftIfKey('owner', draft.idempotencyKey);
    expect(await readDraft('owner')).toBeUndefined();
  });
});

/** fake-indexeddb's transaction: `_abort` is how it aborts one with a given error name. */
type FakeTransaction = IDBTransaction & { _abort(name: string): void };

/**
 * The device refuses the next draft writes the way Chromium does when the quota is reached: the
 * put is accepted, then the transaction aborts at commit with a QuotaExceededError.
 */
function quotaAtCommit() {
  const put = IDBObjectStore.prototype.put;
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    const request = put.apply(this, args);
    const transaction = this.transaction as FakeTransaction;
    request.addEventListener('success', () => transaction._abort('QuotaExceededError'));
    return request;
  });
}

/** The put itself throws, as some browsers do when the disk is full. */
function quotaOnPut() {
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
}

describe('draftStorageFailure', () => {
  it('calls a quota error full, bare or as the cause of the abort Dexie reports', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(draftStorageFailure(quota)).toBe('full');
    expect(draftStorageFailure(new Dexie.QuotaExceededError(quota))).toBe('full');
    expect(draftStorageFailure(new Dexie.AbortError(quota))).toBe('full');
    expect(draftStorageFailure({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe('full');
  });

  it('calls anything else refused', () => {
    expect(draftStorageFailure(new Dexie.AbortError())).toBe('refused');
    expect(draftStorageFailure(new Dexie.DatabaseClosedError())).toBe('refused');
    expect(draftStorageFailure(new Dexie.MissingAPIError())).toBe('refused');
    expect(draftStorageFailure(new DOMException('Blocked.', 'InvalidStateError'))).toBe('refused');
    expect(draftStorageFailure(new DOMException('Denied.', 'SecurityError'))).toBe('refused');
    expect(draftStorageFailure(new TypeError('indexedDB is undefined'))).toBe('refused');
    expect(draftStorageFailure(undefined)).toBe('refused');
    expect(draftStorageFailure('QuotaExceededError')).toBe('refused');
  });
});

describe('a device that does not store the draft', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    if (!appDb.isOpen()) await appDb.open();
  });

  it('rejects with an error read as full when the quota aborts the commit', async () => {
    quotaAtCommit();
    const error = await saveDraft('owner', { step: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError', inner: { name: 'QuotaExceededError' } });
    expect(draftStorageFailure(error)).toBe('full');
    expect(await readDraft('owner')).toBeUndefined();
  });

  it('rejects with an error read as full when the put itself hits the quota', async () => {
    quotaOnPut();
    const error = await saveDraft('owner', { step: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'QuotaExceededError' });
    expect(draftStorageFailure(error)).toBe('full');
  });

  it('rejects with an error read as refused when the database cannot be used', async () => {
    appDb.close({ disableAutoOpen: true });
    const closed = await saveDraft('owner', { step: 2 }).catch((e: unknown) => e);
    expect(closed).toMatchObject({ name: 'DatabaseClosedError' });
    expect(draftStorageFailure(closed)).toBe('refused');
    await appDb.open();

    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore) {
      this.transaction.abort();
      throw new DOMException('The transaction was aborted.', 'TransactionInactiveError');
    });
    const aborted = await saveDraft('owner', { step: 2 }).catch((e: unknown) => e);
    expect(draftStorageFailure(aborted)).toBe('refused');
  });

  it('stores the answers of failed saves with the next save the device accepts', async () => {
    await saveDraft('owner', { step: 2, answers: { propertyType: 'Résidence principale' } });
    const full = quotaAtCommit();
    await expect(saveDraft('owner', { answers: { bienCount: 2 } })).rejects.toBeDefined();
    await expect(saveDraft('owner', { step: 3 })).rejects.toBeDefined();
    await expect(saveDraft('owner', { answers: { department: '94' } })).rejects.toBeDefined();
    expect(await readDraft('owner')).toMatchObject({ step: 2 });

    full.mockRestore(); // space freed
    const saved = await saveDraft('owner', { step: 4 });
    expect(saved).toMatchObject({
      step: 4,
      answers: { propertyType: 'Résidence principale', bienCount: 2, department: '94' },
    });
    expect(await readDraft('owner')).toEqual(saved);

    // Once stored, they are not sent again.
    await clearDraft('owner');
    expect((await saveDraft('owner', { step: 5 })).answers).toEqual({});
  });

  it('forgets the answers not stored when the person starts again', async () => {
    const full = quotaAtCommit();
    await expect(saveDraft('buyer', { answers: { budget: 300000 } })).rejects.toBeDefined();
    full.mockRestore();
    await clearDraft('buyer');
    expect((await saveDraft('buyer', { step: 2 })).answers).toEqual({});
  });

  it('never keeps a password among the answers waiting for the next save', async () => {
    const full = quotaAtCommit();
    await expect(
      saveDraft('buyer', { answers: { email: 'a@b.fr', password: 'Secret12' } }),
    ).rejects.toBeDefined();
    full.mockRestore();
    const saved = await saveDraft('buyer', { step: 3 });
    expect(saved.answers).toEqual({ email: 'a@b.fr' });
  });
});
