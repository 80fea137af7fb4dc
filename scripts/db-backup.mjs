// `npm run db:backup -- <fichier>`: a consistent copy of the embedded SQLite database
// (DATA_DIR/app.sqlite) while the server runs, with SQLite's VACUUM INTO: one read transaction,
// so the copy is the database as it was at one instant, whatever the server writes meanwhile
// (WAL mode: neither waits for the other). The copy is checked (integrity_check) before it takes
// its name; an existing file is never overwritten. PostgreSQL (DATABASE_URL): pg_dump instead.
// docs/deploy.md, « Sauvegardes ».
import { existsSync, readFileSync, renameSync, rmSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import Database from 'better-sqlite3';

/** The settings the server would read: the environment first, then ./.env (server/main.ts). */
function settings() {
  const fromFile = existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith('-')) {
  fail(
    'Usage : npm run db:backup -- <fichier>   (par exemple backups/app-2025-01-31.sqlite)\n' +
      'Copie cohérente de DATA_DIR/app.sqlite, serveur en marche ou non.',
  );
}
const env = settings();
if (env.DATABASE_URL) {
  fail(
    'DATABASE_URL est défini : la base est PostgreSQL. Sauvegardez-la avec pg_dump (docs/deploy.md, «\u00a0Sauvegardes\u00a0»).',
  );
}
const source = path.resolve(env.DATA_DIR || './data', 'app.sqlite');
// `npm run` works from the project's folder: a relative name is taken from where it was typed.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
if (!existsSync(source)) fail(`Aucune base à sauvegarder : ${source} n’existe pas (DATA_DIR ?).`);
if (existsSync(target)) fail(`${target} existe déjà : choisissez un autre nom de fichier.`);
mkdirSync(path.dirname(target), { recursive: true });

const partial = `${target}.${process.pid}.part`;
const started = new Date();
try {
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
  const copy = new Database(partial, { readonly: true });
  let tables;
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`la copie est incohérente (integrity_check : ${check})`);
    tables = copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get().n;
  } finally {
    copy.close();
  }
  if (existsSync(target)) throw new Error(`${target} est apparu pendant la copie`);
  renameSync(partial, target);
  const megabytes = (statSync(target).size / 1024 / 1024).toFixed(1);
  console.log(
    `Sauvegarde écrite : ${target} (${megabytes} Mo, ${tables} tables), état de la base à ${started.toISOString()}.`,
  );
} catch (err) {
  rmSync(partial, { force: true });
  fail(`Sauvegarde impossible : ${err instanceof Error ? err.message : String(err)}`);
}
