import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { appDb } from './database';
import {
  clearDraft,
  clearDraftIfKey,
  markDraftFailed,
  readDraft,
  saveDraft,
  withoutSecrets,
} from './drafts.repo';

beforeEach(async () => {
  await appDb.drafts.clear();
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
