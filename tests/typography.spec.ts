import { expect, test } from './fixtures';
import { expectFrenchTypography, typographyOffences } from './support/typography';

test.describe('French typography of the prerendered pages', () => {
  test('the checker flags what breaks badly and leaves URLs, e-mails, times and code', () => {
    const kinds = (text: string, exempt: string[] = []) =>
      typographyOffences(text, 'test', exempt).map((o) => o.rule.id);
    expect(kinds('Une question ? Écrivez-nous : « Bonjour » ; merci !')).toHaveLength(6);
    expect(
      kinds('Une question\u202f? Écrivez-nous\u00a0: «\u00a0Bonjour\u00a0»\u202f; merci\u202f!'),
    ).toEqual([]);
    expect(kinds('Questions\n?')).toHaveLength(1);
    expect(kinds("l'achat d'une maison")).toHaveLength(2);
    expect(kinds('l’achat d’une maison, « aujourd’hui »')).toHaveLength(2);
    expect(kinds('un budget de 500 000 €')).toEqual(['thousands', 'unit']);
    expect(
      kinds(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(500000)),
    ).toEqual([]);
    expect(kinds('3,5 % du prix, 2 h, 20 min, 15 km, 70 m²')).toHaveLength(5);
    expect(kinds('de 10 h – 17 h')).toEqual(['unit', 'unit', 'range']);
    expect(kinds('1\u00a0h 30, 1 h\u00a030')).toEqual(['unit', 'unit']);
    expect(
      kinds('de 10\u00a0h\u00a0–\u00a017\u00a0h, 1\u00a0h\u00a030, 3 heures, 2 minutes'),
    ).toEqual([]);
    expect(kinds('https://www.exemple.fr/?q=1 ; contact@chassimmo.fr, à 10:30')).toHaveLength(1);
    expect(kinds("print('l'ami')")).toHaveLength(1);
    expect(kinds("lancez print('l'ami')", ["print('l'ami')"])).toEqual([]);
    expect(kinds('Pour qui&#x202f;? Pour qui\\u202f?')).toEqual(['escape', 'escape']);
  });

  // Every prerendered page is read in tests/public-pages.spec.ts, with its other checks.

  test.describe('on a first visit', () => {
    test.use({ consentGiven: false });

    test('/ with the cookie banner', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('cookie-banner')).toBeVisible();
      await expectFrenchTypography(page, '/ (bandeau cookies)');
    });
  });
});

test.describe('French typography at 390 px', () => {
  // A dash lets the browser break after it even before a no-break space: a time range needs a
  // word joiner there (src/domain/typography.ts). Each range is measured where it is laid out.
  for (const route of ['/', '/aide', '/homestylz/services']) {
    test(`${route}: every time range stays on one line @mobile`, async ({ page }) => {
      await page.goto(route);
      const ranges = await page.evaluate(() => {
        const pattern =
          /\d{1,2}[\s\u202f]h(?:[\s\u202f]\d\d)?[\s\u202f]*[–—-]\u2060?[\s\u202f]*\d{1,2}[\s\u202f]h/g;
        const found: { text: string; lines: number }[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent?.matchAll(pattern) ?? []) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom)));
            if (tops.size > 0) found.push({ text: match[0], lines: tops.size });
          }
        }
        return found;
      });
      expect(ranges.length, 'au moins une plage horaire affichée').toBeGreaterThan(0);
      expect(
        ranges.filter((r) => r.lines > 1),
        JSON.stringify(ranges),
      ).toEqual([]);
    });
  }
});
