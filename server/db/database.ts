import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { PostgresDdl, dialectOf, isPostgresUrl } from './dialect';
import { migrationProvider } from './migrations/index';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface OpenOptions {
  /** PostgreSQL: connections kept by this process (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL: the schema the tables live in (tests give each database its own). */
  schema?: string;
  /** PostgreSQL: how long an idle connection stays open, in ms. */
  idleTimeoutMs?: number;
}

/**
 * The application's database: PostgreSQL when `where` is a postgres:// URL (DATABASE_URL),
 * otherwise the SQLite file app.sqlite under the data directory `where` (':memory:' for
 * throwaway tests). Both speak the same schema; what differs lives in ./dialect.ts and the
 * migrations (docs/decisions/011-postgresql.md).
 */
export function openDatabase(where: string, options: OpenOptions = {}): Db {
  return isPostgresUrl(where) ? openPostgres(where, options) : openSqlite(where);
}

/**
 * Narrows an existing folder or file to its owner (an installation made before issue 31 has
 * 0755/0644). A path owned by someone else (a mounted volume) is left as it is rather than
 * stopping the server: chmod is refused there.
 */
function ownerOnly(target: string, mode: number): void {
  try {
    chmodSync(target, mode);
  } catch {
    // not ours to change
  }
}

function openSqlite(dataDir: string): Db {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    // Owner only (issue 31): the folder, the database and its WAL hold every person's data.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    ownerOnly(dataDir, 0o700);
    file = path.join(dataDir, 'app.sqlite');
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // What is deleted is overwritten with zeros, not left in free pages (account deletion).
  sqlite.pragma('secure_delete = ON');
  if (file !== ':memory:')
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) ownerOnly(f, 0o600);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new LockingSqliteDialect({ database: sqlite }) });
}

// Counts and sums come back as int8/numeric, which pg hands over as strings by default; every
// value the application counts stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

function openPostgres(url: string, options: OpenOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: options.idleTimeoutMs ?? 30_000,
    // A schema name is ours (tests), never a visitor's; quoted all the same.
    options: options.schema ? `-c search_path="${options.schema.replace(/"/g, '')}"` : undefined,
  });
  // A connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it and the next query reports the error to its caller.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new PostgresDdl()],
  });
  if (options.schema) schemas.set(db, options.schema);
  return db;
}

/** The schema a PostgreSQL database was opened on, when not the default. */
const schemas = new WeakMap<Db, string>();

/**
 * SQLite with migrations that lock: Kysely runs SQLite migrations outside any transaction and
 * takes no lock, so two processes starting together on one file could both run a migration.
 * Here they run in one transaction, and every SQLite transaction begins IMMEDIATE: it takes the
 * file's write lock first, so a second process waits for it (busy_timeout) and then finds nothing
 * left to run. A deferred BEGIN would not do: a transaction that read before writing fails at once
 * (SQLITE_BUSY) when another process wrote meanwhile, without waiting. (PostgreSQL: Kysely takes
 * an advisory lock.) One process holds one connection, so IMMEDIATE changes nothing else.
 */
class LockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class LockingSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }

  // The IMMEDIATE transaction the migrations run in is the lock.
  override async acquireMigrationLock() {}

  override async releaseMigrationLock() {}
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Another process may be migrating this SQLite file: wait for it, however long (0014 rewrites
  // every row of a large file).
  const sqlite = dialectOf(db) === 'sqlite';
  if (sqlite) await sql`pragma busy_timeout = 600000`.execute(db);
  // Kysely looks for its own tables in every schema: one opened on its own schema says which.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: schemas.get(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (sqlite) await sql`pragma busy_timeout = 5000`.execute(db);
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '?'} impossible : ${cause}`);
  }
}

/**
 * Runs `chores` (migrations, the demo seed) while holding a lock every instance on the same
 * database takes at start: PostgreSQL's session advisory lock, held by one connection; SQLite's
 * file serves one process, and its migrations lock on their own (above).
 */
export async function withStartupLock(db: Db, chores: () => Promise<void>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return chores();
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK)})`.execute(connection);
    try {
      await chores();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK)})`.execute(connection);
    }
  });
}

/** An arbitrary key of this application's start-up lock (not Kysely's migration lock). */
const STARTUP_LOCK = 726_510_031;

/** A database URL as logged: host, port and base, never the password. */
export function databaseLabel(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
