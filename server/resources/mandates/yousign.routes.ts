import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  CLIENT_MANDATE_CODE_PATH,
  YOUSIGN_WEBHOOK_PATH,
  mandateCodeRequestSchema,
  type MandateView,
} from '../../../src/domain/api/mandates';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { clientIp, rateLimitKey } from '../../http/client-ip';
import { apiError, readJson, validationError, waitInFrench } from '../../http/errors';
import { logOf } from '../../http/request-context';
import { underApi } from '../../http/paths';
import { keyPart, type Throttle } from '../../http/throttle';
import type { Logger } from '../../log';
import { YOUSIGN_SIGNATURE_HEADER, verifyYousignWebhook } from '../../mandates/yousign';
import type { StaffRouteDeps } from '../../staff/deps';
import type { DocumentStore } from '../documents/document-store';
import { MANDATE_CODES_PER_ACCOUNT, MANDATE_CODES_PER_ADDRESS } from './mandate-limits';
import type { MandateFiles } from './mandates.repo';
import {
  completeYousignSignature,
  startYousignSignature,
  type YousignMandateDeps,
} from './yousign.repo';

export type YousignRouteDeps = StaffRouteDeps & {
  throttle: Throttle;
  documents: DocumentStore;
  files: MandateFiles;
  trustProxy: boolean;
  yousign: YousignMandateDeps['yousign'];
  /** YOUSIGN_WEBHOOK_SECRET (env.ts refuses yousign without it). */
  webhookSecret: string;
  log: Logger;
};

/** The part of Yousign's webhook we read (developers.yousign.com « Handling Webhooks »). */
const webhookSchema = z.object({
  event_id: z.string().min(1),
  event_name: z.string().min(1),
  event_time: z.union([z.string(), z.number()]).transform(String),
  data: z.object({
    signature_request: z.object({ id: z.string().min(1) }).loose(),
  }),
});

/**
 * Signing the mandate through Yousign (SIGNATURE_PROVIDER=yousign, docs/mandates.md), mounted on
 * /api before mandates.routes.ts, only with that provider:
 * - POST /api/client/mandate/code: « J’ai lu et j’accepte » sends the mandate to Yousign (which
 *   e-mails the client its link and code) instead of our own code; same rate limits.
 * - POST /api/webhooks/yousign: Yousign's signed webhook. The HMAC of the raw body is checked
 *   first (401 when missing or wrong, whatever the body); `signature_request.done` completes the
 *   mandate once (a replay answers « duplicate »); other events are acknowledged and ignored.
 */
export function yousignRoutes(deps: YousignRouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const auth = requireAuth(deps.tokens, deps.users);

  app.post(
    underApi(CLIENT_MANDATE_CODE_PATH),
    auth,
    requireRoles([Role.CLIENT]),
    async (c: Context<AuthEnv>) => {
      const parsed = mandateCodeRequestSchema.safeParse(await readJson(c));
      if (!parsed.success) return validationError(c, parsed.error);
      const clientId = c.get('user')._id;
      const address = keyPart(rateLimitKey(clientIp(c, deps.trustProxy)));
      const reservation = await deps.throttle.reserve([
        { key: `mandate-code:${clientId}`, policy: MANDATE_CODES_PER_ACCOUNT },
        { key: `mandate-code-address:${address}`, policy: MANDATE_CODES_PER_ADDRESS },
      ]);
      if (!reservation.ok) {
        c.header('Retry-After', String(reservation.retryAfterSeconds));
        return apiError(
          c,
          429,
          `Trop de demandes de signature. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}.`,
        );
      }
      const outcome = await startYousignSignature(deps, clientId);
      if (outcome.ok) return c.json(outcome.value satisfies MandateView);
      if ('cause' in outcome)
        logOf(c, deps.log).error({ err: outcome.cause }, 'Yousign n’a pas reçu le mandat à signer');
      return apiError(c, outcome.status, outcome.message);
    },
  );

  app.post(underApi(YOUSIGN_WEBHOOK_PATH), async (c) => {
    // The HMAC covers the exact bytes Yousign sent: read them raw, never re-serialised.
    const raw = await c.req.text();
    if (!verifyYousignWebhook(raw, c.req.header(YOUSIGN_SIGNATURE_HEADER), deps.webhookSecret))
      return apiError(c, 401, 'Signature Yousign manquante ou invalide.');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return apiError(c, 400, 'Notification Yousign illisible (JSON attendu).');
    }
    const event = webhookSchema.safeParse(body);
    if (!event.success) return apiError(c, 400, 'Notification Yousign incomplète.');
    if (event.data.event_name !== 'signature_request.done')
      return c.json({ received: true, outcome: 'ignored' });
    try {
      const done = await completeYousignSignature(deps, {
        eventId: event.data.event_id,
        eventTime: event.data.event_time,
        signatureRequestId: event.data.data.signature_request.id,
      });
      return c.json({ received: true, outcome: done.outcome });
    } catch (err) {
      // Yousign retries a failed delivery: the signed PDF will be fetched again.
      logOf(c, deps.log).error({ err }, 'Mandat signé chez Yousign non enregistré');
      return apiError(
        c,
        502,
        'Le mandat signé n’a pas pu être enregistré\u00a0; la notification sera renvoyée.',
      );
    }
  });

  return app;
}
