// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../db/database';
import { getOutboxEntry, recordQueued, saveOutboxEntry } from '../../db/outbox.repo';
import type { OutboxChange } from '../../domain/outbox';
import { usePendingChanges } from './use-pending-changes';

const note = (text: string, recordId = 'b1'): OutboxChange => ({
  flow: 'staff-note',
  recordType: 'buyer',
  recordId,
  text,
  visibleToClient: false,
});

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await appDb.outbox.clear();
});
afterEach(() => cleanup());

async function settle(key: string, status: 'sent' | 'failed', message?: string) {
  const entry = (await getOutboxEntry(key))!;
  await saveOutboxEntry({ ...entry, status, ...(message ? { message } : {}) });
}

describe('usePendingChanges: the changes waiting in the outbox, as a screen shows them', () => {
  it('lists the account’s waiting changes of the flow, live, and says once when one arrives', async () => {
    const arrived = vi.fn();
    await recordQueued('k-note-a', 'staff-note', 'A', { owner: 'hunter', change: note('A') });
    await recordQueued('k-note-other', 'staff-note', 'B', { owner: 'other', change: note('B') });
    await recordQueued('k-form', 'owner', 'a@b.fr');
    const { result } = renderHook(() => usePendingChanges('hunter', 'staff-note', arrived));
    await waitFor(() => expect(result.current.map((e) => e.key)).toEqual(['k-note-a']));
    expect(result.current[0]?.change.text).toBe('A');

    await recordQueued('k-note-c', 'staff-note', 'C', { owner: 'hunter', change: note('C') });
    await waitFor(() => expect(result.current.map((e) => e.key)).toEqual(['k-note-a', 'k-note-c']));

    await settle('k-note-a', 'sent');
    await waitFor(() => expect(result.current.map((e) => e.key)).toEqual(['k-note-c']));
    expect(arrived).toHaveBeenCalledTimes(1);
  });

  it('keeps a refusal on screen with its message until it is hidden, without calling it arrived', async () => {
    const arrived = vi.fn();
    await recordQueued('k-note-r', 'staff-note', 'R', { owner: 'hunter', change: note('R') });
    const { result } = renderHook(() => usePendingChanges('hunter', 'staff-note', arrived));
    await waitFor(() => expect(result.current).toHaveLength(1));
    await settle('k-note-r', 'failed', 'Fiche introuvable.');
    await waitFor(() => expect(result.current[0]?.status).toBe('failed'));
    expect(result.current[0]?.message).toBe('Fiche introuvable.');
    await appDb.outbox.update('k-note-r', { hidden: true });
    await waitFor(() => expect(result.current).toHaveLength(0));
    expect(arrived).not.toHaveBeenCalled();
  });

  it('does not call a change sent before the screen opened an arrival', async () => {
    const arrived = vi.fn();
    await recordQueued('k-old', 'staff-note', 'O', { owner: 'hunter', change: note('O') });
    await settle('k-old', 'sent');
    const { result } = renderHook(() => usePendingChanges('hunter', 'staff-note', arrived));
    await waitFor(() => expect(result.current).toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(arrived).not.toHaveBeenCalled();
  });
});
