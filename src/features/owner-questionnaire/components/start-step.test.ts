import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as OwnerSteps from '../owner-steps';
import type * as FormDuration from '../../../domain/form-duration';

/** The intro as the page shows it, read from a fresh import (after any mock of its modules). */
async function introDuration(): Promise<unknown> {
  vi.resetModules();
  return (await import('./start-step')).ownerIntro.duration;
}

describe('the owner questionnaire intro’s length', () => {
  afterEach(() => {
    vi.doUnmock('../owner-steps');
    vi.doUnmock('../../../domain/form-duration');
  });

  it('announces the questions of the flow and the questionnaire’s duration', async () => {
    expect(await introDuration()).toBe(
      '14\u00a0questions, environ 3\u00a0minutes. Gratuit et sans engagement.',
    );
  });

  it('follows the flow: one step fewer in its phases, one question fewer', async () => {
    vi.doMock('../owner-steps', async (importOriginal) => {
      const steps = await importOriginal<typeof OwnerSteps>();
      const { questionCount } = await import('../../../domain/form-duration');
      const [property, documents, person] = steps.ownerPhases;
      const ownerPhases = [property, documents, { ...person, last: person.last - 1 }];
      return { ...steps, ownerPhases, QUESTION_COUNT: questionCount(ownerPhases) };
    });
    expect(await introDuration()).toBe(
      '13\u00a0questions, environ 3\u00a0minutes. Gratuit et sans engagement.',
    );
  });

  it('follows the one duration', async () => {
    vi.doMock('../../../domain/form-duration', async (importOriginal) => {
      const real = await importOriginal<typeof FormDuration>();
      return { ...real, OWNER_QUESTIONNAIRE_MINUTES: 4 };
    });
    expect(await introDuration()).toMatch(/^14\u00a0questions, environ 4\u00a0minutes\./);
  });
});
