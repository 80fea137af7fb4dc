import { isEntryOfReport } from '../domain/outbox';
import { appDb, type AppDatabase, type DraftFlow } from './database';

/**
 * The visit reports being written on this device (issue 28): each is a long-form draft named
 * `visit-report:<ref>` (its device id, which its photos' uploads carry too) with its photos in
 * draftPhotos. A report and its photos leave the device only once the server has them all.
 */

const PREFIX = 'visit-report:';

/** The draft of the report `ref`. */
export const reportDraftKey = (ref: string): DraftFlow => `${PREFIX}${ref}`;

/** What the screens list of a report draft. */
export interface ReportDraftSummary {
  ref: string;
  buyerId: string;
  buyerName: string;
  address: string;
  step: number;
  photos: number;
  updatedAt: number;
  /** The Idempotency-Key its sending carries (to find it in the outbox). */
  key: string;
}

export function createVisitDrafts(db: AppDatabase) {
  return {
    /** The reports being written on this device, for one buyer or all, the latest first. */
    async list(buyerId?: string): Promise<ReportDraftSummary[]> {
      const drafts = await db.drafts.filter((d) => d.flow.startsWith(PREFIX)).toArray();
      const summaries = await Promise.all(
        drafts.map(async (d) => {
          const a = d.answers;
          return {
            ref: d.flow.slice(PREFIX.length),
            buyerId: typeof a.buyerId === 'string' ? a.buyerId : '',
            buyerName: typeof a.buyerName === 'string' ? a.buyerName : '',
            address: typeof a.address === 'string' ? a.address : '',
            step: d.step,
            photos: await db.draftPhotos.where('draft').equals(d.flow).count(),
            updatedAt: d.updatedAt,
            key: d.idempotencyKey,
          };
        }),
      );
      return summaries
        .filter((s) => buyerId === undefined || s.buyerId === buyerId)
        .sort((a, b) => b.updatedAt - a.updatedAt);
    },

    /** The report and its photos leave the device (sent, or thrown away). */
    async remove(ref: string): Promise<void> {
      const flow = reportDraftKey(ref);
      await db.transaction('rw', db.drafts, db.draftPhotos, async () => {
        await db.drafts.delete(flow);
        await db.draftPhotos.where('draft').equals(flow).delete();
      });
    },

    /**
     * Once the outbox has sent one of the report's requests: when nothing of the report waits
     * or was refused any more, the server has it all, and its draft and photos go. Answers
     * whether it went.
     */
    async settle(ref: string): Promise<boolean> {
      const flow = reportDraftKey(ref);
      return db.transaction('rw', db.drafts, db.draftPhotos, db.outbox, async () => {
        const entries = (await db.outbox.toArray()).filter((e) => isEntryOfReport(e, ref));
        if (entries.length === 0 || entries.some((e) => e.status !== 'sent')) return false;
        await db.drafts.delete(flow);
        await db.draftPhotos.where('draft').equals(flow).delete();
        return true;
      });
    },
  };
}

const visitDrafts = createVisitDrafts(appDb);
export const listReportDrafts = visitDrafts.list;
export const removeReportDraft = visitDrafts.remove;
export const settleReportDraft = visitDrafts.settle;
