import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** A stored file's bytes, streamed, and their count. */
export interface StoredFile {
  stream: ReadableStream<Uint8Array>;
  size: number;
}

/**
 * Where the clients' documents live (docs/decisions/009-resource-shape.md). Files are addressed by
 * the random id the database holds, never by anything a visitor sent. The local directory below
 * serves one instance; a shared store (object storage) implements the same five calls.
 */
export interface DocumentStore {
  /**
   * Writes `chunks` under `id`. Nothing is visible under `id` until the last chunk is written: if
   * `chunks` throws (a refused or interrupted upload) or the write fails, nothing is kept. No
   * file is begun before the first chunk.
   */
  put(id: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  /** The file's bytes, or undefined when it is not there. */
  get(id: string): Promise<StoredFile | undefined>;
  /** Deletes the file; a missing one is not an error. */
  delete(id: string): Promise<void>;
  /** The ids of the stored files (complete ones only). */
  list(): Promise<string[]>;
  /**
   * Start-up chore, before any upload: removes what a stopped process left mid-write (nothing
   * lists or serves it). Returns how many.
   */
  removeStaleParts(): Promise<number>;
}

const PART = '.part';

/** A DocumentStore in one local directory (DATA_DIR/documents), files readable by the owner only. */
export class LocalDocumentStore implements DocumentStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  // path.basename: an id never reaches outside the directory.
  private fileOf(id: string) {
    return path.join(this.dir, path.basename(id));
  }

  async put(id: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const partial = `${this.fileOf(id)}${PART}`;
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      for await (const chunk of chunks) {
        if (!handle) {
          await mkdir(this.dir, { recursive: true, mode: 0o700 });
          handle = await open(partial, 'wx', 0o600);
        }
        await handle.write(chunk);
      }
      if (!handle) throw new Error('Un fichier vide n’est pas enregistré.');
      await handle.close();
      handle = undefined;
      await rename(partial, this.fileOf(id));
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
    return (await this.names()).filter((n) => !n.endsWith(PART));
  }

  async removeStaleParts(): Promise<number> {
    const partials = (await this.names()).filter((n) => n.endsWith(PART));
    for (const name of partials) await unlink(path.join(this.dir, name)).catch(() => undefined);
    return partials.length;
  }
}
