import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import {
  InvalidDocumentId,
  LocalDocumentStore,
  STALE_PART_AGE_MS,
  type DocumentStore,
} from './document-store';
import { openDocumentStore, s3ClientOf } from './open-document-store';
import { S3DocumentStore } from './s3-document-store';
import { startS3rver } from './s3-test-server';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3rver();
  client = s3ClientOf(parseEnv({ NODE_ENV: 'test', ...s3.env }));
});
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

const roots: string[] = [];
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chassimmo-store-'));
  roots.push(dir);
  return dir;
};

/** A store on its own empty space, and what lies there raw (part files, any key). */
interface Backend {
  store: DocumentStore;
  /** Every name in the store's space, parts and strays included, sorted. */
  raw(): Promise<string[]>;
  /** Writes a stray entry behind the store's back. */
  plant(name: string, bytes: Uint8Array): Promise<void>;
}

const backends: { name: string; open: () => Backend }[] = [
  {
    name: 'LocalDocumentStore',
    open() {
      const dir = path.join(tempDir(), 'documents');
      return {
        store: new LocalDocumentStore(dir, { instanceId: 'test-a' }),
        raw: async () => {
          try {
            return readdirSync(dir).sort();
          } catch {
            return [];
          }
        },
        plant: async (name, bytes) => {
          mkdirSync(dir, { recursive: true });
          writeFileSync(path.join(dir, name), bytes);
        },
      };
    },
  },
  {
    name: 'S3DocumentStore (s3rver)',
    open() {
      // Each test in its own prefix of the one bucket; pages of 2 keys make list() paginate.
      const prefix = `t-${randomUUID()}/`;
      return {
        store: new S3DocumentStore({ client, bucket: s3.bucket, prefix, listPageSize: 2 }),
        raw: async () => {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }),
          );
          return (page.Contents ?? []).map((o) => o.Key!.slice(prefix.length)).sort();
        },
        plant: async (name, bytes) => {
          await client.send(
            new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}${name}`, Body: bytes }),
          );
        },
      };
    },
  },
];

async function* chunksOf(...parts: (Uint8Array | string)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const ID = () => randomUUID();

describe.each(backends)('DocumentStore contract: $name', ({ open }) => {
  it('puts, gets, lists and deletes a file', async () => {
    const { store } = open();
    const id = ID();
    await store.put(id, chunksOf('%PDF-1.4\n', 'deux\n', 'trois'));
    const file = await store.get(id);
    expect(file?.size).toBe(19);
    expect((await bytesOf(file!.stream)).toString()).toBe('%PDF-1.4\ndeux\ntrois');
    expect(await store.list()).toEqual([id]);
    await store.delete(id);
    expect(await store.get(id)).toBeUndefined();
    expect(await store.list()).toEqual([]);
    await store.delete(id); // a missing file is not an error
  });

  it('keeps a large file of many chunks byte for byte', async () => {
    const { store } = open();
    const id = ID();
    const whole = randomBytes(3 * 1024 * 1024 + 17);
    const parts: Uint8Array[] = [];
    for (let at = 0; at < whole.length; at += 64 * 1024)
      parts.push(whole.subarray(at, at + 64 * 1024));
    await store.put(id, chunksOf(...parts));
    const file = await store.get(id);
    expect(file?.size).toBe(whole.length);
    expect((await bytesOf(file!.stream)).equals(whole)).toBe(true);
  });

  it('answers undefined for an id it does not hold', async () => {
    const { store } = open();
    expect(await store.get(ID())).toBeUndefined();
  });

  it('keeps nothing, anywhere, of an interrupted upload', async () => {
    const { store, raw } = open();
    const id = ID();
    async function* interrupted() {
      yield Buffer.from('%PDF-1.4\n');
      yield randomBytes(200_000);
      throw new Error('connexion perdue');
    }
    await expect(store.put(id, interrupted())).rejects.toThrow('connexion perdue');
    expect(await store.get(id)).toBeUndefined();
    expect(await store.list()).toEqual([]);
    expect(await raw()).toEqual([]);
  });

  it('refuses an empty upload and keeps nothing', async () => {
    const { store, raw } = open();
    const id = ID();
    await expect(store.put(id, chunksOf())).rejects.toThrow(/vide/);
    expect(await store.get(id)).toBeUndefined();
    expect(await raw()).toEqual([]);
  });

  it('refuses an id that is not a plain id, in every call', async () => {
    const { store, raw } = open();
    for (const bad of ['../escape', 'a/b', '..', '', '.hidden', 'x.part', 'a\\b', `${ID()}/..`]) {
      await expect(store.put(bad, chunksOf('%PDF-'))).rejects.toBeInstanceOf(InvalidDocumentId);
      await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidDocumentId);
      await expect(store.delete(bad)).rejects.toBeInstanceOf(InvalidDocumentId);
    }
    expect(await raw()).toEqual([]);
  });

  it('lists every complete file, page after page, and nothing that is not an id', async () => {
    const { store, plant } = open();
    const ids = Array.from({ length: 5 }, ID);
    await Promise.all(ids.map((id) => store.put(id, chunksOf(`%PDF-${id}`))));
    await plant(`${ID()}.other-instance.part`, Buffer.from('%PDF-'));
    await plant('.DS_Store', Buffer.from('x'));
    expect((await store.list()).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect((await bytesOf((await store.get(id))!.stream)).toString()).toBe(`%PDF-${id}`);
    }
  });

  it('at start, keeps every complete file', async () => {
    const { store } = open();
    const id = ID();
    await store.put(id, chunksOf('%PDF-1.4'));
    expect(await store.removeStaleParts()).toBe(0);
    expect(await store.list()).toEqual([id]);
  });
});

describe('LocalDocumentStore on a directory two instances share', () => {
  const old = (file: string) => {
    const twoDaysAgo = new Date(Date.now() - 2 * STALE_PART_AGE_MS);
    utimesSync(file, twoDaysAgo, twoDaysAgo);
  };

  it('at start, removes its own parts and old ones, never the upload another instance has under way', async () => {
    const dir = tempDir();
    const a = new LocalDocumentStore(dir, { instanceId: 'app-a' });
    const b = new LocalDocumentStore(dir, { instanceId: 'app-b' });
    // B's upload under way: its first chunk written, the rest still to come.
    let firstWritten!: () => void;
    let release!: () => void;
    const started = new Promise<void>((resolve) => (firstWritten = resolve));
    const more = new Promise<void>((resolve) => (release = resolve));
    async function* slow() {
      yield Buffer.from('%PDF-1.4\n');
      firstWritten(); // asked for the next chunk: the first one is on disk
      await more;
      yield Buffer.from('fin');
    }
    const bId = ID();
    const putting = b.put(bId, slow());
    await started;
    const bPart = `${bId}.app-b.part`;
    expect(readdirSync(dir)).toEqual([bPart]);

    const complete = ID();
    await a.put(complete, chunksOf('%PDF-1.4'));
    const plant = (name: string) => {
      writeFileSync(path.join(dir, name), '%PDF-');
      return path.join(dir, name);
    };
    plant(`${ID()}.app-a.part`); // what a stopped process of A left
    old(plant(`${ID()}.app-c.part`)); // C stopped two days ago and never came back
    old(plant(`${ID()}.part`)); // an old version's, as old
    const freshLegacy = `${ID()}.part`; // an old version's upload under way (rolling deploy)
    plant(freshLegacy);
    const lookalike = `${ID()}.x.app-a.part`; // instance 'x.app-a' is not 'app-a'
    plant(lookalike);

    expect(await a.removeStaleParts()).toBe(3);
    expect(readdirSync(dir).sort()).toEqual([bPart, complete, freshLegacy, lookalike].sort());
    expect((await a.list()).sort()).toEqual([complete]);

    release();
    await putting;
    expect(readdirSync(dir)).not.toContain(bPart);
    // Either instance serves what the other stored.
    expect((await bytesOf((await a.get(bId))!.stream)).toString()).toBe('%PDF-1.4\nfin');
    expect((await a.list()).sort()).toEqual([bId, complete].sort());
  });

  it('at start, counts nothing when no upload was ever made', async () => {
    const store = new LocalDocumentStore(path.join(tempDir(), 'absent'), { instanceId: 'app-a' });
    expect(await store.removeStaleParts()).toBe(0);
    expect(await store.list()).toEqual([]);
  });

  it('turns an instance name unfit for a file name into a fit one, two names never into one', async () => {
    const dir = tempDir();
    const names = ['', 'a/b', '../x', 'x'.repeat(70) + 'a', 'x'.repeat(70) + 'b', 'héte-12'];
    const stores = names.map((instanceId) => new LocalDocumentStore(dir, { instanceId }));
    const safe = stores.map((s) => s.instanceId);
    for (const name of safe) expect(name).toMatch(/^[\w.-]{1,64}$/);
    expect(new Set(safe).size).toBe(names.length);
    expect(new LocalDocumentStore(dir, { instanceId: 'app-a' }).instanceId).toBe('app-a');
    // A stopped upload of the odd name is still recognised as its own at start.
    writeFileSync(path.join(dir, `${ID()}.${safe[1]}.part`), '%PDF-');
    expect(await stores[1]!.removeStaleParts()).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('openDocumentStore', () => {
  it('opens the bucket when S3_BUCKET is set, under documents/, and the data folder otherwise', async () => {
    const dataDir = tempDir();
    const local = openDocumentStore(parseEnv({ NODE_ENV: 'test' }), dataDir, 'app-a');
    expect(local).toBeInstanceOf(LocalDocumentStore);
    expect(local).toMatchObject({ dir: path.join(dataDir, 'documents'), instanceId: 'app-a' });

    const shared = openDocumentStore(parseEnv({ NODE_ENV: 'test', ...s3.env }), dataDir, 'app-a');
    expect(shared).toBeInstanceOf(S3DocumentStore);
    const id = ID();
    await shared.put(id, chunksOf('%PDF-1.4'));
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'documents/' }),
    );
    expect(page.Contents?.map((o) => o.Key)).toEqual([`documents/${id}`]);
    expect(readdirSync(dataDir)).toEqual([]);
    await shared.delete(id);
  });

  it('fails loudly, not as a missing file, when the store refuses the keys', async () => {
    // An unknown access key (s3rver checks the key, not the SigV4 signature).
    const wrong = s3ClientOf(
      parseEnv({ NODE_ENV: 'test', ...s3.env, S3_ACCESS_KEY_ID: `K${randomUUID()}` }),
    );
    const store = new S3DocumentStore({ client: wrong, bucket: s3.bucket });
    await expect(store.get(ID())).rejects.toThrow(/Access Key/);
    await expect(store.put(ID(), chunksOf('%PDF-'))).rejects.toThrow(/Access Key/);
    await expect(store.delete(ID())).rejects.toThrow(/Access Key/);
    await expect(store.list()).rejects.toThrow(/Access Key/);
    wrong.destroy();
  });
});
