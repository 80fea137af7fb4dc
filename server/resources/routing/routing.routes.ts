import { Hono } from 'hono';
import {
  claimRecordTypes,
  hunterAvailabilitySchema,
  notificationsReadSchema,
  type ClaimableResponse,
  type NotificationsReadResponse,
  routingSettingsSchema,
  type ClaimRecordType,
  type ClaimResponse,
  type HunterAvailability,
  type NotificationsResponse,
  type RoutingSettingsResponse,
} from '../../../src/domain/api/routing';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { apiError, validationError } from '../../http/errors';
import type { StaffRouteDeps } from '../../staff/deps';
import {
  actorOf,
  isSupervisor,
  requireStaff,
  requireSupervisor,
  type StaffEnv,
} from '../../staff/policy';
import {
  activeHunter,
  availabilityOf,
  ClaimRefused,
  claimableRecords,
  claimRecord,
  markNotificationsRead,
  notificationsOf,
  routingSettings,
  setAvailability,
  setRoutingRule,
  unreadCount,
} from './routing.repo';

const NOT_A_HUNTER = 'Ce chasseur n’existe pas ou n’est plus actif.';
const NOT_YOURS =
  'Seuls le chasseur lui-même et les managers changent ses départements et absences.';

/**
 * Routing (issue 31, src/domain/api/routing.ts): the managers' rule, each hunter's departments
 * and « absent » flag (the hunter or a supervisor), « Je le prends », and the caller's
 * notifications. Mounted on /api.
 */
export function routingRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<StaffEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;

  app.get('/staff/routing', ...staff, async (c) =>
    c.json((await routingSettings(db)) satisfies RoutingSettingsResponse),
  );

  app.put('/staff/routing', ...staff, requireSupervisor(), async (c) => {
    const parsed = routingSettingsSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return validationError(c, parsed.error);
    const saved = await setRoutingRule(db, actorOf(c).id, parsed.data.rule, now());
    return c.json(saved satisfies RoutingSettingsResponse);
  });

  app.get('/staff/hunters/:hunterId/availability', ...staff, async (c) => {
    const hunterId = c.req.param('hunterId');
    if (!isSupervisor(actorOf(c)) && actorOf(c).id !== hunterId) return apiError(c, 403, NOT_YOURS);
    if (!(await activeHunter(db, hunterId))) return apiError(c, 404, NOT_A_HUNTER);
    return c.json((await availabilityOf(db, hunterId)) satisfies HunterAvailability);
  });

  app.put('/staff/hunters/:hunterId/availability', ...staff, async (c) => {
    const hunterId = c.req.param('hunterId');
    if (!isSupervisor(actorOf(c)) && actorOf(c).id !== hunterId) return apiError(c, 403, NOT_YOURS);
    const parsed = hunterAvailabilitySchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return validationError(c, parsed.error);
    if (!(await activeHunter(db, hunterId))) return apiError(c, 404, NOT_A_HUNTER);
    return c.json((await setAvailability(db, hunterId, parsed.data)) satisfies HunterAvailability);
  });

  app.get('/staff/claims', ...staff, async (c) =>
    c.json((await claimableRecords(db, actorOf(c).id)) satisfies ClaimableResponse),
  );

  app.post('/staff/claims/:recordType/:recordId', ...staff, async (c) => {
    const recordType = c.req.param('recordType');
    if (!(claimRecordTypes as readonly string[]).includes(recordType))
      return apiError(c, 404, 'Ce dossier n’existe pas.');
    const type = recordType as ClaimRecordType;
    const recordId = c.req.param('recordId');
    const actor = actorOf(c);
    try {
      const { hunterId } = await claimRecord(db, actor.id, type, recordId, now());
      return c.json({ recordType: type, recordId, hunterId } satisfies ClaimResponse);
    } catch (error) {
      if (error instanceof ClaimRefused) return apiError(c, error.status, error.message);
      throw error;
    }
  });

  app.get('/staff/notifications', ...staff, async (c) => {
    const userId = actorOf(c).id;
    const [notifications, unread] = await Promise.all([
      notificationsOf(db, userId),
      unreadCount(db, userId),
    ]);
    return c.json({ notifications, unread } satisfies NotificationsResponse);
  });

  app.post('/staff/notifications/read', ...staff, async (c) => {
    const parsed = notificationsReadSchema.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) return validationError(c, parsed.error);
    const unread = await markNotificationsRead(db, actorOf(c).id, parsed.data.ids, now());
    return c.json({ unread } satisfies NotificationsReadResponse);
  });

  return app as unknown as Hono<AuthEnv>;
}
