import type { ProjectStage } from './project';

/**
 * What the admins' and the figures' staff API answers (docs/staff-area.md): written once, for
 * the server that builds these answers (server/resources/figures/figures.routes.ts, server/mail/mail-queue.ts)
 * and the screens « Chiffres » and « Courriels » that read them.
 */

/** GET /staff/figures, in the caller's scope: 'agence' for supervisors, 'personnel' for a chasseur. */
export interface StaffFigures {
  scope: 'agence' | 'personnel';
  projectsByStage: { stage: ProjectStage; label: string; count: number }[];
  /** 12 weeks, oldest first; `weekStart`: the Monday, 'YYYY-MM-DD' (UTC). */
  leadsPerWeek: { weekStart: string; leads: number }[];
  /**
   * Owner leads of the last 90 days whose 48 hours are over (`due`), and those first contacted
   * within them (`onTime`); `share` is null when none is due.
   */
  contactedWithin48h: { due: number; onTime: number; share: number | null };
  perHunter: {
    hunterId: string;
    name: string;
    openProjects: number;
    leadsDue: number;
    share: number | null;
  }[];
}

/** A mail's state in the durable queue (server/db/schema.ts `mail_queue.status`). */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** GET /admin/mails: one mail of the queue, without its body. */
export interface QueuedMailRow {
  id: number;
  messageId: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}
