import { Hono, type Context } from 'hono';
import {
  CLIENT_MANDATE_CODE_PATH,
  CLIENT_MANDATE_END_PATH,
  CLIENT_MANDATE_IDENTITY_PATH,
  CLIENT_MANDATE_PATH,
  CLIENT_MANDATE_SIGN_PATH,
  CLIENT_MANDATE_WITHDRAW_PATH,
  MANDATE_EVIDENCE_PATH,
  MANDATE_PDF_PATH,
  STAFF_MANDATE_END_PATH,
  STAFF_MANDATE_PATH,
  mandateCodeRequestSchema,
  mandateEndSchema,
  mandateIdentitySchema,
  mandatePrepareSchema,
  mandateSignSchema,
  mandateWithdrawSchema,
  type MandateView,
} from '../../../src/domain/api/mandates';
import { fullName } from '../../../src/domain/person-name';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { clientIp, rateLimitKey } from '../../http/client-ip';
import { apiError, readJson, validationError, waitInFrench } from '../../http/errors';
import { underApi } from '../../http/paths';
import { logOf } from '../../http/request-context';
import type { Logger } from '../../log';
import { keyPart, type Throttle, type ThrottleKey } from '../../http/throttle';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, inScope, requireStaff, workScope, type StaffEnv } from '../../staff/policy';
import type { DocumentStore } from '../documents/document-store';
import { toUser } from '../users/users.repo';
import {
  MANDATE_CODES_PER_ACCOUNT,
  MANDATE_CODES_PER_ADDRESS,
  MANDATE_SIGN_TRIES_PER_ADDRESS,
} from './mandate-limits';
import {
  currentMandateRow,
  hunterOfBuyer,
  mandateById,
  mandatePdf,
  mandatesOfBuyer,
  prepareMandate,
  sendMandateCode,
  setMandateIdentity,
  signMandate,
  stopMandate,
  toMandateView,
  type MandateFiles,
  type Outcome,
  type SignOutcome,
} from './mandates.repo';

export type MandateRouteDeps = StaffRouteDeps & {
  throttle: Throttle;
  documents: DocumentStore;
  files: MandateFiles;
  trustProxy: boolean;
  log: Logger;
};

const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';
const NOT_FOUND_MANDATE = 'Ce mandat n’existe pas ou ne vous est pas accessible.';

/**
 * The mandat de recherche (issue 30, docs/mandates.md): the staff prepare it from the fiche
 * acquéreur and may end it; the client reads it, gives their identity, asks for a code, signs,
 * withdraws or ends it from « Mon mandat »; both download its PDF and its evidence. Mounted on
 * /api. The register is register.routes.ts.
 */
