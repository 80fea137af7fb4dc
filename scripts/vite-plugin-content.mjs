// The content pages' Vite plugin (docs/contenu.md): `import { html, sections, version } from
// '…/content/conditions-generales.md'` gives that Markdown file as its page shows it, compiled
// here at build time by src/features/public-site/content/compile.ts with the values and block
// layouts of src/features/public-site/content/values.tsx. The module the browser gets holds
// strings only: no Markdown library, no placeholder left. A mistake in a file (an unknown
// {{placeholder}}, an unclosed block) stops the build with the file and line.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const builder = fileURLToPath(
  new URL('../src/features/public-site/content/values.tsx', import.meta.url),
);

/**
 * The compiler with its values, shared by the builds of one process (scripts/build.mjs builds the
 * client, then the prerender bundle: each loads the config, hence this plugin, again).
 * @type {{ compiler: Promise<(source: string, file: string) => Record<string, unknown>> | null, dependencies: Set<string> }}
 */
const shared = (globalThis[Symbol.for('markdown-content')] ??= {
  compiler: null,
  dependencies: new Set(),
});

// The values module is TypeScript with JSX that imports the domain: Vite's module runner
// evaluates it (the config's own bundler would warn about its extensionless imports).
const compile = () =>
  (shared.compiler ??= runnerImport(builder).then(({ module, dependencies }) => {
    // Files the values come from: a change to one of them compiles the pages again.
    shared.dependencies = new Set([builder, ...dependencies]);
    return module.compileContentFile;
  })).catch((error) => {
    shared.compiler = null;
    throw error;
  });

/** @returns {import('vite').Plugin} */
export function markdownContent() {
  let root = process.cwd();
  /** The Markdown file an import names, when it is one of content/. */
  const contentFile = (id) => {
    const [file, query] = id.split('?');
    const folder = path.join(root, 'content') + path.sep;
    return query === undefined && file.endsWith('.md') && file.startsWith(folder) ? file : null;
  };

  return {
    name: 'markdown-content',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      const file = contentFile(id);
      if (!file) return null;
      const compileFile = await compile();
      let page;
      try {
        page = compileFile(await readFile(file, 'utf8'), path.relative(root, file));
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
      const code = Object.entries(page)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
      return { code, map: null, moduleType: 'js' };
    },
    // Here rather than in load: what a transform hook watches, the dev server also takes as the
    // module's imports, so that a change to a value updates the page.
    transform(_, id) {
      if (!contentFile(id)) return null;
      for (const dependency of shared.dependencies) this.addWatchFile(dependency);
      return null;
    },
    watchChange(id) {
      if (shared.dependencies.has(id)) shared.compiler = null;
    },
  };
}
