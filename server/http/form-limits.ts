import type { Context } from 'hono';
import { company } from '../../src/domain/company';
import { clientIp, rateLimitKey } from './client-ip';
import { tooManyRequests, waitInFrench } from './errors';
import { VISITOR_MAILS_PER_RECIPIENT, formsPerAddress, keyPart, type Throttle } from './throttle';

export interface FormLimits {
  throttle: Throttle;
  /** New submissions of one public form allowed per address and hour (env). */
  perHour: number;
  trustProxy: boolean;
}

/**
 * Counts a new submission of a public form from the visitor's address; answers 429 with
 * Retry-After when the address is over its limit. The limit is far above what a person sends:
 * it stops the form being used to flood the staff (OWASP: abuse of functionality); what it
 * mails to the address typed is limited per recipient (visitorMailAllowed). A replay of a
 * submission already stored (same Idempotency-Key) is not counted: the caller skips this.
 */
export async function limitPublicForm(
  c: Context,
  limits: FormLimits,
  form: string,
  /** The French sentence before « réessayez dans … » when refused. */
  refusal = `Plusieurs envois viennent d’être faits depuis cette connexion. Vos réponses sont gardées\u00a0:`,
): Promise<Response | undefined> {
  const address = keyPart(rateLimitKey(clientIp(c, limits.trustProxy)));
  const reservation = await limits.throttle.reserve([
    { key: `form:${form}:${address}`, policy: formsPerAddress(limits.perHour) },
  ]);
  if (reservation.ok) return undefined;
  return tooManyRequests(
    c,
    reservation.retryAfterSeconds,
    `${refusal} réessayez ${waitInFrench(reservation.retryAfterSeconds)}, ou appelez-nous au ${company.phone}.`,
  );
}

/**
 * Whether a mail may go to an address a visitor typed: one an hour per recipient, so a form
 * cannot be used to send our mails to a stranger over and over.
 */
export async function visitorMailAllowed(throttle: Throttle, email: string): Promise<boolean> {
  // jean+1@… and jean+2@… reach the same mailbox: one allowance for both.
  const mailbox = email
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
  const key = `visitor-mail:${keyPart(mailbox)}`;
  return (await throttle.reserve([{ key, policy: VISITOR_MAILS_PER_RECIPIENT }])).ok;
}
