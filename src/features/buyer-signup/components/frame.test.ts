import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Steps from '../steps';
import type * as FormDuration from '../../../domain/form-duration';
import { SIGNUP_MINUTES } from '../../../domain/form-duration';

/** The intro as the page shows it, read from a fresh import (after any mock of its modules). */
async function introDuration(): Promise<unknown> {
  vi.resetModules();
  return (await import('./frame')).buyerIntro.duration;
}

describe('the signup intro’s length', () => {
  afterEach(() => {
    vi.doUnmock('../steps');
    vi.doUnmock('../../../domain/form-duration');
  });

  it('announces the questions of the flow and the signup’s duration', async () => {
    expect(SIGNUP_MINUTES).toBe(3);
    expect(await introDuration()).toBe('15\u00a0questions, environ 3\u00a0minutes. Gratuit.');
  });

  it('follows the flow: one step more in its phases, one question more', async () => {
    vi.doMock('../steps', async (importOriginal) => {
      const steps = await importOriginal<typeof Steps>();
      const { questionCount } = await import('../../../domain/form-duration');
      const buyerPhases = [...steps.buyerPhases, { label: 'En plus', first: 17, last: 17 }];
      return { ...steps, buyerPhases, QUESTION_COUNT: questionCount(buyerPhases) };
    });
    expect(await introDuration()).toBe('16\u00a0questions, environ 3\u00a0minutes. Gratuit.');
  });

  it('follows the one duration', async () => {
    vi.doMock('../../../domain/form-duration', async (importOriginal) => ({
      ...(await importOriginal<typeof FormDuration>()),
      SIGNUP_MINUTES: 5,
    }));
    expect(await introDuration()).toBe('15\u00a0questions, environ 5\u00a0minutes. Gratuit.');
  });
});
