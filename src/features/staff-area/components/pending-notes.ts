import { apiCache } from '../../../db/api-cache.repo';

/**
 * Notes written on this device that the server has not confirmed yet: the service worker's
 * outbox sends them (flow 'staff-note'), this list only remembers what they said and on which
 * record, so a fiche shows them with their status across a reload. Kept with the account's
 * kept answers (cleared at sign-out), under a key no API path can take.
 */
export interface PendingNote {
  key: string;
  recordType: 'buyer' | 'owner';
  recordId: string;
  text: string;
  visibleToClient: boolean;
  at: number;
}

const LIST = 'device:pending-staff-notes';

async function read(userId: string): Promise<PendingNote[]> {
  const kept = await apiCache.read(userId, LIST);
  return Array.isArray(kept?.data) ? (kept.data as PendingNote[]) : [];
}

export const pendingNotes = {
  read,
  async add(userId: string, note: PendingNote): Promise<void> {
    await apiCache.write(userId, LIST, [...(await read(userId)), note]);
  },
  async remove(userId: string, key: string): Promise<void> {
    await apiCache.write(
      userId,
      LIST,
      (await read(userId)).filter((n) => n.key !== key),
    );
  },
};
