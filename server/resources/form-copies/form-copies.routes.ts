import { Hono, type Context } from 'hono';
import {
  FORM_COPIES_PATH,
  FORM_COPY_EMAIL_PATH,
  FORM_COPY_MAX_BYTES,
  FORM_COPY_PATH,
  FORM_COPY_TOKEN,
  formCopyCreateSchema,
  formCopyEmailSchema,
  formCopyResumePath,
  formCopyUpdateSchema,
  type FormCopyCreated,
  type FormCopySaved,
  type FormCopySent,
  type FormCopyView,
} from '../../../src/domain/api/form-copies';
import type { Db } from '../../db/database';
import { clientIp, rateLimitKey } from '../../http/client-ip';
import {
  apiError,
  readJson,
  tooManyRequests,
  validationError,
  waitInFrench,
} from '../../http/errors';
import { limitPublicForm, type FormLimits } from '../../http/form-limits';
import { keyPart, type ThrottleKey, type ThrottlePolicy } from '../../http/throttle';
import { underApi } from '../../http/paths';
import type { MailQueue } from '../../mail/mail-queue';
import { formCopyLinkMail } from '../../mail/templates';
import {
  createFormCopy,
  findFormCopy,
  formCopyTokenHash,
  updateFormCopy,
  type FoundCopy,
} from './form-copies.repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Wrong tokens (unknown, expired, malformed) from one address, like sign-in's per-address limit
 * (docs/form-copies.md): the first 20 in an hour answer 404; from the 21st every token call from
 * that address answers 429 with Retry-After — 5 minutes, doubling up to an hour. A right token
 * gives its count back, so a person carrying on from a shared address is not blocked by its own
 * calls.
 */
export const FORM_COPY_GUESSES_PER_ADDRESS: ThrottlePolicy = {
  free: 20,
  windowMs: HOUR,
  backoff: { baseMs: 5 * MINUTE, maxMs: HOUR },
};
/** Link mails: 3 an hour per copy, per recipient, and 10 an hour per address. */
export const FORM_COPY_MAILS_PER_COPY: ThrottlePolicy = { free: 3, windowMs: HOUR };
export const FORM_COPY_MAILS_PER_RECIPIENT: ThrottlePolicy = { free: 3, windowMs: HOUR };
export const FORM_COPY_MAILS_PER_ADDRESS: ThrottlePolicy = { free: 10, windowMs: HOUR };

const UNKNOWN =
  'Ce lien de reprise n’existe pas ou a expiré (il est valable 7\u00a0jours). Vous pouvez recommencer le formulaire.';
const SENT = 'Ce formulaire a déjà été envoyé depuis un autre appareil.';
const TOO_LARGE = `Les réponses sont trop volumineuses pour être copiées (${FORM_COPY_MAX_BYTES / 1024}\u00a0Ko au plus).`;

export interface FormCopiesDeps {
  db: Db;
  mails: MailQueue;
  limits: FormLimits;
  /** Base of the links (PUBLIC_URL): never the request's Host. */
  publicUrl: string;
  now: () => number;
}

