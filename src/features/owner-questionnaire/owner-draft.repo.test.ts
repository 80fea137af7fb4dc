import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../db/database';
import {
  clearOwnerDraft,
  finishOwnerDraft,
  keyForSubmission,
  markOwnerSubmissionRefused,
  readOwnerDraft,
  saveOwnerDraft,
} from './owner-draft.repo';

beforeEach(async () => {
  await appDb.drafts.clear();
});

describe('owner draft repository', () => {
  it('reads nothing before the first answer, then the step and answers saved', async () => {
    expect(await readOwnerDraft()).toBeNull();
    expect(await saveOwnerDraft({ step: 4, answers: { department: '94' } })).toBe(true);
    expect(await saveOwnerDraft({ answers: { city: 'Vincennes' } })).toBe(true);
    expect(await readOwnerDraft()).toEqual({
      step: 4,
      answers: { department: '94', city: 'Vincennes' },
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
