import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../scripts/postgres.mjs';
import { makeTestApp, postJson, signedIn } from '../test-app';
import { LocalDocumentStore } from '../resources/documents/document-store';
import { CopyRefused, copyInstallation, sqliteSourceOf } from './copy';
import { migrateToLatest, openDatabase, type Db } from './database';
import { DEMO_PASSWORD } from './seed';
import { seedDemoWork } from './seed-demo-work';
import { createTestDatabase } from './test-database';
import { runProcess } from '../test-process';

/**
 * `npm run db:copy` on the seeded demo installation (issue 26): the copy is run as a user runs
 * it (npm, a process of its own), then the application answers the same on SQLite and on
 * PostgreSQL: same lists, same counts, same fiches, same figures, same document bytes, and
 * every table holds the same rows.
 */

let postgres: TestPostgres | undefined;
/** A PostgreSQL server: `npm run test:pg`'s when it runs this file, otherwise one started here. */
let server: string;
const root = mkdtempSync(path.join(os.tmpdir(), 'db-copy-'));
const open: Db[] = [];

beforeAll(async () => {
  server = process.env.TEST_DATABASE_URL ?? (postgres = await startPostgres()).url;
}, 120_000);

afterAll(async () => {
  for (const db of open) await db.destroy();
  await postgres?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A new, empty database on the server, and its address. */
async function newDatabase(): Promise<string> {
  return createTestDatabase(server, `copy_${randomBytes(5).toString('hex')}`);
}

const keep = (db: Db) => (open.push(db), db);

/** `npm run db:copy -- …args`, as a process of its own, without any S3 setting of a .env. */
function dbCopy(args: string[]) {
  return runProcess('npm', ['run', '--silent', 'db:copy', '--', ...args], {
    S3_ENDPOINT: '',
    S3_BUCKET: '',
    S3_ACCESS_KEY_ID: '',
    S3_SECRET_ACCESS_KEY: '',
    S3_FORCE_PATH_STYLE: '0',
  });
}

/** Every row of every application table, in a stable order, per table. */
async function everyRow(
  tables: string[],
  read: (table: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables)
    result[table] = (await read(table))
      .map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))))
      .sort();
  return result;
}

const PDF = Buffer.from(`%PDF-1.4\n${randomBytes(2048).toString('base64')}\n%%EOF\n`);

