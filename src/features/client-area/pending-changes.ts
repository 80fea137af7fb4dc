import { apiCache } from '../../db/api-cache.repo';
import type { BuyerProject } from '../../domain/buyer-signup.schema';
import type { DocumentKind } from '../../domain/client-documents';

/**
 * Changes made on this device that the server has not confirmed yet: the service worker's
 * outbox sends them; these lists only remember what they were, so the area shows them with
 * their state across a reload. Kept with the account's kept answers (cleared at sign-out), under
 * keys no API path can take.
 */
function pendingList<T extends { key: string }>(list: string) {
  async function read(userId: string): Promise<T[]> {
    const kept = await apiCache.read(userId, list);
    return Array.isArray(kept?.data) ? (kept.data as T[]) : [];
  }
  return {
    read,
    async add(userId: string, entry: T): Promise<void> {
      await apiCache.write(userId, list, [...(await read(userId)), entry]);
    },
    async remove(userId: string, key: string): Promise<void> {
      await apiCache.write(
        userId,
        list,
        (await read(userId)).filter((e) => e.key !== key),
      );
    },
  };
}

/** A criteria edit (flow 'client-criteria'): what it said and for which project. */
export interface PendingCriteria {
  key: string;
  projectId: number;
  criteria: BuyerProject;
  at: number;
}

export const pendingCriteria = pendingList<PendingCriteria>('device:pending-client-criteria');

/** A document's upload (flow 'client-document'): which one, and the file's name and size. */
export interface PendingDocument {
  key: string;
  kind: DocumentKind;
  fileName: string;
  size: number;
  at: number;
}

export const pendingDocuments = pendingList<PendingDocument>('device:pending-client-documents');
