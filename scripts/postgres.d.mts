/** A throwaway PostgreSQL (scripts/postgres.mjs), for tests and benchmarks. */
export interface TestPostgres {
  /** postgres://postgres:postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function startPostgres(options?: { log?: (line: string) => void }): Promise<TestPostgres>;
