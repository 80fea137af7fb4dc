import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

/** A stored file's bytes, streamed, and their count. */
export interface StoredFile {
  stream: ReadableStream<Uint8Array>;
  size: number;
}

/**
 * Where the clients' documents live (docs/decisions/009-resource-shape.md). Files are addressed by
 * the random id the database holds, never by anything a visitor sent. Two implementations: a
 * local directory (LocalDocumentStore, DATA_DIR/documents, which several instances may mount)
 * and an S3-compatible bucket (S3DocumentStore); openDocumentStore picks one from the settings.
 * Every call refuses an id that is not a plain id (isDocumentId): no path, no '..'.
 */
export interface DocumentStore {
  /**
   * Writes `chunks` under `id`. Nothing is visible under `id` (get, list) until the last chunk
   * is written: if `chunks` throws (a refused or interrupted upload) or the write fails, nothing
   * is kept and the error is thrown again. No file is begun before the first chunk; no chunk at
   * all is an error too.
   */
  put(id: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  /** The file's bytes, or undefined when it is not there. */
  get(id: string): Promise<StoredFile | undefined>;
  /** Deletes the file; a missing one is not an error. */
  delete(id: string): Promise<void>;
  /** The ids of the stored files (complete ones only). */
  list(): Promise<string[]>;
  /**
   * Start-up chore, before this instance's first upload: removes what a stopped process left
   * mid-write (nothing lists or serves it), but never an upload another live instance sharing
   * the store has in progress: only what this instance (same instance id) left, and what any
   * instance left longer ago than a generous age (an instance gone for good). Returns how many.
   */
  removeStaleParts(): Promise<number>;
}

/** The ids the database hands out (random UUIDs): letters, digits, '-' and '_', nothing else. */
const DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export const isDocumentId = (id: string) => DOCUMENT_ID.test(id);

/** Thrown for an id that is not a plain id (a path, '..', empty): a bug, never a visitor's doing. */
export class InvalidDocumentId extends Error {
  constructor(id: string) {
    super(`Identifiant de document invalide : ${JSON.stringify(id.slice(0, 80))}`);
  }
}

export function assertDocumentId(id: string): string {
  if (!isDocumentId(id)) throw new InvalidDocumentId(id);
  return id;
}

/** Thrown by put() when the upload has no byte at all. */
export const EMPTY_FILE = 'Un fichier vide n’est pas enregistré.';

/** What may name an instance (as INSTANCE_ID in server/env.ts). */
const INSTANCE_ID = /^[\w.-]{1,64}$/;

/** This process's name when INSTANCE_ID is not set: host name and pid, unique among the live. */
export function defaultInstanceId(): string {
  return fileSafeInstanceId(`${os.hostname()}-${process.pid}`);
}

/**
 * An instance's name as it goes into a file name: itself when it is made of letters, digits,
 * '.', '_', '-' (64 at most, as INSTANCE_ID), otherwise (a long or odd host name) its legible
 * start and a digest of the whole, so two names never become one.
 */
export function fileSafeInstanceId(name: string): string {
  if (INSTANCE_ID.test(name)) return name;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `${name.replace(/[^\w-]/g, '_').slice(0, 47)}-${digest}`;
}

/** Part files and incomplete uploads older than this belong to an instance gone for good. */
export const STALE_PART_AGE_MS = 24 * 60 * 60 * 1000;

const PART = '.part';

export interface LocalDocumentStoreOptions {
  /**
   * Names this process in the part files it writes (`<id>.<instanceId>.part`), so that its
   * start-up cleanup knows them from another live instance's on a shared directory. Must be
   * unique among the running instances (default: host name and pid); a name unfit for a file
   * name is turned into a fit one (fileSafeInstanceId).
   */
  instanceId?: string;
  /** Age past which anyone's part file is removed at start-up (default 24 h). */
  staleAfterMs?: number;
  /** The clock of that age (tests move it). */
  now?: () => number;
}

/**
 * A DocumentStore in one local directory (DATA_DIR/documents), files readable by the owner only.
 * Several instances may share the directory (a network mount): a file is written as
 * `<id>.<instanceId>.part` then renamed to `<id>`, which is atomic on one file system.
 */
export class LocalDocumentStore implements DocumentStore {
  readonly dir: string;
  readonly instanceId: string;
  private readonly staleAfterMs: number;
  private readonly now: () => number;

  constructor(dir: string, options: LocalDocumentStoreOptions = {}) {
    this.dir = path.resolve(dir);
    this.instanceId = fileSafeInstanceId(options.instanceId ?? defaultInstanceId());
    this.staleAfterMs = options.staleAfterMs ?? STALE_PART_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  private fileOf(id: string) {
    return path.join(this.dir, assertDocumentId(id));
  }

  async put(id: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const file = this.fileOf(id);
    const partial = `${file}.${this.instanceId}${PART}`;
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      for await (const chunk of chunks) {
        if (!handle) {
          await mkdir(this.dir, { recursive: true, mode: 0o700 });
          handle = await open(partial, 'wx', 0o600);
        }
        await handle.write(chunk);
      }
      if (!handle) throw new Error(EMPTY_FILE);
      await handle.close();
      handle = undefined;
      await rename(partial, file);
    } catch (error) {
      await handle?.close();
      await unlink(partial).catch(() => undefined);
      throw error;
    }
  }

  async get(id: string): Promise<StoredFile | undefined> {
    const file = this.fileOf(id);
    try {
      const { size } = await stat(file);
      const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return { stream, size };
    } catch {
      return undefined;
    }
  }

  async delete(id: string): Promise<void> {
    await unlink(this.fileOf(id)).catch(() => undefined);
  }

  private async names(): Promise<string[]> {
    try {
      return await readdir(this.dir);
    } catch {
      return []; // no upload yet
    }
  }

  async list(): Promise<string[]> {
    return (await this.names()).filter(isDocumentId);
  }

  /**
   * Removes this instance's part files (`<id>.<this instance>.part`: left by a previous process
   * of the same name, since none of ours is under way yet) and anyone's part file untouched for
   * longer than the stale age (its writer is gone: a live upload writes every few milliseconds).
   * A fresh part of another instance is its upload in progress, and stays.
   */
  async removeStaleParts(): Promise<number> {
    let removed = 0;
    for (const name of (await this.names()).filter((n) => n.endsWith(PART))) {
      const file = path.join(this.dir, name);
      // An id has no '.': the writer is what lies between the first '.' and '.part' (nothing
      // for the `<id>.part` of a version before instance names, which only age removes).
      const writer = name.slice(name.indexOf('.') + 1, -PART.length);
      const old = async () => {
        const modified = await stat(file).then(
          (s) => s.mtimeMs,
          () => undefined,
        );
        return modified !== undefined && this.now() - modified > this.staleAfterMs;
      };
      if (writer !== this.instanceId && !(await old())) continue;
      await unlink(file).then(
        () => removed++,
        () => undefined, // removed meanwhile by another instance's start-up
      );
    }
    return removed;
  }
}
