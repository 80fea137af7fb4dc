import { describe, expect, it } from 'vitest';
import {
  OUTBOX_RETENTION_MS,
  afterAttempt,
  backoffMs,
  classify,
  isDue,
  isFinalRefusal,
  isNearExpiry,
  newOutboxEntry,
  replayDecision,
  retryAfterSeconds,
} from './outbox';

describe('outbox rules', () => {
  it('classifies replay outcomes', () => {
    expect(classify({ kind: 'answered', status: 201 })).toBe('sent');
    expect(classify({ kind: 'answered', status: 200 })).toBe('sent');
    expect(classify({ kind: 'answered', status: 400 })).toBe('final');
    expect(classify({ kind: 'answered', status: 409 })).toBe('final');
    expect(classify({ kind: 'answered', status: 429 })).toBe('retry');
    expect(classify({ kind: 'answered', status: 500 })).toBe('retry');
    expect(classify({ kind: 'answered', status: 503 })).toBe('retry');
    expect(classify({ kind: 'network-error' })).toBe('retry');
    expect(classify({ kind: 'timeout' })).toBe('retry');
  });

  it('judges a direct send by the same rule as a replay', () => {
    expect([400, 404, 409, 422].map(isFinalRefusal)).toEqual([true, true, true, true]);
    expect([408, 429, 500, 503].map(isFinalRefusal)).toEqual([false, false, false, false]);
    expect(isFinalRefusal(null)).toBe(false); // no answer: the network, worth another try
  });

  it('backs off exponentially up to five minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(30)).toBe(300_000);
  });

  it('keeps a submission refused for too many sends (429) queued until the server’s Retry-After, with its message', () => {
    const entry = afterAttempt(
      newOutboxEntry('k9', 'owner', 0),
      {
        kind: 'answered',
        status: 429,
        message: 'Plusieurs envois viennent d’être faits depuis cette connexion.',
        retryAfterSeconds: 1800,
      },
      1000,
    );
    expect(entry).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: 1000 + 1_800_000 });
    expect(entry.message).toMatch(/Plusieurs envois/);
    expect(isDue(entry, 1_000_000)).toBe(false);
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });

  it('keeps a 500 queued and retries it later, then marks it sent', () => {
    let entry = newOutboxEntry('k1', 'owner', 0, 'claire@exemple.fr');
    expect(isDue(entry, 0)).toBe(true);
    entry = afterAttempt(entry, { kind: 'answered', status: 500 }, 1000);
    expect(entry).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: 3000 });
    expect(entry.message).toMatch(/erreur 500/);
    expect(isDue(entry, 2000)).toBe(false);
    expect(isDue(entry, 2000, true)).toBe(true);
    entry = afterAttempt(entry, { kind: 'answered', status: 201 }, 4000);
    expect(entry).toMatchObject({ status: 'sent', attempts: 2, sentAt: 4000 });
    expect(entry.message).toBeUndefined();
    expect(isDue(entry, 10_000, true)).toBe(false);
  });

  it('keeps a 4xx as a final failure with the server message, never due again', () => {
    const failed = afterAttempt(
      newOutboxEntry('k2', 'buyer', 0),
      { kind: 'answered', status: 409, message: 'Un compte existe déjà' },
      10,
    );
    expect(failed).toMatchObject({ status: 'failed', message: 'Un compte existe déjà' });
    expect(isDue(failed, Number.MAX_SAFE_INTEGER, true)).toBe(false);
  });

  it('warns before a queued entry would expire', () => {
    const entry = newOutboxEntry('k3', 'owner', 0);
    expect(isNearExpiry(entry, 1000)).toBe(false);
    expect(isNearExpiry(entry, OUTBOX_RETENTION_MS - 1000)).toBe(true);
  });

  it('drops an identical copy of a settled body, sends a different one', () => {
    const queued = newOutboxEntry('k4', 'owner', 0);
    expect(replayDecision(queued, 'h1', 0)).toBe('send');
    const retried = afterAttempt(queued, { kind: 'network-error' }, 0, 'h1');
    expect(retried.settledHash).toBeUndefined();
    expect(replayDecision(retried, 'h1', 1000)).toBe('later');
    expect(replayDecision(retried, 'h1', 1000, true)).toBe('send');
    const sent = afterAttempt(retried, { kind: 'answered', status: 201 }, 5000, 'h1');
    expect(sent.settledHash).toBe('h1');
    expect(replayDecision(sent, 'h1', 6000)).toBe('drop');
    // A stale tab's other answers under the same key: not sent, the entry stays 'sent'.
    expect(replayDecision(sent, 'h2', 6000, true)).toBe('superseded');
    // After a refusal, another body is worth sending; the refused one is not.
    const refused = afterAttempt(queued, { kind: 'answered', status: 400 }, 7000, 'h3');
    expect(replayDecision(refused, 'h3', 8000, true)).toBe('drop');
    expect(replayDecision(refused, 'h4', 8000)).toBe('send');
  });

  it('sends an entry left sending by a stopped worker', () => {
    const sending = { ...newOutboxEntry('k5', 'buyer', 0), status: 'sending' as const };
    expect(replayDecision(sending, 'h', 0)).toBe('send');
  });
});
