import { readFileSync } from 'node:fs';
import { companyLegal } from '../src/domain/company-legal';
import { buyerFeeScale, MINIMUM_FEE_TTC, type FeeBracket } from '../src/domain/fees';
import { formatEuro, formatPercent } from '../src/domain/format';
import { bracketRange } from '../src/features/public-site/components/fee-scale';
import { expect, test } from './fixtures';

/*
 * The content pages (content/*.md, compiled at build time: docs/contenu.md) as a visitor gets
 * them. What a change of one sentence does to the page is tested at the plugin's level
 * (src/features/public-site/content/compile.test.ts).
 */

const contentPages = {
  '/aide/conditions-generales': 'conditions-generales',
  '/aide/politique-confidentialite': 'politique-confidentialite',
  '/aide/mentions-legales': 'mentions-legales',
  '/aide/faq': 'faq',
  '/homestylz/conditions-generales-de-vente': 'cgv-homestylz',
} as const;

/** The version date a content file states, as its page writes it: '1er janvier 2026'. */
function versionOf(file: string): string {
  const iso = /^version:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(
    readFileSync(`content/${file}.md`, 'utf8'),
  )?.[1];
  expect(iso, `content/${file}.md : version`).toBeDefined();
  const date = new Date(`${iso}T00:00:00Z`);
  const text = new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  return date.getUTCDate() === 1 ? text.replace(/^1 /, '1er ') : text;
}

function feeRule(bracket: FeeBracket): string {
  return bracket.rate === 0
    ? `Forfait de ${formatEuro(MINIMUM_FEE_TTC)}`
    : `${formatPercent(bracket.rate)} du prix`;
}

test.describe('content pages', () => {
  test('the conditions générales show the RCS, the fee scale of src/domain and the file’s version date', async ({
    page,
  }) => {
    await page.goto('/aide/conditions-generales');
    const main = page.getByRole('main');
    const version = versionOf('conditions-generales');
    await expect(main.locator('header')).toContainText(`Version en vigueur au ${version}`);
    await expect(main).toContainText(`immatriculée au ${companyLegal.rcs}`);

    const scale = main.getByRole('table', {
      name: 'Barème d’honoraires TTC à la charge de l’acquéreur',
    });
    await expect(scale.getByRole('row')).toHaveCount(buyerFeeScale.length + 1);
    for (const [index, bracket] of buyerFeeScale.entries()) {
      await expect(
        scale
          .getByRole('row')
          .nth(index + 1)
          .getByRole('cell'),
      ).toHaveText([bracketRange(bracket), feeRule(bracket)]);
    }
    await expect(main).toContainText(`Barème en vigueur au ${version} :`);
    await expect(main).toContainText(
      `Minimum de perception : ${formatEuro(MINIMUM_FEE_TTC)} TTC, quel que soit le prix.`,
    );
    // Twelve articles and the annex, each an anchor of the table of contents.
    await expect(main.locator('h2[id^="article-"]')).toHaveCount(12);
    await expect(main.locator('#article-8')).toHaveText(
      'Article 8 — Droit de rétractation du Mandant',
    );
    await expect(main.getByRole('heading', { name: /Annexe/ })).toHaveAttribute('id', 'annexe');
  });

  test('the homestylz CGV name the consumer code’s articles and end with the withdrawal form', async ({
    page,
  }) => {
    await page.goto('/homestylz/conditions-generales-de-vente');
    const main = page.getByRole('main');
    await expect(main.locator('header')).toContainText(
      `Version en vigueur au ${versionOf('cgv-homestylz')}`,
    );
    await expect(main.locator('#article-6')).toHaveText('Article 6 — Droit de rétractation');
    for (const article of ['L221-18', 'L221-24', 'L221-25', 'L221-28, 1°', 'L612-1']) {
      await expect(main, article).toContainText(article);
    }
    const form = main.getByRole('region', { name: 'Annexe — Formulaire de rétractation' });
    await expect(form).toHaveAttribute('aria-labelledby', 'formulaire-de-retractation');
    await expect(form).toContainText('annexe à l’article R221-1');
    await expect(form).toContainText(
      'rétractation du contrat portant sur la prestation de services',
    );
    // The homestylz footer links to them.
    await expect(
      page.getByRole('contentinfo').getByRole('link', {
        name: 'Conditions générales de vente homestylz',
      }),
    ).toHaveAttribute('href', '/homestylz/conditions-generales-de-vente');
  });

  test('the prerendered pages hold their text, with nothing left to fill', async ({ request }) => {
    const cgv = await (await request.get('/aide/conditions-generales')).text();
    expect(cgv).toContain(companyLegal.rcs);
    expect(cgv).toContain(`<td>${bracketRange(buyerFeeScale[0]!)}</td>`);
    for (const route of Object.keys(contentPages)) {
      const html = await (await request.get(route)).text();
      const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
      expect(main.length, route).toBeGreaterThan(5000);
      expect(main, route).not.toMatch(/\{\{|\}\}|:::/);
    }
  });

  test('a content page loads no script of its own: its text is in the HTML', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const [route, file] of Object.entries(contentPages)) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      expect(
        scripts.filter((script) => script.includes(`/${file}-page`)),
        route,
      ).toEqual([]);
    }
  });

  test('the privacy policy dates its last update from its file', async ({ page }) => {
    await page.goto('/aide/politique-confidentialite');
    const version = versionOf('politique-confidentialite');
    await expect(page.getByRole('main').locator('header')).toContainText(
      `Dernière mise à jour : ${version}`,
    );
    await expect(page.locator('#modifications + div')).toContainText(
      `Dernière mise à jour : ${version}.`,
    );
  });

  test('the FAQ’s questions open without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/aide/faq');
    const questions = page.locator('main details');
    await expect(questions).toHaveCount(16);
    const first = questions.first();
    await expect(first.getByRole('link', { name: 'Nos services' })).toBeHidden();
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.getByRole('link', { name: 'Nos services' })).toHaveAttribute(
      'href',
      '/services',
    );
    await context.close();
  });

  test('the content pages’ own links lead to pages and anchors that exist', async ({ request }) => {
    const pages = new Map<string, string>();
    const htmlOf = async (path: string) => {
      if (!pages.has(path)) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        pages.set(path, await response.text());
      }
      return pages.get(path)!;
    };
    for (const route of Object.keys(contentPages)) {
      const main = /<main[\s\S]*<\/main>/.exec(await htmlOf(route))?.[0] ?? '';
      const links = [...main.matchAll(/<a [^>]*href="([/#][^"]*)"/g)].map((m) => m[1]!);
      expect(links.length, route).toBeGreaterThan(3);
      for (const link of new Set(links)) {
        const [path = '', anchor] = link.split('#');
        const target = await htmlOf(path || route);
        if (anchor) expect(target, `${route} → ${link}`).toContain(`id="${anchor}"`);
      }
    }
  });

  for (const route of ['/aide/mentions-legales', '/aide/politique-confidentialite']) {
    test(`${route}: « Gérer mes cookies » reopens the cookie choice right after load`, async ({
      page,
    }) => {
      await page.goto(route);
      const banner = page.getByTestId('cookie-banner');
      await expect(banner).toBeHidden();
      await page.getByRole('main').getByRole('button', { name: 'Gérer mes cookies' }).click();
      await expect(banner).toBeVisible();
    });
  }
});
