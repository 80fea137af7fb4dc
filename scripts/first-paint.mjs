// Makes each prerendered page paint from its own bytes: the CSS its content uses is inlined
// (beasties, a maintained tool: no hand-written extractor), and the tags Vite wrote for the app
// (modulepreloads, stylesheet, entry script) move into an inert <template> that scripts/boot.js
// brings to life after the first paint. Without JavaScript the full stylesheet still comes
// (<noscript>). The app shell (routes without HTML of their own) is left as Vite wrote it.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Beasties from 'beasties';
import { minify } from 'vite';

/** The @font-face rules of the built CSS that use only local() fonts: the fallbacks. */
const localFontFaces = (css) =>
  (css.match(/@font-face\{[^}]*\}/g) ?? []).filter((rule) => !rule.includes('url(')).join('');
const ASSET_TAG =
  /<link rel="(?:modulepreload|stylesheet)"[^>]*>|<script type="module"[^>]*><\/script>/g;

/** modulepreload tags for the static imports of the entry script named in `html`. */
async function entryPreloads(clientDir, html) {
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) return [];
  const code = await readFile(path.join(clientDir, entry), 'utf8');
  const imports = [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(imports)].map(
    (file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`,
  );
}

/** scripts/<name>.js, minified, written as assets/<name>-<hash>.js; answers that path. */
async function writeMinified(clientDir, name, edit = (source) => source) {
  const source = edit(await readFile(new URL(`./${name}.js`, import.meta.url), 'utf8'));
  const { code } = await minify(`${name}.js`, source, { compress: true, mangle: true });
  const file = `assets/${name}-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  await writeFile(path.join(clientDir, file), code);
  return file;
}

export async function prepareFirstPaint(clientDir, prerenderedPaths) {
  // Minified (the sources are commented for people; every page downloads them).
  const warmupName = await writeMinified(clientDir, 'intl-warmup');
  const bootName = await writeMinified(clientDir, 'boot', (source) =>
    source.replace('__INTL_WARMUP__', `/${warmupName}`),
  );

  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    // No @font-face: the web fonts come with the full stylesheet, after the first paint; their
    // metric-matched local() fallbacks are added below (beasties cannot see through the
    // var(--font-sans) that names them).
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
    // script); the entry's own static imports are preloaded here instead, in the template.
    assetTags.unshift(...(await entryPreloads(clientDir, assetTags.join(''))));
    const href = stylesheet && /href="([^"]+)"/.exec(stylesheet)?.[1];
    if (href) {
      const css = await readFile(path.join(clientDir, href), 'utf8');
      html = html.replace('<style>', `<style>${localFontFaces(css)}`);
    }
    for (const tag of assetTags) html = html.replace(tag, '');
    // beasties' 'body' mode moved the stylesheet to the end of the body: take it out too.
    if (stylesheet) html = html.replace(stylesheet, '');
    html = html.replace(
      '</head>',
      `<template id="app-assets">${assetTags.join('')}</template>\n` +
        `<script type="module" src="/${bootName}"></script>\n` +
        (stylesheet ? `<noscript>${stylesheet}</noscript>\n` : '') +
        '</head>',
    );
    inlinedBytes += /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]?.length ?? 0;
    await writeFile(file, html);
  }
  // The app shell keeps Vite's tags as they are, with the same preloads added.
  const shellFile = path.join(clientDir, 'app-shell.html');
  const shell = await readFile(shellFile, 'utf8');
  const preloads = await entryPreloads(clientDir, shell);
  await writeFile(
    shellFile,
    shell.replace('<script type="module"', `${preloads.join('')}<script type="module"`),
  );

  return { averageInlined: Math.round(inlinedBytes / prerenderedPaths.length) };
}
