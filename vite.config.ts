import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { markdownContent } from './scripts/vite-plugin-content.mjs';
import { CSS_TARGET } from './scripts/inline-css.mjs';

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

/**
 * Explicit compile hint (V8, Chromium 136+): every function of the framework and the shell runs
 * at start, so `//# allFunctionsCalledOnLoad` at the top of those two files lets the browser
 * compile them while it downloads them, off the main thread, instead of one function at a time
 * on first call. Measured with Lighthouse at CPU ×4 (docs/decisions/013-islands.md): the
 * framework's main-thread scripting went from 169–371 ms to 99–213 ms. Other browsers read a
 * comment. Added last, after minification (which drops comments) and after Vite's own code at
 * the top of a chunk (the comment must come before any code).
 */
function compileHints(chunkNames: string[]): Plugin {
  return {
    name: 'compile-hints',
    enforce: 'post',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && chunkNames.includes(file.name)) {
            file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
          }
        }
      },
    },
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
          compileHints(['framework', 'shell']),
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
            // One classic script (iife): the worker imports nothing at run time.
            injectManifest: { injectionPoint: undefined, rollupFormat: 'iife' },
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
          rolldownOptions: {
            // A build-time bundle for Node (the prerender, the server): a module both imported and
            // loaded on demand by the client code is simply there, there is nothing to split.
            checks: { ineffectiveDynamicImport: false },
          },
        }
      : {
          outDir: `${process.env.DIST_DIR ?? 'dist'}/client`,
          emptyOutDir: true,
          manifest: true,
          sourcemap: process.env.SOURCEMAP === '1',
          target: 'es2022',
          // The browsers the site supports (scripts/inline-css.mjs): no CSS fallbacks for others.
          cssTarget: CSS_TARGET,
          assetsInlineLimit: 0,
          // Every browser the site supports (Safari 17+, Firefox 115+, Chromium) knows
          // <link rel="modulepreload">; an older one simply fetches the modules when imported.
          // No preloading helper and dependency map in the bundle (about 0.9 KB of every page's
          // first download): scripts/first-paint.mjs preloads the entry's imports in the HTML, and
          // the service worker serves the later chunks from its cache.
          modulePreload: false,
          rolldownOptions: {
            // Tailwind's one pass over the stylesheet is most of the build's time, by design: no
            // warning about it on every build (a slow machine printed one).
            checks: { pluginTimings: false },
            // The islands (src/app/islands.ts) load on demand pieces the whole app also imports:
            // on a prerendered page each comes without the app, in the app it is already there.
            // The service worker's lifecycle (sw-registration.ts) likewise. Being told so on every
            // build says nothing; any other ineffective dynamic import still warns.
            onLog(level, log, handler) {
              const expected =
                log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' &&
                /is dynamically imported by (src\/app\/islands\.ts|src\/features\/offline\/sw-registration\.ts) but/.test(
                  log.message,
                );
              if (!expected) handler(level, log);
            },
            treeshake: {
              // The long form's modules run nothing when imported: what a page takes from the
              // folder's one door (index.ts) is all it gets, the intro without the engine.
              moduleSideEffects: [
                { test: /src[\\/]features[\\/]long-form[\\/]/, sideEffects: false },
                // The ui folder's door only names what its modules export: importing it runs
                // nothing (without this, an empty file of its own that pages had to fetch).
                { test: /src[\\/]ui[\\/]index\.ts$/, sideEffects: false },
              ],
            },
            output: {
              // What every page runs, in one file: React, the router and the store. Left to
              // itself the bundler cuts them into several small shared chunks, each with its
              // own overhead. The rest is split as the bundler sees fit: a prerendered page
              // loads only its islands (src/lib/island.tsx), and scripts/first-paint.mjs
              // preloads exactly those.
              codeSplitting: {
                groups: [
                  {
                    name: 'framework',
                    test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|valtio|proxy-compare|use-sync-external-store)[\\/]/,
                  },
                  {
                    // The frame of every page and what brings a prerendered page to life: the
                    // islands' start, the header, the cookie banner, the session, the basket's
                    // badge, the hosts (help, toasts, basket panel, offline questions), in one
                    // file instead of some twenty small ones (each with its own overhead).
                    name: 'shell',
                    // Only these: what they load on demand (the session's token logic, the
                    // account menu) stays in its own files.
                    includeDependenciesRecursively: false,
                    test: /src[\\/](app[\\/](start-islands|islands|started|full-stylesheet|layout[\\/](header|dropdown|cart-button|container|menu|scroll-positions)\.)|lib[\\/](island|lazy-page)\.|features[\\/](auth[\\/](index|session\.(state|store))\.|shop[\\/](index|basket-panel\.state)\.|offline[\\/]sw-registration\.|consent[\\/](index|consent|third-party|cookie-|banner-space))|domain[\\/](brand|typography|resources)\.|ui[\\/](shell-icons|logo|icon)\.)/,
                  },
                  {
                    // What a pack's order form (src/features/shop/components/product-order.tsx,
                    // an island: its own file, which scripts/first-paint.mjs preloads) reads: the
                    // catalogue, the basket's rules, the offers, in one file rather than three.
                    // A page fetches its islands' files after its first paint, and each is a
                    // request and a task of the main thread (issue 27).
                    name: 'shop',
                    includeDependenciesRecursively: false,
                    test: /src[\\/]domain[\\/](shop-catalogue|basket|homestylz-offers)\./,
                  },
                  {
                    // The small pieces the forms share (a toast, a button that shows it is busy,
                    // a labelled field, a submit button, an error message, the reading of a
                    // phone number, the long forms' duration and hand-over words): a few hundred
                    // bytes each, one file. Nothing in it imports more than the shell.
                    name: 'form-kit',
                    includeDependenciesRecursively: false,
                    test: /src[\\/](lib[\\/]toast|ui[\\/](busy-button|error-alert|form[\\/](labelled-input|submit-button))|domain[\\/](phone|form-duration)|features[\\/]long-form[\\/]copy[\\/]resume-handoff)\./,
                  },
                  {
                    // A long form's opening (its page, frame and intro, without the engine),
                    // the same for both long forms.
                    name: 'long-form-opening',
                    includeDependenciesRecursively: false,
                    test: /src[\\/]features[\\/]long-form[\\/](ui[\\/](page|frame|intro)|draft-on-device|use-long-form-opening)\./,
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
      include: [
        'src/**/*.test.{ts,tsx}',
        'server/**/*.test.ts',
        'sw/**/*.test.ts',
        'scripts/**/*.test.mjs',
      ],
      environment: 'node',
      // On PostgreSQL (npm run test:pg): the migrated database the tests' own are copied from.
      globalSetup: ['./server/db/test-global-setup.ts'],
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
