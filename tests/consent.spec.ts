import { expect, test } from './fixtures';

test.use({ consentGiven: false });

test('cookie banner: equal choices, kept after reload, reopened from the footer', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  const accept = banner.getByRole('button', { name: 'Accepter' });
  const refuse = banner.getByRole('button', { name: 'Refuser' });
  expect(await accept.getAttribute('class')).toBe(await refuse.getAttribute('class'));
  const [a, r] = [await accept.boundingBox(), await refuse.boundingBox()];
  expect(Math.round(a?.width ?? 0)).toBe(Math.round(r?.width ?? -1));

  await refuse.click();
  await expect(banner).toBeHidden();
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cookie_consent') ?? '{}') as { choice?: string },
  );
  expect(stored.choice).toBe('refused');

  await page.reload();
  // The help button exists only once the app runs: from then on the banner would have shown.
  await expect(page.getByTestId('help-widget')).toBeVisible();
  await expect(banner).toBeHidden();

  await page.getByRole('contentinfo').getByRole('button', { name: 'Gestion des cookies' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Accepter' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toContain('accepted');
  // No analytics is configured in this build: accepting loads no third-party script.
  const external = await page.evaluate(
    () => [...document.scripts].filter((s) => s.src && !s.src.startsWith(location.origin)).length,
  );
  expect(external).toBe(0);
});

test('withdrawing consent starts the page again without third-party scripts', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'cookie_consent',
        JSON.stringify({ choice: 'accepted', at: Date.now() }),
      );
    }
  });
  await page.goto('/services');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Gestion des cookies' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Refuser' }).click();
  await reloaded;
  expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toContain('refused');
});

test('an expired choice is asked again', async ({ page }) => {
  await page.addInitScript(() => {
    const sevenMonths = 213 * 24 * 60 * 60 * 1000;
    localStorage.setItem(
      'cookie_consent',
      JSON.stringify({ choice: 'accepted', at: Date.now() - sevenMonths }),
    );
  });
  await page.goto('/services');
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
});
