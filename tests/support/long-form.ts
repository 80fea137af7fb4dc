import type { Page } from '@playwright/test';
import { validRegistration } from '../../src/domain/buyer-signup.fixture';
import { buyerStepSchemas } from '../../src/domain/buyer-signup.schema';
import { validOwnerSubmission } from '../../src/domain/owner-questionnaire.fixture';
import { ownerStepSchemas } from '../../src/domain/owner-questionnaire.schema';
import { appStarted, expect } from '../fixtures';
import { storedRecords } from './browser-state';

/** What both long forms share on screen (src/features/long-form/ui/step-frame.tsx). */

/**
 * After a step change: the progress bar and the focused step title are both below the fixed
 * header (not hidden under it), and the title is within the window.
 */
export async function expectStepInView(page: Page, progressLabel: string) {
  const progress = page.getByRole('list', { name: progressLabel });
  const stepTitle = page.locator('main h1');
  await expect(stepTitle).toBeFocused();
  await expect
    .poll(async () => {
      const header = (await page.getByRole('banner').boundingBox())!;
      const bar = (await progress.boundingBox())!;
      const heading = (await stepTitle.boundingBox())!;
      const height = page.viewportSize()!.height;
      const headerBottom = header.y + header.height;
      return {
        progressBelowHeader: bar.y >= headerBottom,
        titleBelowHeader: heading.y >= headerBottom,
        titleInWindow: heading.y + heading.height <= height,
      };
    })
    .toEqual({ progressBelowHeader: true, titleBelowHeader: true, titleInWindow: true });
}

/** Scrolls the page to its bottom, where Suivant is on a phone. */
export async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

/** A long form as a test opens it at a step: its page, its step schemas, the answers it holds. */
export interface SeededForm {
  path: string;
  flow: 'owner' | 'buyer';
  stepSchemas: Record<number, { shape: object }>;
  /** The flow's valid test submission (src/domain/*.fixture.ts), as the draft keeps answers. */
  answers: Record<string, unknown>;
}

export const seededForms = {
  owner: {
    path: '/questions-proprietaire',
    flow: 'owner',
    stepSchemas: ownerStepSchemas,
    answers: { ...validOwnerSubmission.bien, ...validOwnerSubmission.contact },
  },
  buyer: {
    path: '/signup',
    flow: 'buyer',
    stepSchemas: buyerStepSchemas,
    answers: validRegistration.project,
  },
} satisfies Record<string, SeededForm>;

/**
 * Opens the form with a draft at `step` holding the answers of every earlier step (and the
 * step's own with `answered`), as a person who answered them on this device would find it:
 * what a test about one step needs, without answering the ones before through the screens.
 * The reopened step's title is not focused: only a person's move focuses a title (reachStep).
 */
export async function openAtStep(
  page: Page,
  form: SeededForm,
  step: number,
  { answered = false }: { answered?: boolean } = {},
) {
  const fields = Object.entries(form.stepSchemas)
    .filter(([s]) => Number(s) < step || (answered && Number(s) === step))
    .flatMap(([, schema]) => Object.keys(schema.shape));
  const answers = Object.fromEntries(
    fields.filter((f) => f in form.answers).map((f) => [f, form.answers[f]]),
  );
  // A first visit opens on the intro without the app's database
  // (src/features/long-form/draft-on-device.ts): starting creates it, as for a person, then the
  // draft is written in it.
  await page.goto(form.path);
  const start = page.getByRole('button', { name: 'C’est parti !' });
  await expect(start).toBeEnabled();
  await start.click();
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await indexedDB.databases()).some((d) => d.name === 'chassimmo' && (d.version ?? 0) > 1),
      ),
    )
    .toBe(true);
  // The step the person reached is saved: nothing of the page writes after the draft below.
  await expect
    .poll(async () =>
      (await storedRecords<{ flow: string }>(page, 'drafts')).some((d) => d.flow === form.flow),
    )
    .toBe(true);
  await page.evaluate(
    (draft) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('chassimmo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const put = db.transaction('drafts', 'readwrite').objectStore('drafts').put(draft);
          put.onsuccess = () => {
            db.close();
            resolve();
          };
          put.onerror = () => reject(put.error);
        };
      }),
    {
      flow: form.flow,
      step,
      answers,
      idempotencyKey: crypto.randomUUID(),
      updatedAt: Date.now(),
    },
  );
  await page.reload();
  await appStarted(page);
  await expect(page.getByText('Vos réponses ont été retrouvées')).toBeVisible();
}

/**
 * Brings the form to `step` as a person arrives there: the answers of the steps before it are
 * on the device (openAtStep), the person is on the step before and presses « Suivant »; the new
 * step's title has the focus, as after any move.
 */
export async function reachStep(page: Page, form: SeededForm, step: number) {
  await openAtStep(page, form, step - 1, { answered: true });
  const title = page.locator('main h1').first();
  const before = (await title.textContent()) ?? '';
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(title).not.toHaveText(before);
  await expect(title).toBeFocused();
}
