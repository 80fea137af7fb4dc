import { z } from 'zod';
import { KEPT_DEPARTMENTS } from '../geography';

/**
 * Routing and reminders (issue 31): how each new owner lead and buyer project finds its hunter,
 * and the reminders that keep the 48-hour promise. Written once, for server/resources/routing
 * and the staff screens.
 *
 * - 'manual': the managers assign by hand (as before issue 31; the default).
 * - 'round-robin': the active, present hunter covering the record's department who was given a
 *   record longest ago receives it.
 * - 'claim': the record waits for the first covering hunter who says « Je le prends ».
 * Nobody eligible: the record is left to the managers, as with 'manual'.
 */
export const routingRules = ['manual', 'round-robin', 'claim'] as const;
export type RoutingRule = (typeof routingRules)[number];

export const routingRuleLabels: Record<RoutingRule, string> = {
  manual: 'Attribution par un manager',
  'round-robin': 'Tour de rôle entre les chasseurs du département',
  claim: 'Premier qui le prend («\u00a0Je le prends\u00a0»)',
};

/** The reminders: the hunter 24 h after a record arrives, the managers at 40 h (promise: 48 h). */
export const HUNTER_REMINDER_HOURS = 24;
export const MANAGER_REMINDER_HOURS = 40;

/** GET: the rule; PUT (managers): choose it. */
export const ROUTING_PATH = '/api/staff/routing';
export const routingSettingsSchema = z.object({
  rule: z.enum(routingRules, { error: 'Choisissez une règle d’attribution.' }),
});
export type RoutingSettings = z.infer<typeof routingSettingsSchema>;
export interface RoutingSettingsResponse {
  rule: RoutingRule;
  updatedAt: string | null;
}

/** GET, PUT: a hunter's departments and « absent » flag (the hunter or a manager). */
export const HUNTER_AVAILABILITY_PATH = '/api/staff/hunters/:hunterId/availability';
export const hunterAvailabilityPath = (hunterId: string) =>
  HUNTER_AVAILABILITY_PATH.replace(':hunterId', encodeURIComponent(hunterId));
export const hunterAvailabilitySchema = z.object({
  departments: z
    .array(z.enum(KEPT_DEPARTMENTS, { error: 'Département non couvert.' }))
    .max(KEPT_DEPARTMENTS.length),
  absent: z.boolean({ error: 'Dites si le chasseur est absent.' }),
});
export type HunterAvailability = z.infer<typeof hunterAvailabilitySchema>;

/** POST « Je le prends » (a hunter, rule 'claim'): the record becomes theirs if still free. */
export const claimRecordTypes = ['buyer', 'owner'] as const;
export type ClaimRecordType = (typeof claimRecordTypes)[number];
export const CLAIM_PATH = '/api/staff/claims/:recordType/:recordId';
export const claimPath = (recordType: ClaimRecordType, recordId: string | number) =>
  CLAIM_PATH.replace(':recordType', recordType).replace(
    ':recordId',
    encodeURIComponent(String(recordId)),
  );
export interface ClaimResponse {
  recordType: ClaimRecordType;
  recordId: string;
  hunterId: string;
}

/** GET: the caller's notifications, newest first. */
export const NOTIFICATIONS_PATH = '/api/staff/notifications';
export const NOTIFICATIONS_SHOWN = 100;
/**
 * What a notification says: a reminder (24 h to the hunter, 40 h to the managers), or a
 * rapprochement — 'match-lead': a new owner lead fits some of the hunter's buyers (the record is
 * the lead); 'match-buyer': a new buyer's search fits owner leads (the record is the buyer);
 * 'proposal-answer': the client answered a property proposed to them (the record is the buyer).
 */
export type NotificationKind =
  'reminder-hunter' | 'reminder-managers' | 'match-lead' | 'match-buyer' | 'proposal-answer';
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  recordType: ClaimRecordType;
  recordId: string;
  /** The record's name now (null once erased); the stored text names nobody. */
  recordName: string | null;
  text: string;
  createdAt: string;
  readAt: string | null;
}
export interface NotificationsResponse {
  notifications: NotificationView[];
  /** How many of the caller's notifications are unread (all of them, not only those shown). */
  unread?: number;
}

/** Read notifications: these ids, or all the caller's when `ids` is left out (POST). */
export const NOTIFICATIONS_READ_PATH = '/api/staff/notifications/read';
export const notificationsReadSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'Indiquez les notifications lues.' })
    .max(NOTIFICATIONS_SHOWN)
    .optional(),
});
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;
export interface NotificationsReadResponse {
  /** How many of the caller's notifications are still unread. */
  unread: number;
}

/**
 * GET (a hunter): the records nobody has yet in the hunter's departments, which the rule
 * 'claim' lets them take, newest first (empty under another rule, or when absent). A hunter
 * cannot open a record before it is theirs: the list says what and where, not who.
 */
export const CLAIMABLE_PATH = '/api/staff/claims';
export const CLAIMABLE_SHOWN = 50;
export type ClaimableRecord =
  | {
      recordType: 'owner';
      recordId: string;
      createdAt: string;
      department: string;
      city: string;
      /** « Appartement », or null when unknown. */
      typeBien: string | null;
      price: number | null;
    }
  | {
      recordType: 'buyer';
      recordId: string;
      createdAt: string;
      departments: string[];
      budget: number;
    };
export interface ClaimableResponse {
  rule: RoutingRule;
  absent: boolean;
  departments: string[];
  records: ClaimableRecord[];
}
