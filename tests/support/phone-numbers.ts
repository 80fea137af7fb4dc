import { expect, type Page } from '@playwright/test';
import { stylesSettled } from '../fixtures';

/**
 * Issue 27: a phone number never breaks across lines (« 01 84 60 12 / 34 »). Every phone number
 * shown on a prerendered page, wherever it is laid out (footer, contact, help and FAQ pages,
 * call-to-action bands, legal pages), is measured at the widths of the common phones and
 * tablets: its text spans one line. Before the fix it broke at 320, 360 and 375 px on /tarifs and
 * /aide/faq, and at 1024 px on /aide/faq, not at 390 px or 1280 px: hence every width here (tests/public-pages.spec.ts).
 * The numbers are written with no-break spaces (src/domain/phone.ts formatPhone, company.phone).
 */

interface ShownNumber {
  text: string;
  lines: number;
  where: string;
}

/** Every phone number laid out on the page, and on how many lines. */
function shownNumbers(page: Page): Promise<ShownNumber[]> {
  return page.evaluate(() => {
    const pattern = /(?:\+33|0)[1-9](?:[\s.\u00a0\u202f-]?\d{2}){4}/g;
    const found: ShownNumber[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent?.matchAll(pattern) ?? []) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.length === 0) continue;
        const parent = node.parentElement!;
        found.push({
          text: match[0],
          lines: new Set(rects.map((r) => Math.round(r.bottom))).size,
          where: `<${parent.tagName.toLowerCase()} class="${parent.className}">${parent.textContent?.trim().slice(0, 80)}`,
        });
      }
    }
    return found;
  });
}

/**
 * Every phone number of the page open at `route` on one line at each of `widths`: the common
 * phones' (320 to 414 px) in the mobile project, the tablets' and computers' (768 to 1280 px)
 * in the desktop one. The window is left at the last width.
 */
export async function expectNumbersOnOneLine(page: Page, route: string, widths: number[]) {
  // The full stylesheet: the first paint inlines only part of it.
  await stylesSettled(page);
  const height = page.viewportSize()!.height;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction((w) => document.documentElement.clientWidth <= w, width);
    const numbers = await shownNumbers(page);
    // The footer shows the company's number on every page.
    expect(numbers.length, `${width} px : au moins un numéro affiché`).toBeGreaterThan(0);
    expect(
      numbers.filter((n) => n.lines > 1),
      `${route} à ${width} px\u00a0: ${JSON.stringify(numbers, null, 1)}`,
    ).toEqual([]);
  }
}

/** The widths each project reads the numbers at. */
export const phoneWidths = { mobile: [320, 360, 375, 390, 414], desktop: [768, 1024, 1280] };
