// Injects the precache list into dist/client/sw.js once every page is prerendered: the shell,
// each page's HTML, every chunk and stylesheet, the fonts French text needs, the icons and the
// images the flows show. Hashed files are revisioned by their name, HTML by its content.
import { injectManifest } from 'workbox-build';

export async function injectPrecache(clientDir) {
  const { count, size, warnings } = await injectManifest({
    swSrc: `${clientDir}/sw.js`,
    swDest: `${clientDir}/sw.js`,
    globDirectory: clientDir,
    globPatterns: [
      '**/*.html',
      'assets/**/*.{js,css}',
      // Latin and Latin Extended cover French (é, œ, «, €); other scripts load on demand.
      'assets/**/*-latin-*.woff2',
      'assets/**/*-latin-ext-*.woff2',
      'images/**/*.svg',
      'icons/*.png',
      'favicon.svg',
      'manifest.webmanifest',
      // The boot script's worker (src/domain/boot-script.ts), at a fixed address: revisioned here.
      'intl-warmup.js',
    ],
    globIgnores: ['sw.js', '**/*.map', '**/*.br', '**/*.gz'],
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // Pages are precached under the address people use ('/services'), which is what the server
    // answers; it does not serve 'services/index.html' itself.
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((entry) => {
          if (entry.url === 'index.html') return { ...entry, url: '/' };
          if (entry.url.endsWith('/index.html'))
            return { ...entry, url: `/${entry.url.slice(0, -'/index.html'.length)}` };
          return entry;
        }),
        warnings: [],
      }),
    ],
  });
  for (const warning of warnings) console.warn(`Précache : ${warning}`);
  return { count, size };
}
