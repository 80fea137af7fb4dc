import { AxeBuilder } from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, stylesSettled } from '../fixtures';
import { expectFrenchTypography } from './typography';

/**
 * axe-core on `page`, run in the page itself (axe.run) rather than frame by frame then finished
 * in a second, blank page (the builder's default, for cross-origin frames): the app has none
 * (its one frame, the mail reader's, is same-origin and still checked), and that blank page
 * and a third copy of axe's 570 KB cost about a second of CPU per screen on a slow machine
 * (docs/testing.md). Same rules, same results.
 */
export const axeOf = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/**
 * A screen checked by axe-core (WCAG 2.2 A and AA rules, best practices) once it is at rest: a
 * serious or critical violation fails the test with the rule, the elements and the screen;
 * lesser ones are reported as annotations. Then its French typography (tests/support/typography.ts),
 * unless the caller checks it elsewhere (the cookie banner: tests/typography.spec.ts).
 */
export async function expectAccessible(
  page: Page,
  testInfo: TestInfo,
  screen: string,
  typography = true,
) {
  // Wait for what the first paint leaves to the app: hydration and, once asked for, the full
  // stylesheet.
  await stylesSettled(page);
  // Colours are measured at rest, not half-way through a page transition. A scroll-driven
  // animation (daisyUI's scroll lock under an open modal) runs as long as the page: not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || !(a.timeline instanceof DocumentTimeline)),
  );
  const { violations } = await axeOf(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) {
    testInfo.annotations.push({
      type: 'axe (mineur)',
      description: `${screen}: ${minor.map((v) => v.id).join(', ')}`,
    });
  }
  const report = blocking
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}) on ${screen}:\n` +
        v.nodes
          .slice(0, 6)
          .map(
            (n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
          )
          .join('\n'),
    )
    .join('\n');
  expect(report, report).toBe('');
  // The cookie banner's is read in tests/typography.spec.ts; every other screen's here.
  if (typography) await expectFrenchTypography(page, screen);
}
