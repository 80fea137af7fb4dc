// Screenshots of every screen of both long forms (intro, each step answered, confirmation) and of
// every prerendered page, at 390 and 1280 px, from the production build served by the real server. Run it before and after
// a change that must not show, then compare the two folders: `--compare` exits 1 when a picture
// differs byte for byte (same Chromium, same build settings: identical pixels give identical PNGs).
//   node scripts/screens-shots.mjs <dossier>            (after `npm run build`)
//   node scripts/screens-shots.mjs --compare <avant> <après>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, systemChromium } from './browser.mjs';
import { serveBuilt } from './serve-built.mjs';

const args = process.argv.slice(2);

if (args[0] === '--compare') {
  const [before, after] = args.slice(1);
  const names = new Set([...readdirSync(before), ...readdirSync(after)]);
  let differ = 0;
  for (const name of [...names].sort()) {
    let a, b;
    try {
      a = readFileSync(path.join(before, name));
      b = readFileSync(path.join(after, name));
    } catch {
      console.log(`absente d’un côté : ${name}`);
      differ += 1;
      continue;
    }
    if (!a.equals(b)) {
      console.log(`différente : ${name}`);
      differ += 1;
    }
  }
  console.log(`${names.size} images, ${differ} différente(s)`);
  process.exit(differ === 0 ? 0 : 1);
}

const outDir = args[0];
if (!outDir) {
  console.error('Usage : node scripts/screens-shots.mjs <dossier> | --compare <avant> <après>');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

const flows = [
  {
    name: 'proprietaire',
    route: '/questions-proprietaire',
    async submit(page) {
      await page.getByLabel('Nom', { exact: true }).fill('Lefèvre');
      await page.getByLabel('Prénom').fill('Hugo');
      await page.getByLabel('Adresse e-mail').fill('hugo.lefevre@exemple.fr');
      await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    },
    send: 'Envoyer ma demande',
  },
  {
    name: 'acquereur',
    route: '/signup',
    async submit(page, width) {
      const values = ['Martin', 'Jeanne', `jeanne.martin.${width}@exemple.fr`, '06 12 34 56 78'];
      for (const [i, label] of ['Nom', 'Prenom', 'Adresse mail', 'Téléphone'].entries())
        await page.getByLabel(label, { exact: true }).fill(values[i]);
      await page.getByLabel('Mot de passe', { exact: true }).fill('Maison2026');
      await page.getByLabel(/Confirmation/).fill('Maison2026');
    },
    send: 'Validé',
  },
];

/** The prerendered pages, found in the build (each `index.html` under `dist/client`). */
function prerenderedRoutes(dir = 'dist/client', prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return prerenderedRoutes(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    return entry.name === 'index.html' ? [prefix || '/'] : [];
  });
}

const server = await serveBuilt();
const browser = await chromium.launch({ executablePath: systemChromium(), args: chromiumArgs });
let count = 0;
try {
  for (const flow of flows) {
    for (const width of [390, 1280]) {
      const page = await newPage(width);
      const context = page.context();
      const shot = (label) =>
        settledShot(page, path.join(outDir, `${flow.name}-${width}-${label}.png`));
      await page.goto(server.url + flow.route, { waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'C’est parti !' }).waitFor();
      await shot('00-intro');
      await page.getByRole('button', { name: 'C’est parti !' }).click();
      const main = page.locator('main');
      for (let step = 1; step <= 17; step += 1) {
        const heading = (await main.locator('h1').first().textContent()).trim();
        const label = String(step).padStart(2, '0');
        await shot(`${label}-vide`);
        const next = page.getByRole('button', { name: 'Suivant' });
        if (!(await next.isVisible())) {
          await flow.submit(page, width);
          await shot(`${label}-rempli`);
          await page.getByRole('button', { name: flow.send }).click();
          break;
        }
        if (await answer(page)) await shot(`${label}-rempli`);
        await next.click();
        await page.waitForFunction(
          (h) => document.querySelector('main h1')?.textContent?.trim() !== h,
          heading,
        );
      }
      await page
        .getByText(/e-mail/)
        .first()
        .waitFor();
      // The confirmation names the address typed: a fixed one per width keeps the picture stable.
      await shot('99-confirmation');
      await context.close();
    }
  }
  for (const width of [390, 1280]) {
    const page = await newPage(width);
    for (const route of [...prerenderedRoutes(), '/signin']) {
      await page.goto(server.url + route, { waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const name = route === '/' ? 'accueil' : route.slice(1).replaceAll('/', '_');
      await settledShot(page, path.join(outDir, `page-${name}-${width}.png`));
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${count} images dans ${outDir}`);

async function newPage(width) {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 800 },
    deviceScaleFactor: 1,
    timezoneId: 'Europe/Paris',
    locale: 'fr-FR',
  });
  // The cookie banner answered, so it covers nothing.
  await context.addInitScript(() => {
    localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() }));
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${width}] erreur JS`, e.message));
  return page;
}

/** A full-page picture, taken again until two in a row agree: the screen has settled. */
async function settledShot(page, file) {
  await page.waitForLoadState('networkidle');
  // Lazy images and fonts loaded, so the picture does not depend on timing.
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    await Promise.all(images.map((img) => img.decode().catch(() => {})));
    await document.fonts.ready;
    // The fixed header is drawn where the window is: the same place in every picture.
    window.scrollTo(0, 0);
  });
  let previous = null;
  for (let i = 0; i < 20; i += 1) {
    const picture = await page.screenshot({ fullPage: true, animations: 'disabled' });
    if (previous?.equals(picture)) break;
    previous = picture;
    await page.waitForTimeout(150);
  }
  writeFileSync(file, previous);
  count += 1;
}

/** Answers a step with its first option or a plausible number; false when it had nothing. */
async function answer(page) {
  const main = page.locator('main');
  const radios = main.getByRole('radio');
  if (
    (await radios.count()) > 0 &&
    (await main.getByRole('radio', { checked: true }).count()) === 0
  ) {
    await radios.first().check();
    return true;
  }
  const boxes = main.getByRole('checkbox');
  if (
    (await boxes.count()) > 0 &&
    (await main.getByRole('checkbox', { checked: true }).count()) === 0
  ) {
    await boxes.first().check();
    return true;
  }
  const number = main.locator('input[type="number"]');
  if ((await number.count()) > 0 && (await number.first().inputValue()) === '') {
    await number.first().fill('450000');
    return true;
  }
  return false;
}
