import { expect, publicRoutes, test } from './fixtures';

/** The <title> of a served HTML page, its entities decoded as the browser reads them. */
function titleOf(html: string): string {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return raw
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

test.describe('public site', () => {
  // One test per route (docs/testing.md); the titles are compared across routes below.
  for (const route of publicRoutes) {
    test(`${route} renders its page with its own title and description`, async ({
      page,
      request,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message.slice(0, 200)}`));
      // Console errors include Content-Security-Policy violations and failed loads.
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text().slice(0, 200)}`);
      });
      await page.goto(route);
      await expect(page.locator('main h1')).toHaveCount(1);
      await expect(page.locator('main h1')).toBeVisible();
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(title.length, route).toBeGreaterThan(10);
      expect(description?.length ?? 0, route).toBeGreaterThan(30);
      // The running app keeps the title the server gave: the one compared across routes below.
      expect(title, route).toBe(titleOf(await (await request.get(route)).text()));
      // The header's row holds all its controls (the homestylz menu is the widest).
      const row = await page.evaluate(() => {
        const el = document.querySelector('header > div');
        return el ? { scroll: el.scrollWidth, client: el.clientWidth } : null;
      });
      expect(row && row.scroll <= row.client, `${route} : en-tête trop large`).toBe(true);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${route === '/' ? '/' : route}$`),
      );
      expect(errors).toEqual([]);
    });
  }

  test('no two public routes share a title', async ({ request }) => {
    const seen = new Map<string, string>();
    for (const route of publicRoutes) {
      const title = titleOf(await (await request.get(route)).text());
      expect([...seen.values()], `${route} a le même titre qu’une autre page`).not.toContain(title);
      seen.set(route, title);
    }
    expect(seen.size).toBe(publicRoutes.length);
  });

  test('title and description follow client-side navigation', async ({ page }) => {
    await page.goto('/services');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Tarifs' })
      .click();
    await expect(page).toHaveURL(/\/tarifs#tarifs$/);
    await expect(page).toHaveTitle(/Tarifs et barème/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Barème d’honoraires TTC/,
    );
  });

  test('an unknown path lands on /404 with a 404 status', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // The 404 status itself is logged by Chromium as a failed resource; hydration errors are not.
      if (m.type() === 'error' && !m.text().includes('404')) errors.push(m.text());
    });
    const response = await page.goto('/cette-page-nexiste-pas');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/introuvable/i);
    expect(errors).toEqual([]);
  });

  test('an unknown path reached inside the app also lands on /404', async ({ page }) => {
    await page.goto('/services');
    await page.evaluate(() => {
      history.pushState(null, '', '/pas/ici');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/404$/);
  });

  for (const [route, headline] of [
    ['/', /chasseur immobilier/i],
    ['/homestylz', /./],
  ] as const) {
    test(`the prerendered HTML of ${route} holds its headline without JavaScript`, async ({
      request,
      browser,
    }) => {
      const html = await (await request.get(route)).text();
      const h1 =
        /<h1[^>]*>([\s\S]*?)<\/h1>/
          .exec(html)?.[1]
          ?.replace(/<[^>]+>/g, '')
          .trim() ?? '';
      expect(h1).toMatch(headline);
      expect(h1.length).toBeGreaterThan(10);

      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await context.close();
    });
  }

  test('scroll position comes back with the back button', async ({ page }) => {
    await page.goto('/aide/conditions-generales');
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() =>
      Object.values(
        JSON.parse(sessionStorage.getItem('scroll-positions') ?? '{}') as Record<string, number>,
      ).includes(1200),
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/aide\/faq$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1100);
  });

  test('every public route fits a 390 px screen without sideways scrolling @mobile', async ({
    page,
  }) => {
    for (const route of publicRoutes) {
      await page.goto(route);
      await expect(page.locator('main h1')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, route).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('API and geography mirror', () => {
  test('health answers 200', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
  });

  test('Île-de-France departments and Essonne communes', async ({ request }) => {
    const departements = (await (await request.get('/geo/regions/11/departements')).json()) as {
      code: string;
    }[];
    expect(departements.map((d) => d.code)).toEqual(
      expect.arrayContaining(['75', '91', '92', '93', '94']),
    );
    const communes = (await (
      await request.get('/geo/departements/91/communes')
    ).json()) as unknown[];
    expect(communes).toHaveLength(194);
  });
});
