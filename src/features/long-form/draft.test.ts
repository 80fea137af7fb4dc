import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../db/database';
import { flowDraft } from './draft';

/** The owner questionnaire's draft store, as the flow uses it. */
const draft = flowDraft('owner');
const clearOwnerDraft = draft.clear;
const finishOwnerDraft = draft.finish;
const keyForSubmission = draft.keyFor;
const markOwnerSubmissionRefused = draft.markRefused;
const readOwnerDraft = draft.read;
const saveOwnerDraft = draft.save;

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await clearOwnerDraft();
});
afterEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
});

describe('owner draft repository', () => {
  it('reads nothing before the first answer, then the step and answers saved', async () => {
    expect(await readOwnerDraft()).toBeNull();
    expect(await saveOwnerDraft({ step: 4, answers: { department: '94' } })).toBe('ok');
    expect(await saveOwnerDraft({ answers: { city: 'Vincennes' } })).toBe('ok');
    expect(await readOwnerDraft()).toEqual({
      step: 4,
      answers: { department: '94', city: 'Vincennes' },
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('sends the draft’s key again after a network failure, a new one after a refusal', async () => {
    await saveOwnerDraft({ step: 15, answers: { surface: 2 } });
    const first = await keyForSubmission({ email: 'a@exemple.fr' });
    expect(await keyForSubmission({ email: 'a@exemple.fr' })).toBe(first);

    await markOwnerSubmissionRefused(first);
    const second = await keyForSubmission({ email: 'b@exemple.fr' });
    expect(second).not.toBe(first);
    expect((await readOwnerDraft()) as { answers: unknown }).toMatchObject({
      answers: { surface: 2, email: 'b@exemple.fr' },
    });
  });

  it('is cleared by a confirmation of its own key only, and by starting again', async () => {
    const key = await keyForSubmission({ email: 'a@exemple.fr' });
    await finishOwnerDraft('une-autre-cle-0000');
    expect(await readOwnerDraft()).not.toBeNull();
    await finishOwnerDraft(key);
    expect(await readOwnerDraft()).toBeNull();

    await saveOwnerDraft({ step: 3 });
    await clearOwnerDraft();
    expect(await readOwnerDraft()).toBeNull();
  });
});

describe('owner draft on a device that does not store', () => {
  it('says full when the quota is reached, then ok with every answer once space is freed', async () => {
    await saveOwnerDraft({ step: 2, answers: { propertyType: 'Investissement locatif' } });
    const full = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(await saveOwnerDraft({ answers: { bienCount: 3 } })).toBe('full');
    expect(await saveOwnerDraft({ step: 3 })).toBe('full');

    full.mockRestore();
    expect(await saveOwnerDraft({ answers: { department: '92' } })).toBe('ok');
    expect(await readOwnerDraft()).toEqual({
      step: 3,
      answers: { propertyType: 'Investissement locatif', bienCount: 3, department: '92' },
      key: expect.any(String),
    });
  });

  it('says refused when the browser gives no database, for reading and saving', async () => {
    appDb.close({ disableAutoOpen: true });
    expect(await readOwnerDraft()).toBe('refused');
    expect(await saveOwnerDraft({ step: 2 })).toBe('refused');
    // The submission still gets a key, the same for a retry.
    const key = await keyForSubmission({ email: 'a@exemple.fr' });
    expect(await keyForSubmission({ email: 'a@exemple.fr' })).toBe(key);
    await clearOwnerDraft();
  });
});
