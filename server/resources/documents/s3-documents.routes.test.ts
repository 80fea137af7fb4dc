import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed';
import { parseEnv } from '../../env';
import { openTestDatabase } from '../../db/test-database';
import { makeTestApp, signedIn } from '../../test-app';
import { UsersRepo } from '../users/users.repo';
import { openDocumentStore } from './open-document-store';
import { S3DocumentStore } from './s3-document-store';
import { startS3rver } from './s3-test-server';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3rver();
  dataDir = mkdtempSync(path.join(tmpdir(), 'chassimmo-s3-app-'));
});
afterAll(async () => {
  await s3?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

/**
 * Two instances of the real app on one database, each with its own S3 client on the one
 * s3rver bucket, as openDocumentStore opens it from S3_*.
 */
async function twoInstances() {
  const db = await openTestDatabase();
  await seedDemoAccounts(new UsersRepo(db));
  const env = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('base64url'), ...s3.env };
  const instance = async (name: string) => {
    const documents = openDocumentStore(parseEnv(env), dataDir, name);
    expect(documents).toBeInstanceOf(S3DocumentStore);
    const { app, jwtSecret } = await makeTestApp({ db, env, documents });
    return { app, documents, jwtSecret };
  };
  const [a, b] = [await instance('app-a'), await instance('app-b')];
  const client = await signedIn({ db, jwtSecret: a.jwtSecret }, 'client@demo.chassimmo.fr');
  const chasseur = await signedIn({ db, jwtSecret: a.jwtSecret }, 'chasseur@demo.chassimmo.fr');
  return { db, a, b, client, chasseur };
}

describe('Mes documents on an S3 store, through the unchanged routes', () => {
  it('uploads through one instance and downloads through the other; a cut-off upload and the account’s deletion leave nothing in the bucket', async () => {
    const { db, a, b, client, chasseur } = await twoInstances();
    try {
      const put = (body: BodyInit) =>
        a.app.request('/api/client/documents/identite', {
          method: 'PUT',
          headers: {
            ...client.headers,
            'Content-Type': 'application/pdf',
            'X-File-Name': encodeURIComponent('Carte d’identité.pdf'),
          },
          body,
          ...({ duplex: 'half' } as object),
        });
      const res = await put(PDF);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'recu', fileName: 'Carte d’identité.pdf' });
      const ids = await a.documents.list();
      expect(ids).toHaveLength(1);
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
      // Nothing on this machine's disk.
      expect(existsSync(path.join(dataDir, 'documents'))).toBe(false);

      const own = await b.app.request('/api/client/documents/identite/file', {
        headers: client.headers,
      });
      expect(own.status).toBe(200);
      expect(Buffer.from(await own.arrayBuffer())).toEqual(PDF);
      expect(own.headers.get('Content-Type')).toBe('application/pdf');
      expect(own.headers.get('Content-Length')).toBe(String(PDF.byteLength));
      expect(own.headers.get('Content-Disposition')).toMatch(/^attachment;/);
      const staff = await b.app.request(`/api/staff/buyers/${client.id}/documents/identite/file`, {
        headers: chasseur.headers,
      });
      expect(staff.status).toBe(200);
      expect(Buffer.from(await staff.arrayBuffer())).toEqual(PDF);

      // Cut off mid-file: 400, and the bucket holds only the first file.
      let pulls = 0;
      const cut = await put(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulls += 1;
            if (pulls === 1)
              controller.enqueue(new Uint8Array(Buffer.concat([PDF, randomBytes(64 * 1024)])));
            else controller.error(new Error('connexion perdue'));
          },
        }),
      );
      expect(cut.status).toBe(400);
      expect(await b.documents.list()).toEqual(ids);

      // A new upload replaces the file: the old object is deleted.
      expect((await put(Buffer.concat([PDF, Buffer.from('v2')]))).status).toBe(200);
      const replaced = await b.documents.list();
      expect(replaced).toHaveLength(1);
      expect(replaced[0]).not.toBe(ids[0]);

      const gone = await b.app.request('/api/client/delete-account', {
        method: 'POST',
        headers: { ...client.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: DEMO_PASSWORD }),
      });
      expect(gone.status).toBe(200);
      expect(await a.documents.list()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
