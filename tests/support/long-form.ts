import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

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