describe('npm run db:copy (SQLite → PostgreSQL)', () => {
  it('copies the seeded demo installation and its documents: the application answers the same on both', async () => {
    // The demo installation as the server makes it at its first start (server/main.ts).
    const sourceDir = path.join(root, 'sqlite-data');
    const source = await makeTestApp({ dataDir: sourceDir, seed: true });
    keep(source.db);
    expect(await seedDemoWork(source.db)).toBe(true);
    const admin = await signedIn(source, 'admin@demo.chassimmo.fr');
    const client = await signedIn(source, 'client@demo.chassimmo.fr');
    // One uploaded document.
    const upload = await source.app.request('/api/client/documents/identite', {
      method: 'PUT',
      headers: {
        ...client.headers,
        'Content-Type': 'application/pdf',
        'X-File-Name': encodeURIComponent('Carte d’identité.pdf'),
      },
      body: PDF,
    });
    expect(upload.status).toBe(200);
    // Claire, an early account, now follows a hunter created after her: her row points at a
    // later one (the copy must insert the hunter first), and SQLite's triggers copy the new
    // hunter onto her project.
    const hunter = await source.db
      .selectFrom('app_user')
      .select('id')
      .where('email', '=', 'chasseur3@demo.chassimmo.fr')
      .executeTakeFirstOrThrow();
    const before = (await (
      await source.app.request(`/api/staff/buyers/${client.id}`, { headers: admin.headers })
    ).json()) as { user: { version: number } };
    const assigned = await source.app.request(
      `/api/staff/buyers/${client.id}/assign`,
      postJson({ hunterId: hunter.id, version: before.user.version }, admin.headers),
    );
    expect(assigned.status).toBe(200);
    // A deleted note: SQLite never gives its id again, nor must PostgreSQL.
    const lastNote = await source.db
      .selectFrom('staff_note')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    expect(Number(lastNote.id)).toBeGreaterThan(0);
    await source.db.deleteFrom('staff_note').where('id', '=', Number(lastNote.id)).execute();

    const url = await newDatabase();
    const targetDir = path.join(root, 'pg-data');

    // Documents to copy and nowhere to put them: refused before any row is written.
    const early = keep(openDatabase(url, { poolSize: 2 }));
    await expect(
      copyInstallation({ source: sqliteSourceOf(`sqlite:${sourceDir}`, '/'), target: early }),
    ).rejects.toThrow(/1 document\(s\).*--to-data-dir/);
    expect(await early.selectFrom('app_user').select('id').execute()).toEqual([]);

    const copied = await dbCopy([
      '--from',
      `sqlite:${path.join(sourceDir, 'app.sqlite')}`,
      '--to',
      url,
      '--to-data-dir',
      targetDir,
    ]);
    expect(copied.output).toContain('Copie terminée');
    expect(copied.code).toBe(0);
    expect(copied.output).not.toContain(':postgres@'); // no password printed
    expect(copied.output).toMatch(/app_user\s*\u00a0: \d+ lignes/);
    expect(copied.output).toContain('Documents\u00a0: 1 copié vers');

    // Every table, row for row (the columns the copy triggers maintain included).
    const sqlite = new SQLite(path.join(sourceDir, 'app.sqlite'), { readonly: true });
    const tables = (
      sqlite
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite%' and name not like 'kysely%'",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['app_user', 'buyer_project', 'audit_log']));
    const target = keep(openDatabase(url, { poolSize: 4 }));
    const fromSqlite = await everyRow(tables, (table) =>
      Promise.resolve(
        sqlite.prepare(`select * from "${table}"`).all() as Record<string, unknown>[],
      ),
    );
    sqlite.close();
    const rowsOn = (db: Db) =>
      everyRow(
        tables,
        (table) =>
          db
            .selectFrom(table as 'app_user')
            .selectAll()
            .execute() as Promise<Record<string, unknown>[]>,
      );
    const fromPostgres = await rowsOn(target);
    expect(
      Object.fromEntries(tables.map((t) => [t, fromPostgres[t]?.length])),
      'rows per table',
    ).toEqual(Object.fromEntries(tables.map((t) => [t, fromSqlite[t]?.length])));
    expect(fromPostgres).toEqual(fromSqlite);
    expect(fromSqlite.client_document).toHaveLength(1);

    // The application on PostgreSQL, as main.ts builds it with DATABASE_URL and the new DATA_DIR.
    await migrateToLatest(target);
    const onPg = await makeTestApp({ db: target, env: { DATA_DIR: targetDir } });
    const pgApp = onPg.app;
    const pgAdmin = await signedIn(onPg, 'admin@demo.chassimmo.fr');
    const pgClient = await signedIn(onPg, 'client@demo.chassimmo.fr');
    const lead = (await (
      await source.app.request('/api/staff/leads?pageSize=1', { headers: admin.headers })
    ).json()) as { items: { id: number }[] };
    const leadId = lead.items[0]?.id;
    expect(leadId).toBeDefined();

    const answers = async (
      app: typeof pgApp,
      staff: { headers: Record<string, string> },
      buyer: { headers: Record<string, string> },
    ) => {
      const json = async (url: string, who = staff) => {
        const res = await app.request(url, { headers: who.headers });
        return { url, status: res.status, body: (await res.json()) as unknown };
      };
      const bytes = async (url: string, who = staff) => {
        const res = await app.request(url, { headers: who.headers });
        return { url, status: res.status, body: Buffer.from(await res.arrayBuffer()) };
      };
      return [
        await json('/api/staff/buyers?pageSize=100'),
        await json('/api/staff/buyers?pageSize=100&sort=name'),
        await json('/api/staff/buyers?pageSize=100&sort=stage'),
        await json('/api/staff/buyers?pageSize=100&q=boulogne'),
        await json('/api/staff/buyers?pageSize=100&archived=1'),
        await json(`/api/staff/buyers?pageSize=100&hunter=${hunter.id}`),
        await json('/api/staff/leads?pageSize=100'),
        await json('/api/staff/leads?pageSize=100&sort=name'),
        await json('/api/admin/users?pageSize=100'),
        await json('/api/users'),
        await json('/api/admin/mails?pageSize=100'),
        await json('/api/staff/figures'),
        await json(`/api/staff/buyers/${client.id}`),
        await json(`/api/staff/leads/${leadId}`),
        await json(`/api/staff/buyers/${client.id}/documents`),
        await bytes(`/api/staff/buyers/${client.id}/documents/identite/file`),
        await bytes('/api/staff/export/buyers.csv'),
        await json('/api/client/overview', buyer),
        await json('/api/client/documents', buyer),
        await bytes('/api/client/documents/identite/file', buyer),
      ];
    };
    const onSqlite = await answers(source.app, admin, client);
    const onPostgres = await answers(pgApp, pgAdmin, pgClient);
    for (const answer of onSqlite) expect(answer.status, answer.url).toBe(200);
    expect(onPostgres).toEqual(onSqlite);
    // Not empty lists compared: the demo's buyers, leads, accounts and mails.
    const total = (i: number) => (onSqlite[i]?.body as { total: number }).total;
    expect(total(0)).toBeGreaterThan(30);
    expect(total(3)).toBeGreaterThan(0);
    expect(total(5)).toBeGreaterThan(0);
    expect(total(6)).toBeGreaterThan(0);
    expect(total(8)).toBeGreaterThan(35);
    expect(onSqlite[15]?.body).toEqual(PDF);
    expect(onPostgres[19]?.body).toEqual(PDF);

    // The copied password hashes open the sessions.
    const login = await pgApp.request(
      '/api/login',
      postJson({ username: 'admin@demo.chassimmo.fr', password: DEMO_PASSWORD }),
    );
    expect(login.status).toBe(200);
    // The sequences are past the copied ids, and past the deleted one: a new note gets the same
    // id on both.
    const note = async (app: typeof pgApp, who: { headers: Record<string, string> }) => {
      const res = await app.request(
        '/api/staff/notes',
        postJson(
          { recordType: 'buyer', recordId: client.id, text: 'Après la copie.' },
          { ...who.headers, 'Idempotency-Key': randomUUID() },
        ),
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const noteId = await note(pgApp, pgAdmin);
    expect(noteId).toBe(Number(lastNote.id) + 1);
    expect(await note(source.app, admin)).toBe(noteId);

    // Run again on the same database: refused, nothing touched.
    const again = await dbCopy(['--from', `sqlite:${sourceDir}`, '--to', url]);
    expect(again.code).toBe(1);
    expect(again.output).toContain('La base PostgreSQL contient déjà des données');
    expect(again.output).toContain('app_user (');

    // Small batches (the rows a row points at in an earlier INSERT) and two accounts naming
    // each other: the copy is still the source, row for row.
    await source.db
      .updateTable('app_user')
      .set({ id_chasseur: client.id })
      .where('id', '=', hunter.id)
      .execute();
    const small = keep(openDatabase(await newDatabase(), { poolSize: 2 }));
    const report = await copyInstallation({
      source: { file: path.join(sourceDir, 'app.sqlite'), dataDir: sourceDir },
      target: small,
      documentsTo: new LocalDocumentStore(path.join(targetDir, 'documents')),
      batchRows: 3,
    });
    expect(report.documents).toMatchObject({ copied: 0, present: 1, missing: [] });
    const reread = new SQLite(path.join(sourceDir, 'app.sqlite'), { readonly: true });
    const now = await everyRow(tables, (table) =>
      Promise.resolve(
        reread.prepare(`select * from "${table}"`).all() as Record<string, unknown>[],
      ),
    );
    reread.close();
    expect(await rowsOn(small)).toEqual(now);
    expect(report.tables.map((t) => t.rows)).toEqual(
      report.tables.map((t) => now[t.table]?.length),
    );
  }, 120_000);

  it('refuses a source that is not at the code’s migration level, and says what to do', async () => {
    const dataDir = path.join(root, 'behind');
    const db = openDatabase(dataDir);
    await migrateToLatest(db);
    await db.destroy();
    const file = path.join(dataDir, 'app.sqlite');
    const edit = (statement: string) => {
      const raw = new SQLite(file);
      raw.prepare(statement).run();
      raw.close();
    };
    const target = keep(openDatabase(await newDatabase(), { poolSize: 2 }));
    const copy = () => copyInstallation({ source: { file, dataDir }, target });

    edit("delete from kysely_migration where name = '0014_search_text'");
    const behind = await copy().catch((e: unknown) => e);
    expect(behind).toBeInstanceOf(CopyRefused);
    expect((behind as Error).message).toMatch(
      /pas au niveau de ce code \(migrations à jouer\u00a0: 0014_search_text\)\. Démarrez une fois le serveur/,
    );

    edit("insert into kysely_migration (name, timestamp) values ('0014_search_text', 'x')");
    edit("insert into kysely_migration (name, timestamp) values ('9999_future', 'x')");
    await expect(copy()).rejects.toThrow(/version plus récente.*9999_future/);

    await expect(
      copyInstallation({ source: sqliteSourceOf('sqlite:./nowhere', root), target }),
    ).rejects.toThrow(/Aucune base SQLite à copier\u00a0: .*nowhere.*n’existe pas/);
    // Nothing was done to the target: not even migrated.
    const tables = await target.introspection.getTables();
    expect(tables).toEqual([]);
  });
});