export function mandatesRoutes(deps: MandateRouteDeps): Hono<AuthEnv> {
  const { db, now, throttle } = deps;
  const app = new Hono<AuthEnv>();
  const auth = requireAuth(deps.tokens, deps.users);
  const client = [auth, requireRoles([Role.CLIENT])] as const;
  const me = (c: Context<AuthEnv>) => c.get('user')._id;
  const staffName = async (id: string) => {
    const row = await deps.users.findById(id);
    return row ? fullName(row) : 'L’agence';
  };

  /** An outcome as the answer: the mandate, or the refusal in French. */
  const answer = (
    c: Context,
    outcome: Outcome<MandateView> | SignOutcome,
    status: 200 | 201 = 200,
  ) =>
    outcome.ok
      ? c.json(outcome.value satisfies MandateView, status)
      : apiError(
          c,
          outcome.status,
          outcome.message,
          'field' in outcome && outcome.field ? { [outcome.field]: outcome.message } : undefined,
        );

  /** Counts an attempt on the account's and the address's keys; a 429 when one must wait. */
  async function limited(c: Context<AuthEnv>, what: 'code' | 'sign') {
    const address = keyPart(rateLimitKey(clientIp(c, deps.trustProxy)));
    const keys: ThrottleKey[] =
      what === 'code'
        ? [
            { key: `mandate-code:${me(c)}`, policy: MANDATE_CODES_PER_ACCOUNT },
            { key: `mandate-code-address:${address}`, policy: MANDATE_CODES_PER_ADDRESS },
          ]
        : [{ key: `mandate-sign-address:${address}`, policy: MANDATE_SIGN_TRIES_PER_ADDRESS }];
    const reservation = await throttle.reserve(keys);
    if (reservation.ok) return undefined;
    c.header('Retry-After', String(reservation.retryAfterSeconds));
    return apiError(
      c,
      429,
      what === 'code'
        ? `Trop de codes demandés. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}.`
        : `Trop d’essais de signature. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}.`,
    );
  }

  // ---- Staff -------------------------------------------------------------------------------

  const staff = [auth, requireStaff()] as const;

  app.get(underApi(STAFF_MANDATE_PATH), ...staff, async (c) => {
    const buyerId = c.req.param('buyerId') ?? '';
    if (!(await buyerExists(buyerId)) || !inScope(c.get('scope'), await hunterOfBuyer(db, buyerId)))
      return apiError(c, 404, NOT_FOUND_BUYER);
    return c.json((await mandatesOfBuyer(db, buyerId, now())) satisfies MandateView[]);
  });

  async function buyerExists(buyerId: string) {
    const row = await deps.users.findById(buyerId);
    return row !== undefined && toUser(row).roles.includes(Role.CLIENT);
  }

  app.post(underApi(STAFF_MANDATE_PATH), ...staff, async (c: Context<StaffEnv>) => {
    const parsed = mandatePrepareSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const buyerId = c.req.param('buyerId') ?? '';
    const hunter = await hunterOfBuyer(db, buyerId);
    if (!(await buyerExists(buyerId)) || !inScope(c.get('scope'), hunter))
      return apiError(c, 404, NOT_FOUND_BUYER);
    const actor = actorOf(c);
    const outcome = await prepareMandate(
      deps,
      { id: actor.id, name: await staffName(actor.id) },
      buyerId,
      parsed.data.projectId,
    );
    return answer(c, outcome, 201);
  });

  app.post(underApi(STAFF_MANDATE_END_PATH), ...staff, async (c: Context<StaffEnv>) => {
    const parsed = mandateEndSchema.safeParse((await readJson(c)) ?? {});
    if (!parsed.success) return validationError(c, parsed.error);
    const mandate = await mandateById(db, c.req.param('mandateId') ?? '');
    if (!mandate || !inScope(c.get('scope'), await hunterOfBuyer(db, mandate.buyer_id)))
      return apiError(c, 404, NOT_FOUND_MANDATE);
    const actor = actorOf(c);
    const outcome = await stopMandate(
      deps,
      mandate.id,
      'ended',
      { id: actor.id, name: await staffName(actor.id), isClient: false },
      parsed.data.reason || undefined,
    );
    return answer(c, outcome);
  });

  // ---- Client ------------------------------------------------------------------------------

  app.get(underApi(CLIENT_MANDATE_PATH), ...client, async (c) => {
    const row = await currentMandateRow(db, me(c));
    return c.json((row ? toMandateView(row, now()) : null) satisfies MandateView | null);
  });

  app.post(underApi(CLIENT_MANDATE_IDENTITY_PATH), ...client, async (c) => {
    const parsed = mandateIdentitySchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, await setMandateIdentity(deps, me(c), parsed.data));
  });

  app.post(underApi(CLIENT_MANDATE_CODE_PATH), ...client, async (c) => {
    const parsed = mandateCodeRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const refused = await limited(c, 'code');
    if (refused) return refused;
    return answer(c, await sendMandateCode(deps, me(c)));
  });

  app.post(underApi(CLIENT_MANDATE_SIGN_PATH), ...client, async (c) => {
    const parsed = mandateSignSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const refused = await limited(c, 'sign');
    if (refused) return refused;
    try {
      const outcome = await signMandate(deps, me(c), parsed.data.code, {
        ip: clientIp(c, deps.trustProxy),
        userAgent: (c.req.header('User-Agent') ?? '').slice(0, 500),
      });
      return answer(c, outcome);
    } catch (err) {
      // Nothing was written (one transaction): the code still works once the seal is back.
      logOf(c, deps.log).error({ err }, 'Signature du mandat impossible');
      return apiError(
        c,
        503,
        'La signature en ligne est momentanément indisponible\u00a0: votre code reste valable, réessayez dans quelques minutes.',
      );
    }
  });

  const clientStop = (kind: 'withdrawn' | 'ended') => async (c: Context<AuthEnv>) => {
    const schema = kind === 'withdrawn' ? mandateWithdrawSchema : mandateEndSchema;
    const parsed = schema.safeParse((await readJson(c)) ?? (kind === 'ended' ? {} : undefined));
    if (!parsed.success) return validationError(c, parsed.error);
    const row = await currentMandateRow(db, me(c));
    if (!row) return apiError(c, 404, 'Vous n’avez pas de mandat.');
    const reason = 'reason' in parsed.data ? parsed.data.reason || undefined : undefined;
    const name = fullName(c.get('user'));
    return answer(
      c,
      await stopMandate(deps, row.id, kind, { id: me(c), name, isClient: true }, reason),
    );
  };
  app.post(underApi(CLIENT_MANDATE_WITHDRAW_PATH), ...client, clientStop('withdrawn'));
  app.post(underApi(CLIENT_MANDATE_END_PATH), ...client, clientStop('ended'));

  // ---- Files: the client's own, or staff who may see the buyer ------------------------------

  async function visibleMandate(c: Context<AuthEnv>) {
    const mandate = await mandateById(db, c.req.param('mandateId') ?? '');
    if (!mandate) return undefined;
    if (mandate.buyer_id === me(c)) return mandate;
    const scope = workScope(actorOf(c));
    if (scope && inScope(scope, await hunterOfBuyer(db, mandate.buyer_id))) return mandate;
    return undefined;
  }

  app.get(underApi(MANDATE_PDF_PATH), auth, async (c) => {
    const mandate = await visibleMandate(c);
    if (!mandate) return apiError(c, 404, NOT_FOUND_MANDATE);
    const file = await mandatePdf(deps, mandate);
    return new Response(file.body, {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(file.size),
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });

  app.get(underApi(MANDATE_EVIDENCE_PATH), auth, async (c) => {
    const mandate = await visibleMandate(c);
    if (!mandate) return apiError(c, 404, NOT_FOUND_MANDATE);
    const file = mandate.evidence_file_id
      ? await deps.documents.get(mandate.evidence_file_id)
      : undefined;
    if (!file)
      return apiError(
        c,
        404,
        mandate.status === 'awaiting_signature'
          ? 'Ce mandat n’est pas encore signé\u00a0: il n’a pas de fichier de preuve.'
          : 'Ce mandat a été signé avant la signature en ligne\u00a0: il n’a pas de fichier de preuve.',
      );
    return new Response(file.stream, {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(file.size),
        'Content-Disposition': `attachment; filename="mandat-${mandate.register_number ?? ''}-preuve.json"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });

  return app;
}
