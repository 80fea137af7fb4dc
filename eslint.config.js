// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Dependency direction (DESIGN.md): domain ← db, lib, ui ← features ← app; sw uses domain and db;
 * server uses domain only. A feature reaches another only through its index.ts.
 */
const zones = [
  {
    target: './src/domain',
    from: ['./src/db', './src/lib', './src/ui', './src/features', './src/app', './sw', './server'],
    message: 'src/domain est pur : il n’importe rien du reste du projet.',
  },
  {
    target: ['./src/db', './src/lib', './src/ui'],
    from: ['./src/features', './src/app', './sw', './server'],
    message: 'Les couches basses n’importent ni les features, ni app, ni sw, ni server.',
  },
  {
    target: './src/features',
    from: ['./src/app', './sw', './server'],
    message: 'Une feature n’importe ni app, ni sw, ni server.',
  },
  { target: './src/app', from: ['./sw', './server'], message: 'app n’importe ni sw ni server.' },
  {
    // Its tests may start the real server.
    target: './sw/!(*.test).ts',
    from: ['./src/lib', './src/ui', './src/features', './src/app', './server'],
    message: 'Le service worker n’utilise que src/domain et src/db.',
  },
  {
    target: './server',
    from: ['./src/db', './src/lib', './src/ui', './src/features', './src/app', './sw'],
    message: 'Le serveur n’utilise que src/domain.',
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [
      `./${name}`,
      ...features.filter((f) => f !== name).map((f) => `./${f}/index.ts`),
      // A second public entry: it reads IndexedDB, and offline/index.ts is in every page's first
      // download, where the database code must not be.
      ...(name === 'offline' ? [] : ['./offline/submission-status.tsx']),
      // The wizard's question steps, for the client area's criteria editor.
      ...(name === 'buyer-signup' ? [] : ['./buyer-signup/criteria.ts']),
    ],
    message: 'Une feature n’importe une autre feature que par son index.ts.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'data',
      '.tmp',
      'test-results',
      'playwright-report',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ofetch', importNames: ['$fetch'], message: 'Passez par src/lib/api.ts.' },
            { name: 'react-hot-toast', message: 'Passez par notify de src/lib/toast.tsx.' },
          ],
        },
      ],
    },
  },
  {
    // A route parses with its contract, authorises, and calls one repository function
    // (docs/decisions/009-resource-shape.md): no SQL, no files, no other route in a route file.
    files: ['server/resources/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'kysely', message: 'Les requêtes vont dans le repository (*.repo.ts).' },
            {
              name: 'better-sqlite3',
              message: 'Les requêtes vont dans le repository (*.repo.ts).',
            },
            { name: 'node:fs', message: 'Les fichiers passent par le DocumentStore.' },
            { name: 'node:fs/promises', message: 'Les fichiers passent par le DocumentStore.' },
            { name: 'fs', message: 'Les fichiers passent par le DocumentStore.' },
          ],
          patterns: [
            {
              group: ['**/*.routes', '**/*.routes.ts'],
              message: 'Une route n’importe pas une autre route : partagez par un repository.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive)$/]',
          message: 'Les requêtes vont dans le repository (*.repo.ts), pas dans la route.',
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"]',
          message: 'Le SQL va dans le repository (*.repo.ts), pas dans la route.',
        },
      ],
    },
  },
  {
    // The mandate's PDF and signature libraries are the server's (issue 30): never in a page or
    // the worker. The rule's options replace the general ones, so those are repeated.
    files: ['src/**', 'sw/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ofetch', importNames: ['$fetch'], message: 'Passez par src/lib/api.ts.' },
            { name: 'react-hot-toast', message: 'Passez par notify de src/lib/toast.tsx.' },
            { name: 'pdfmake', message: 'Bibliothèque du serveur (server/mandates).' },
            { name: 'node-forge', message: 'Bibliothèque du serveur (server/mandates).' },
          ],
          patterns: [
            { group: ['@signpdf/*'], message: 'Bibliothèque du serveur (server/mandates).' },
            { group: ['pdfmake/*'], message: 'Bibliothèque du serveur (server/mandates).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/toast.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's.
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['scripts/**', '*.config.*', 'tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
