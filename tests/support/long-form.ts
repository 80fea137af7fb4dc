import type { Page } from '@playwright/test';
import { appStarted, expect } from '../fixtures';

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

/**
 * Opens `path` with a draft of `flow` at `step` holding the answers of every earlier step, as
 * a person who answered them on this device would find it: what a test about one step needs,
 * without answering the ones before through the screens. The answers are the flow's valid test
 * submission (src/domain/*.fixture.ts), cut to the fields the earlier steps' schemas ask (and
 * the step's own with `answered`). The reopened step's title is not focused: only a person's
 * move focuses a title (see reachStep).
 */
export async function openAtStep(
  page: Page,
  options: {
    path: string;
    flow: 'owner' | 'buyer';
    step: number;
    stepSchemas: Record<number, { shape: object }>;
    answers: Record<string, unknown>;
    /** The step's own answer is given too. */
    answered?: boolean;
  },
) {
  const { path, flow, step, stepSchemas, answers: all, answered = false } = options;
  const fields = Object.entries(stepSchemas)
    .filter(([s]) => Number(s) < step || (answered && Number(s) === step))
    .flatMap(([, schema]) => Object.keys(schema.shape));
  const answers = Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
  // The page opens the app's database (Dexie, src/db/database.ts) as it reads the draft.
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'C’est parti !' })).toBeEnabled();
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
    { flow, step, answers, idempotencyKey: crypto.randomUUID(), updatedAt: Date.now() },
  );
  await page.reload();
  await appStarted(page);
  await expect(page.getByText('Vos réponses ont été retrouvées')).toBeVisible();
}
