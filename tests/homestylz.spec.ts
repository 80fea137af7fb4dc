import { expect, test } from './fixtures';

/** homestylz pages (issue 12). */

test.describe('homestylz price cards', () => {
  for (const width of [390, 768, 1280]) {
    test(`/homestylz/services#tarifs at ${width} px: cards of one height, buttons at their bottom`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/homestylz/services');
      const cards = page.locator('#tarifs article');
      await expect(cards).toHaveCount(6);
      const boxes = await cards.evaluateAll((articles) =>
        articles.map((article) => {
          const card = article.getBoundingClientRect();
          const button = article.querySelector('a.btn')!.getBoundingClientRect();
          return {
            top: card.top,
            height: card.height,
            // Room between the button and the card's bottom edge.
            below: card.bottom - button.bottom,
            buttonTop: button.top,
          };
        }),
      );
      const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
      expect(spread(boxes.map((b) => b.height)), 'hauteurs des cartes').toBeLessThanOrEqual(1);
      expect(spread(boxes.map((b) => b.below)), 'boutons en bas des cartes').toBeLessThanOrEqual(1);
      // Cards side by side (same top): their buttons on one line.
      for (const a of boxes) {
        for (const b of boxes.filter((x) => Math.abs(x.top - a.top) <= 1)) {
          expect(Math.abs(a.buttonTop - b.buttonTop), 'boutons alignés').toBeLessThanOrEqual(1);
        }
      }
    });
  }
});
