import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../db/database';
import { flowDraft } from './draft';
import { mayHoldDraft, readDraftOnDevice } from './draft-on-device';

const draft = flowDraft('owner');

afterEach(() => vi.restoreAllMocks());

describe('a draft read on opening', () => {
  it('loads no store on a device without the app’s database, and reads the saved draft once it exists', async () => {
    const load = vi.fn(async () => draft);
    const read = readDraftOnDevice(load);
    await appDb.delete();
    expect(await mayHoldDraft()).toBe(false);
    expect(await read()).toBeNull();
    expect(load).not.toHaveBeenCalled();

    // The person starts: the questions open the database and save.
    await appDb.open();
    expect(await draft.save({ step: 5, answers: { department: '94' } })).toBe('ok');
    expect(await mayHoldDraft()).toBe(true);
    expect(await read()).toMatchObject({ step: 5, answers: { department: '94' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks the database itself when the browser cannot list its databases', async () => {
    vi.spyOn(indexedDB, 'databases').mockRejectedValue(
      new DOMException('non', 'InvalidStateError'),
    );
    expect(await mayHoldDraft()).toBe(true);
  });
});
