// Writes each public page as static HTML rendered by the app's own components, so content
// shows before JavaScript runs and search engines read it. The client hydrates it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SHELL = '/app-shell.html';

export async function prerenderSite(clientDir, bundle) {
  const { render, prerenderPaths, routePatterns } = await import(
    pathToFileURL(path.resolve(bundle)).href
  );
  const templateFile = path.join(clientDir, 'index.html');
  const template = await readFile(templateFile, 'utf8');
  // index.html becomes the prerendered home below. The plain shell serves the app routes that have no HTML of their own.
  const shell = template.replace('<!--app-head-->', '').replace('<!--app-html-->', '');
  await writeFile(path.join(clientDir, SHELL.slice(1)), shell);

  // The template's default title and description give way to the page's own.
  const base = template
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '');

  /** The islands of each page (src/app/island.tsx), whose code scripts/first-paint.mjs preloads. */
  const pageIslands = {};
  for (const routePath of prerenderPaths) {
    const { html, head, islands } = await render(routePath);
    pageIslands[routePath] = islands;
    if (!html.includes('<h1'))
      throw new Error(`Prérendu de ${routePath} : aucun titre h1 produit.`);
    // An inline script (React revealing an outlined block) would be blocked by the CSP.
    if (/<script(?![^>]*\bsrc=)/.test(html))
      throw new Error(`Prérendu de ${routePath} : script en ligne produit.`);
    // The address the page was drawn for: the 404 page, served at unknown addresses, takes it back.
    const page = base
      .replace('<!--app-head-->', head)
      .replace('<div id="root"><!--app-html-->', `<div id="root" data-path="${routePath}">${html}`);
    if (page === base) throw new Error('index.html : <div id="root"><!--app-html--> introuvable.');
    const file = routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
    await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
    await writeFile(path.join(clientDir, file), page);
  }

  const manifest = {
    prerendered: prerenderPaths,
    patterns: routePatterns,
    notFound: '/404',
    shell: SHELL,
    islands: pageIslands,
  };
  await writeFile(path.join(clientDir, 'routes.json'), JSON.stringify(manifest, null, 2));
  return prerenderPaths.length;
}
