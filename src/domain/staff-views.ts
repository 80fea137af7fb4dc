import type { TodayExtras } from './api/today';
import type { PlannedVisitView } from './api/visits';
import type { Page } from './api/lists';
import type { ProjectStage } from './project';
import type { ProjectView } from './project-view';
import type { LeadStatus } from './staff';
import type { User } from './user.schema';

/**
 * What the staff API answers (docs/staff-area.md): written once, for the server that builds
 * these answers and the screens of /wh-dashboard that read them.
 */

/** A page of a staff list (src/domain/api/lists.ts `Page`). */
export type StaffPage<T> = Page<T>;

/** GET /staff/buyers: one row per project. */
export interface BuyerRow {
  projectId: number;
  userId: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  stage: ProjectStage;
  stageLabel: string;
  /** The project's version: a stage move from the pipeline carries it (409 when stale). */
  version: number;
  departments: string[];
  cities: string[];
  budget: number;
  hunterId: string | null;
  hunterName: string | null;
  createdAt: string;
  isArchived: boolean;
  /** The person deleted the account (issue 16): what is shown is anonymised. */
  isDeleted: boolean;
}

export interface StageMoveView {
  id: number;
  projectId: number;
  from: string;
  fromLabel: string;
  to: string;
  toLabel: string;
  byName: string | null;
  note: string;
  at: string;
}

export interface NoteView {
  id: number;
  text: string;
  visibleToClient: boolean;
  authorName: string | null;
  createdAt: string;
}

/** One staff action on a record (who, what, before → after, when). */
export interface AuditView {
  id: number;
  action: string;
  actorName: string | null;
  before: unknown;
  after: unknown;
  at: string;
  /**
   * « Prénom Nom » of the people the entry names by id (the hunter of an assignment), so the
   * history can say « Affecté à Karim Benali » (src/domain/audit-wording.ts).
   */
  names?: Record<string, string>;
}

/**
 * GET /staff/buyers/:userId. `user.version` is the account's version: an assignment carries it
 * (src/domain/api/buyers.ts, 409 when stale).
 */
export interface BuyerFiche {
  user: User & { version: number };
  hunter: { id: string; name: string; email: string; phone: string } | null;
  projects: (ProjectView & { version: number })[];
  moves: StageMoveView[];
  notes: NoteView[];
  audit: AuditView[];
}

/** GET /staff/leads: one row per owner lead, with its first property. */
export interface LeadRow {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  status: LeadStatus;
  statusLabel: string;
  hunterId: string | null;
  hunterName: string | null;
  createdAt: string;
  version: number;
  city: string | null;
  department: string | null;
  propertyType: string | null;
  typeBien: string | null;
  surface: string | null;
  price: number | null;
}

/** GET /staff/today */
export interface TodayProject {
  projectId: number;
  userId: string;
  firstname: string;
  lastname: string;
  phone: string;
  departments: string[];
  budget: number;
  createdAt: string;
  hunterId: string | null;
  hunterName: string | null;
  deadline: string;
  overdue: boolean;
}

export interface TodayLead {
  id: number;
  firstname: string;
  lastname: string;
  phone: string;
  city: string | null;
  createdAt: string;
  hunterId: string | null;
  hunterName: string | null;
  deadline: string;
  overdue: boolean;
}

/** A visit of the day (issue 28), with the buyer to call and the report written from it. */
export interface TodayVisit extends PlannedVisitView {
  buyerName: string;
  buyerPhone: string;
}

export interface TodayView extends TodayExtras {
  projects: TodayProject[];
  leads: TodayLead[];
  /** The day's visits (Paris time), earliest first. */
  visits: TodayVisit[];
}
