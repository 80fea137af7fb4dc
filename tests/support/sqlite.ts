import Database from 'better-sqlite3';

/** Reads a SQLite file the server under test writes (read-only: the server owns it). */
export function querySqlite<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
