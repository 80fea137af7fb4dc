// `npm run db:copy -- --from sqlite:./data --to postgres://… [--to-data-dir <dossier>]`: an SQLite
// installation copied into an empty PostgreSQL database, with its documents (server/db/copy.ts).
// Run by tsx (a dev dependency, there after `npm ci`), like `npm run bench:staff`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, parseEnv as parseDotEnv } from 'node:util';
import { LocalDocumentStore, type DocumentStore } from '../resources/documents/document-store';
import { S3_DOCUMENTS_PREFIX, openDocumentStore } from '../resources/documents/open-document-store';
import { EnvError, parseEnv } from '../env';
import { openDatabase } from './database';
import { isPostgresUrl } from './dialect';
import {
  CopyRefused,
  copyInstallation,
  formatReport,
  sqliteSourceOf,
  withoutPassword,
} from './copy';

const USAGE = `Usage\u00a0: npm run db:copy -- --from sqlite:<DATA_DIR ou app.sqlite> --to postgres://… [--to-data-dir <dossier>]

Copie toutes les tables d’une installation SQLite dans une base PostgreSQL vide (migrée ici au
niveau de ce code), puis ses documents (DATA_DIR/documents)\u00a0:
  - vers le stockage S3 si les variables S3_* sont définies (environnement ou .env)\u00a0;
  - sinon vers <dossier>/documents, le DATA_DIR du nouveau serveur (--to-data-dir).
Arrêtez le serveur avant\u00a0: ce qu’il écrirait pendant la copie n’y serait pas.
Une base cible qui contient déjà des données est refusée (rien n’est remplacé ni fusionné).`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The environment first, then ./.env, as the server reads them (server/main.ts). */
function settings(): Record<string, string | undefined> {
  const fromFile = existsSync('.env') ? parseDotEnv(readFileSync('.env', 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

/** Where the documents go: the S3 store of the settings, or the folder --to-data-dir. */
function documentsTarget(
  toDataDir: string | undefined,
): { store: DocumentStore; name: string } | undefined {
  const given = settings();
  const s3 = Object.fromEntries(Object.entries(given).filter(([key]) => key.startsWith('S3_')));
  const env = parseEnv({ NODE_ENV: 'development', ...s3 });
  const instance = `db-copy-${process.pid}`;
  if (env.S3_BUCKET) {
    if (toDataDir)
      throw new CopyRefused(
        `S3_BUCKET est défini (${env.S3_BUCKET})\u00a0: les documents iront dans ce seau. Retirez --to-data-dir, ou les variables S3_* si vous voulez un dossier.`,
      );
    return {
      store: openDocumentStore(env, '', instance),
      name: `le seau S3 ${env.S3_BUCKET} (${S3_DOCUMENTS_PREFIX})`,
    };
  }
  if (!toDataDir) return undefined;
  const store = openDocumentStore(env, toDataDir, instance);
  return { store, name: store instanceof LocalDocumentStore ? store.dir : toDataDir };
}

async function main() {
  let values: { from?: string; to?: string; 'to-data-dir'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        'to-data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.from || !values.to) fail(USAGE);
  if (!isPostgresUrl(values.to))
    fail(`--to doit être une adresse PostgreSQL (postgres://…).\n\n${USAGE}`);
  // `npm run` works from the project's folder: a relative path is taken from where it was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const source = sqliteSourceOf(values.from, cwd);
  const toDataDir = values['to-data-dir'] ? path.resolve(cwd, values['to-data-dir']) : undefined;
  const documents = documentsTarget(toDataDir);
  const target = openDatabase(values.to, { poolSize: 2 });
  const to = withoutPassword(values.to);
  console.log(`Copie de ${source.file} vers ${to}…`);
  try {
    const report = await copyInstallation({
      source,
      target,
      documentsTo: documents?.store,
      documentsToName: documents?.name,
    });
    console.log(formatReport(report, source.file, to));
  } finally {
    await target.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CopyRefused || error instanceof EnvError) fail(error.message);
  fail(`Copie impossible\u00a0: ${error instanceof Error ? error.message : String(error)}`);
});