/** « Continuer sur un autre appareil » (issue 33, docs/form-copies.md), mounted on /api. Public. */
export function formCopiesRoutes({ db, mails, limits, publicUrl, now }: FormCopiesDeps): Hono {
  const app = new Hono();
  const { throttle } = limits;
  const address = (c: Context) => keyPart(rateLimitKey(clientIp(c, limits.trustProxy)));
  const guesses = (c: Context): ThrottleKey => ({
    key: `form-copy-guess:${address(c)}`,
    policy: FORM_COPY_GUESSES_PER_ADDRESS,
  });

  /** The answers' size, and the body's shape: a French 413 or 400, never a 500. */
  const tooLarge = (c: Context, body: unknown) => {
    const answers = (body as { answers?: unknown } | undefined)?.answers;
    if (answers === undefined) return undefined;
    const size = Buffer.byteLength(JSON.stringify(answers) ?? '', 'utf8');
    return size > FORM_COPY_MAX_BYTES
      ? apiError(c, 413, TOO_LARGE, { answers: TOO_LARGE })
      : undefined;
  };

  /**
   * Counts the call as a guess, then finds the token's copy. A wrong token (malformed ones
   * without a lookup) stays counted and answers 404; a right one gives its count back. Over
   * the limit: 429 whatever the token.
   */
  const lookUp = async (c: Context): Promise<Response | { token: string; found: FoundCopy }> => {
    const guess = guesses(c);
    const reservation = await throttle.reserve([guess]);
    if (!reservation.ok)
      return tooManyRequests(
        c,
        reservation.retryAfterSeconds,
        `Trop de liens de reprise inconnus depuis cette connexion. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}.`,
      );
    const token = c.req.param('token') ?? '';
    if (!FORM_COPY_TOKEN.test(token)) return apiError(c, 404, UNKNOWN);
    const found = await findFormCopy(db, token, now());
    if (!found) return apiError(c, 404, UNKNOWN);
    await throttle.release(guess);
    return { token, found };
  };

  const sent = (c: Context, sentAt: string) => {
    const body: FormCopySent & { message: string } = { sent: true, sentAt, message: SENT };
    return c.json(body, 410);
  };

  app.post(underApi(FORM_COPIES_PATH), async (c) => {
    const body = await readJson(c);
    const large = tooLarge(c, body);
    if (large) return large;
    const parsed = formCopyCreateSchema.safeParse(body);
    if (!parsed.success) return validationError(c, parsed.error);
    const refused = await limitPublicForm(
      c,
      limits,
      'form-copies',
      'Plusieurs copies de formulaire viennent d’être faites depuis cette connexion. Vos réponses restent sur cet appareil\u00a0:',
    );
    if (refused) return refused;
    const { token, expiresAt } = await createFormCopy(db, parsed.data, now());
    return c.json(
      {
        token,
        url: `${publicUrl}${formCopyResumePath(parsed.data.flow, token)}`,
        expiresAt,
      } satisfies FormCopyCreated,
      201,
    );
  });

  app.get(underApi(FORM_COPY_PATH), async (c) => {
    const looked = await lookUp(c);
    if (looked instanceof Response) return looked;
    const { found } = looked;
    if (found.kind === 'sent') return sent(c, found.sentAt);
    return c.json(found.view satisfies FormCopyView);
  });

  app.put(underApi(FORM_COPY_PATH), async (c) => {
    const body = await readJson(c);
    const large = tooLarge(c, body);
    if (large) return large;
    const parsed = formCopyUpdateSchema.safeParse(body);
    if (!parsed.success) return validationError(c, parsed.error);
    const looked = await lookUp(c);
    if (looked instanceof Response) return looked;
    if (looked.found.kind === 'sent') return sent(c, looked.found.sentAt);
    const saved = await updateFormCopy(db, looked.token, parsed.data, now());
    if (saved === 'missing') return apiError(c, 404, UNKNOWN);
    if (saved === 'sent') {
      const again = await findFormCopy(db, looked.token, now());
      return again?.kind === 'sent' ? sent(c, again.sentAt) : apiError(c, 404, UNKNOWN);
    }
    return c.json(saved satisfies FormCopySaved);
  });

  app.post(underApi(FORM_COPY_EMAIL_PATH), async (c) => {
    const parsed = formCopyEmailSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const looked = await lookUp(c);
    if (looked instanceof Response) return looked;
    const { token, found } = looked;
    if (found.kind === 'sent') return sent(c, found.sentAt);
    const { email } = parsed.data;
    // jean+1@… and jean+2@… reach the same mailbox: one allowance for both.
    const mailbox = email.replace(/\+[^@]*@/, '@');
    const reservation = await throttle.reserve([
      {
        key: `form-copy-mail:${formCopyTokenHash(token).slice(0, 32)}`,
        policy: FORM_COPY_MAILS_PER_COPY,
      },
      { key: `form-copy-mail-to:${keyPart(mailbox)}`, policy: FORM_COPY_MAILS_PER_RECIPIENT },
      { key: `form-copy-mail-from:${address(c)}`, policy: FORM_COPY_MAILS_PER_ADDRESS },
    ]);
    if (!reservation.ok)
      return tooManyRequests(
        c,
        reservation.retryAfterSeconds,
        `Ce lien a déjà été envoyé plusieurs fois. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}, ou utilisez le QR code.`,
      );
    const { flow, expiresAt } = found.view;
    await mails.enqueue(
      formCopyLinkMail(email, flow, `${publicUrl}${formCopyResumePath(flow, token)}`, expiresAt),
    );
    return c.json({ message: `Le lien a été envoyé à ${email}.` }, 202);
  });

  return app;
}
