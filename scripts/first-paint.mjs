// Makes each prerendered page paint from its own bytes: the CSS its content uses is inlined
// (beasties, a maintained tool: no hand-written extractor), and the tags Vite wrote for the app
// (modulepreloads, stylesheet, entry script) move into an inert <template> that the boot script
// (src/domain/boot-script.ts, inline) brings to life after the first paint. Without JavaScript
// the full stylesheet still comes (<noscript>). The app shell (routes without HTML of their own)
// is left as Vite wrote it.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Beasties from 'beasties';
import { minify } from 'vite';
import { fontFacesFor, trimInlineCss } from './inline-css.mjs';

const ASSET_TAG =
  /<link rel="(?:modulepreload|stylesheet)"[^>]*>|<script type="module"[^>]*><\/script>/g;

/** A chunk of Vite's manifest and every chunk it imports statically, as files. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`first-paint : ${key} absent du manifeste de Vite.`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/**
 * Each island's module (src/app/islands.ts: `name: () => import('…')`), as a key of Vite's
 * manifest. A name the registry has but this reading misses fails the build.
 */
async function islandModules() {
  const registry = await readFile(new URL('../src/app/islands.ts', import.meta.url), 'utf8');
  const modules = {};
  for (const [, name, file] of registry.matchAll(
    /'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('([^']+)'\)/g,
  )) {
    modules[name] = path.posix.join('src/app', file);
  }
  return modules;
}

/**
 * The manifest key of a module path without its extension, or undefined for a module that a
 * named group of vite.config.ts ('shell') took into its chunk: the manifest names that chunk, not
 * the modules in it.
 */
const keyOf = (manifest, modulePath) =>
  ['.tsx', '.ts'].map((ext) => modulePath + ext).find((k) => manifest[k]);

const preloadTag = (file) => `<link rel="modulepreload" crossorigin href="/${file}">`;

/** scripts/<name>.js, minified, written as `file` in the client directory. */
async function writeMinified(clientDir, name, file) {
  const source = await readFile(new URL(`./${name}.js`, import.meta.url), 'utf8');
  const { code } = await minify(`${name}.js`, source, { compress: true, mangle: true });
  await writeFile(path.join(clientDir, file), code);
}

/**
 * @param boot the boot script and the warm-up worker's address (src/domain/boot-script.ts, read
 *   from the prerender bundle by scripts/build.mjs).
 */
export async function prepareFirstPaint(clientDir, prerenderedPaths, pageIslands, boot) {
  const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
  const islandModule = await islandModules();
  /**
   * What a prerendered page runs before anyone touches it (src/app/start-islands.tsx and its
   * islands, src/lib/island.tsx), preloaded at once rather than discovered import by import.
   */
  const pagePreloads = (routePath) => {
    const files = staticClosure(manifest, 'index.html');
    // src/main.tsx loads src/app/start-islands.tsx, which is in the 'shell' group's chunk.
    for (const key of [
      ...(manifest['index.html'].dynamicImports ?? []),
      'src/app/start-islands.tsx',
    ])
      if (key.startsWith('_') || key === 'src/app/start-islands.tsx')
        if (manifest[key]) staticClosure(manifest, key, files);
    for (const name of pageIslands[routePath] ?? []) {
      if (!islandModule[name]) throw new Error(`first-paint : îlot « ${name} » introuvable.`);
      const key = keyOf(manifest, islandModule[name]);
      // Without a key of its own, the island is in the shell's chunk, loaded above.
      if (key) staticClosure(manifest, key, files);
    }
    // The entry itself comes by its own <script> tag, inserted with the preloads: no preload.
    files.delete(manifest['index.html'].file);
    return [...files].map(preloadTag);
  };
  // Minified (the source is commented for people), at the fixed address the boot script names.
  await writeMinified(clientDir, 'intl-warmup', boot.intlWarmupPath.slice(1));

  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    // The @font-face rules are added below, all of them (beasties cannot see through the
    // var(--font-sans) that names the fonts): the web fonts and their metric-matched fallbacks.
    inlineFonts: false,
    preloadFonts: false,
    compress: true,
    logLevel: 'warn',
  });

  let inlinedBytes = 0;
  for (const routePath of prerenderedPaths) {
    const file = path.join(
      clientDir,
      routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`,
    );
    const source = await readFile(file, 'utf8');
    // Vite's tags, as written in the head, before beasties moves the stylesheet.
    const head = source.slice(0, source.indexOf('</head>'));
    const assetTags = head.match(ASSET_TAG) ?? [];
    const stylesheet = assetTags.find((t) => t.startsWith('<link rel="stylesheet"'));
    let html = await beasties.process(source);
    // vite.config.ts turns Vite's modulepreload off (its dependency map weighed on every page's
    // script); what the page runs at start is preloaded here instead, in the template.
    // Without `crossorigin`: every file is the page's own origin, fetched the same way with or
    // without it (module scripts are always CORS requests with same-origin credentials), and
    // the page's first download is shorter by it (issue 27).
    const templateTags = [
      ...pagePreloads(routePath),
      ...assetTags.filter((t) => !t.startsWith('<link rel="modulepreload"')),
    ].map((tag) => tag.replace(' crossorigin', ''));
    for (const tag of assetTags) html = html.replace(tag, '');
    // beasties' 'body' mode moved the stylesheet to the end of the body: take it out too.
    if (stylesheet) html = html.replace(stylesheet, '');
    // The @font-face rules of the built CSS for the characters of this page (the web fonts'
    // subsets it shows, and their metric-matched local() fallbacks), in the page itself since the
    // whole stylesheet comes only when first needed (src/app/full-stylesheet.ts); then the inlined
    // CSS without what the page never reads (scripts/inline-css.mjs).
    const inlined = /<style>([\s\S]*?)<\/style>/.exec(html);
    const href = stylesheet && /href="([^"]+)"/.exec(stylesheet)?.[1];
    if (inlined) {
      const rest = html.replace(inlined[0], '');
      const faces = href
        ? fontFacesFor(await readFile(path.join(clientDir, href), 'utf8'), rest)
        : '';
      html = html.replace(
        inlined[0],
        () => `<style>${trimInlineCss(faces + inlined[1], rest)}</style>`,
      );
    }
    html = html.replace(
      '</head>',
      `<template id="app-assets">${templateTags.join('')}</template>\n` +
        `<script type="module">${boot.script}</script>\n` +
        (stylesheet ? `<noscript>${stylesheet}</noscript>\n` : '') +
        '</head>',
    );
    inlinedBytes += /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]?.length ?? 0;
    await writeFile(file, html);
  }
  // The app shell keeps Vite's tags as they are, with the whole app's start preloaded.
  const shellFile = path.join(clientDir, 'app-shell.html');
  const shell = await readFile(shellFile, 'utf8');
  const shellFiles = staticClosure(manifest, 'index.html');
  staticClosure(manifest, 'src/app/start-app.tsx', shellFiles);
  const preloads = [...shellFiles].filter((f) => !shell.includes(f)).map(preloadTag);
  await writeFile(
    shellFile,
    shell.replace('<script type="module"', `${preloads.join('')}<script type="module"`),
  );

  return { averageInlined: Math.round(inlinedBytes / prerenderedPaths.length) };
}
