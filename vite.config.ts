import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { markdownContent } from './scripts/vite-plugin-content.mjs';

/**
 * The version in every page's <head> (<meta name="version">): what support asks for, and how a
 * test tells the new build from the old. APP_VERSION overrides package.json's version.
 */
function appVersion(): Plugin {
  const version =
    process.env.APP_VERSION ||
    (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  return {
    name: 'app-version',
    transformIndexHtml: (html) => html.replace('%APP_VERSION%', version),
  };
}

/** The design card keeps manifest.webmanifest at the top level: serve it in dev, emit it in build. */
function webManifest(): Plugin {
  const read = () => readFileSync('manifest.webmanifest', 'utf8');
  return {
    name: 'web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(read());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: read() });
    },
  };
}

/**
 * Vite wraps every dynamic import in a preloading helper (about 0.6 KB gzip of the shell) that
 * adds <link rel=modulepreload> for the chunk's imports and <link rel=stylesheet> for its CSS.
 * Neither applies here: modulePreload is off (scripts/first-paint.mjs preloads the entry's imports
 * in the HTML, the service worker serves later chunks from its cache) and the one stylesheet is
 * already on every page. The helper is replaced by a plain call, so a failed import rejects as
 * the import itself does.
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'plain-dynamic-imports',
    enforce: 'pre',
    apply: 'build',
    resolveId: (id) => (id === helper ? id : null),
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();' : null),
  };
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

// One config for the client build, the SSR builds (prerender bundle and server bundle, driven by
// scripts/build.mjs) and vitest.
export default defineConfig(({ isSsrBuild, mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  return {
    resolve: {
      alias: {
        'use-sync-external-store/shim/index.js': fileURLToPath(
          new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    },
    plugins: isSsrBuild
      ? [react(), markdownContent()]
      : [
          react(),
          markdownContent(),
          plainDynamicImports(),
          tailwindcss(),
          webManifest(),
          appVersion(),
          // sw/sw.ts compiled to /sw.js. The precache list is injected later, by
          // scripts/build.mjs, once the pages are prerendered: injectionPoint is left unset here
          // so `self.__WB_MANIFEST` survives this build.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'sw.ts',
            registerType: 'prompt',
            injectRegister: false,
            manifest: false,
            injectManifest: { injectionPoint: undefined, rollupFormat: 'es' },
            devOptions: { enabled: false },
          }),
        ],
    define: {
      // PUBLIC_URL serves both the server and the canonical links written at build.
      'import.meta.env.VITE_PUBLIC_URL': JSON.stringify(
        env.VITE_PUBLIC_URL || env.PUBLIC_URL || '',
      ),
    },
    build: isSsrBuild
      ? {
          target: 'node20',
          emptyOutDir: true,
          sourcemap: true,
          minify: false,
          copyPublicDir: false,
        }
      : {
          outDir: `${process.env.DIST_DIR ?? 'dist'}/client`,
          emptyOutDir: true,
          manifest: true,
          sourcemap: process.env.SOURCEMAP === '1',
          target: 'es2022',
          assetsInlineLimit: 0,
          // Every browser the site supports (Safari 17+, Firefox 115+, Chromium) knows
          // <link rel="modulepreload">; an older one simply fetches the modules when imported.
          // No preloading helper and dependency map in the bundle (about 0.9 KB of every page's
          // first download): scripts/first-paint.mjs preloads the entry's imports in the HTML, and
          // the service worker serves the later chunks from its cache.
          modulePreload: false,
          rolldownOptions: {
            treeshake: {
              // The long form's modules run nothing when imported: what a page takes from the
              // folder's one door (index.ts) is all it gets, the intro without the engine.
              moduleSideEffects: [
                { test: /src[\\/]features[\\/]long-form[\\/]/, sideEffects: false },
              ],
            },
            output: {
              // What every page runs, in one file: React, the router and the store. Left to
              // itself the bundler cuts them into several small shared chunks, each with its
              // own overhead, which the 90 KB budget of '/' cannot afford.
              advancedChunks: {
                groups: [
                  {
                    name: 'framework',
                    test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|valtio|proxy-compare|use-sync-external-store)[\\/]/,
                  },
                  {
                    // Page building blocks and the small modules most pages share; also those the
                    // shell shares with lazy chunks (the session's storage, the basket badge, the
                    // plain dynamic-import helper), which the bundler would otherwise cut into
                    // files of a few bytes each.
                    name: 'site',
                    test: /src[\\/](ui[\\/](page|index|illustration)|domain[\\/](fees|format|geography)|lib[\\/](token-storage|basket-badge)|features[\\/]auth[\\/]session\.state)\.|vite[\\/]preload-helper/,
                  },
                  {
                    // What the two long forms' pages share (their intro and draft reading): one
                    // chunk, so one entry in the preload list of the shell every page loads.
                    name: 'long-form',
                    test: /src[\\/]features[\\/]long-form[\\/](ui[\\/](frame|intro|page)|draft|use-long-form-opening)\./,
                  },
                ],
              },
            },
          },
        },
    server: {
      watch: {
        ignored: ['**/playwright-report/**', '**/test-results/**', '**/.tmp/**', '**/data/**'],
      },
      proxy: {
        '/api': apiTarget,
        '/geo': apiTarget,
        '/dev': apiTarget,
      },
    },
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts'],
      environment: 'node',
      restoreMocks: true,
      // Ceilings, not waits (docs/testing.md): generous enough for one slow core, where the
      // slowest test (real scrypt, a real server process) takes seconds; in one place.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // The ten slowest tests at the end of the run (scripts/slowest.mjs).
      reporters: ['default', './scripts/vitest-slowest-reporter.mjs'],
    },
  };
});
