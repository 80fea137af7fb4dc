import { apiCache } from '../../db/api-cache.repo';
import type { BuyerProject } from '../../domain/buyer-signup.schema';

/**
 * Criteria edits made on this device that the server has not confirmed yet: the service
 * worker's outbox sends them (flow 'client-criteria'); this list only remembers what they said
 * and for which project, so the area shows them with their state across a reload. Kept with the
 * account's kept answers (cleared at sign-out), under a key no API path can take.
 */
export interface PendingCriteria {
  key: string;
  projectId: number;
  criteria: BuyerProject;
  at: number;
}

const LIST = 'device:pending-client-criteria';

async function read(userId: string): Promise<PendingCriteria[]> {
  const kept = await apiCache.read(userId, LIST);
  return Array.isArray(kept?.data) ? (kept.data as PendingCriteria[]) : [];
}

export const pendingCriteria = {
  read,
  async add(userId: string, edit: PendingCriteria): Promise<void> {
    await apiCache.write(userId, LIST, [...(await read(userId)), edit]);
  },
  async remove(userId: string, key: string): Promise<void> {
    await apiCache.write(
      userId,
      LIST,
      (await read(userId)).filter((e) => e.key !== key),
    );
  },
};
