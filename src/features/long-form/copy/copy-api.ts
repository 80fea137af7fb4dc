import {
  FORM_COPIES_PATH,
  formCopyEmailPath,
  formCopyPath,
  withoutSecrets,
  type FormCopyCreated,
  type FormCopyFlow,
  type FormCopySaved,
  type FormCopyView,
} from '../../../domain/api/form-copies';
import { api, toApiFailure } from '../../../lib/api';

/**
 * The long form's side of « Continuer sur un autre appareil » (issue 33,
 * src/domain/api/form-copies.ts): the copy of a draft on the server, made, followed, e-mailed and
 * read. The answers always go through withoutSecrets: never a password.
 */

/** What a copy is made from: a draft as the device keeps it. */
export interface CopySource {
  step: number;
  answers: Record<string, unknown>;
  idempotencyKey: string;
}

/** The body of a POST or PUT: the step, the answers without their secrets, the key. */
export function copyBody(source: CopySource) {
  return {
    step: source.step,
    answers: withoutSecrets(source.answers) as Record<string, unknown>,
    idempotencyKey: source.idempotencyKey,
  };
}

export function createCopy(flow: FormCopyFlow, source: CopySource): Promise<FormCopyCreated> {
  return api<FormCopyCreated>(FORM_COPIES_PATH, {
    method: 'POST',
    body: { flow, ...copyBody(source) },
  });
}

/**
 * The draft moved on: its copy follows. The PUT carries its own Idempotency-Key so the service
 * worker keeps it in the outbox when there is no network (sw/outbox-replay.ts, flow 'form-copy');
 * the outbox replays in order, so the last step reached is the last one stored.
 */
export function updateCopy(token: string, source: CopySource): Promise<FormCopySaved> {
  return api<FormCopySaved>(formCopyPath(token), {
    method: 'PUT',
    body: copyBody(source),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}

export function emailCopy(token: string, email: string): Promise<unknown> {
  return api(formCopyEmailPath(token), { method: 'POST', body: { email } });
}

/** A copy as the other device reads it. */
export type CopyReading =
  | { status: 'found'; copy: FormCopyView }
  | { status: 'sent' }
  | { status: 'unknown' }
  | { status: 'limited'; message: string }
  | { status: 'unreachable'; message: string };

export async function readCopy(token: string, timeout?: number): Promise<CopyReading> {
  try {
    const copy = await api<FormCopyView>(formCopyPath(token), { timeout });
    return { status: 'found', copy };
  } catch (error) {
    const failed = toApiFailure(error);
    if (failed.status === 410) return { status: 'sent' };
    if (failed.status === 404 || failed.status === 400) return { status: 'unknown' };
    if (failed.status === 429) return { status: 'limited', message: failed.message };
    return { status: 'unreachable', message: failed.message };
  }
}

/** The address the flow already has (buyer: the account's; owner: the contact's), if any. */
export function emailAnswer(answers: unknown): string {
  if (!answers || typeof answers !== 'object') return '';
  for (const [key, value] of Object.entries(answers)) {
    if (key === 'email' && typeof value === 'string') return value;
    const inner = emailAnswer(value);
    if (inner) return inner;
  }
  return '';
}

/**
 * Whether this device's draft and the copy hold different answers (then the person chooses
 * which to keep). Same answers, or a draft with none, is no conflict.
 */
export function draftsDiffer(
  local: { answers: Record<string, unknown> } | null | undefined,
  copy: { answers: Record<string, unknown> },
): boolean {
  if (!local || Object.keys(local.answers).length === 0) return false;
  return stable(withoutSecrets(local.answers)) !== stable(withoutSecrets(copy.answers));
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
