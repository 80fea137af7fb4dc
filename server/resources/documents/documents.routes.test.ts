import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../../src/domain/client-documents';
import type { Db } from '../../db/database';
import { DEMO_PASSWORD } from '../../db/seed';
import { staffTestApp, type Caller } from '../../staff/test-staff';
import { signedIn } from '../../test-app';

let db: Db | undefined;
let root: string | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);

/**
 * A real app on a SQLite file in a fresh DATA_DIR (documents under <root>/data/documents), the
 * demo accounts (the demo client is the demo chasseur's), and a token for another client.
 */
async function setup() {
  root = mkdtempSync(path.join(tmpdir(), 'chassimmo-docs-'));
  const dataDir = path.join(root, 'data');
  const t = await staffTestApp({ DATA_DIR: dataDir }, dataDir);
  db = t.db;
  const other = await signedIn(t, 'nouveau@demo.chassimmo.fr');
  const headers = { ...t.headers, other: other.headers } as Record<
    Caller | 'other',
    Record<string, string>
  >;
  const documentsDir = path.join(dataDir, 'documents');
  const stored = () => {
    try {
      return readdirSync(documentsDir);
    } catch {
      return [];
    }
  };
  /** Every file under the temporary root, as relative paths. */
  const everything = () =>
    readdirSync(root!, { recursive: true, encoding: 'utf8' })
      .filter((p) => !p.endsWith('app.sqlite-wal') && !p.endsWith('app.sqlite-shm'))
      .sort();
  const upload = (
    caller: Caller | 'other',
    kind: string,
    body: BodyInit,
    type = 'application/pdf',
    name = 'mon document.pdf',
    extra: Record<string, string> = {},
  ) =>
    t.app.request(`/api/client/documents/${kind}`, {
      method: 'PUT',
      headers: {
        ...headers[caller],
        'Content-Type': type,
        'X-File-Name': encodeURIComponent(name),
        ...extra,
      },
      body,
      // A stream body needs it (undici).
      ...({ duplex: 'half' } as object),
    });
  const get = (caller: Caller | 'other', url: string) =>
    t.app.request(url, { headers: headers[caller] });
  const review = (caller: Caller, userId: string, kind: string, body: unknown) =>
    t.app.request(`/api/staff/buyers/${userId}/documents/${kind}/review`, {
      method: 'POST',
      headers: { ...headers[caller], 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { t, headers, upload, get, review, stored, everything, documentsDir, otherId: other.id };
}

describe('Mes documents: upload and download by the owner', () => {
  it('stores a PDF under a random name, lists it « Reçu », and sends it back as an attachment', async () => {
    const { upload, get, stored } = await setup();
    const res = await upload('client', 'identite', PDF, 'application/pdf', 'Carte d’identité.pdf');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { status: string; statusLabel: string; fileName: string };
    expect(doc).toMatchObject({
      status: 'recu',
      statusLabel: 'Reçu',
      fileName: 'Carte d’identité.pdf',
    });
    const files = stored();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f-]{36}$/);

    const list = (await (await get('client', '/api/client/documents')).json()) as {
      kind: string;
      status: string;
    }[];
    expect(list.map((d) => d.kind)).toEqual([
      'identite',
      'domicile',
      'salaires',
      'impots',
      'apport',
      'financement',
    ]);
    expect(list.map((d) => d.status)).toEqual([
      'recu',
      'a_fournir',
      'a_fournir',
      'a_fournir',
      'a_fournir',
      'a_fournir',
    ]);

    const file = await get('client', '/api/client/documents/identite/file');
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(file.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('takes JPEG and PNG by their bytes; a new upload replaces the file and goes back to « Reçu »', async () => {
    const { t, upload, review, stored } = await setup();
    expect((await upload('client', 'domicile', JPEG, 'image/jpeg', 'a.jpg')).status).toBe(200);
    const first = stored();
    await review('manager', t.ids.client, 'domicile', { status: 'refuse', reason: 'Illisible' });
    const res = await upload('client', 'domicile', PNG, 'image/png', 'b.png');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'recu', reason: null, mime: 'image/png' });
    const second = stored();
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
  });
});

describe('Mes documents: an upload replayed by the outbox', () => {
  it('is recorded once per Idempotency-Key: the replay keeps no second file and no second entry', async () => {
    const { t, upload, stored } = await setup();
    const key = { 'Idempotency-Key': 'cle-envoi-hors-ligne-0001' };
    const first = await upload('client', 'impots', PDF, 'application/pdf', 'avis.pdf', key);
    expect(first.status).toBe(200);
    const files = stored();
    expect(files).toHaveLength(1);
    // The answer was lost on the way: the outbox sends the same bytes again.
    const again = await upload('client', 'impots', PDF, 'application/pdf', 'avis.pdf', key);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toMatchObject({ kind: 'impots', status: 'recu' });
    expect(stored()).toEqual(files);
    const uploads = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'document.upload')
      .where('record_id', '=', t.ids.client)
      .execute();
    expect(uploads).toHaveLength(1);
    // The same key with another file is refused, and that file is not kept either.
    const other = await upload('client', 'impots', PNG, 'image/png', 'b.png', key);
    expect(other.status).toBe(409);
    expect(((await other.json()) as { message: string }).message).toMatch(/autre fichier/);
    expect(stored()).toEqual(files);
    const invalid = await upload('client', 'impots', PDF, 'application/pdf', 'a.pdf', {
      'Idempotency-Key': 'court',
    });
    expect(invalid.status).toBe(400);
    expect(stored()).toEqual(files);
  });
});

describe('Mes documents: who may list, download, replace and review', () => {
  it('refuses anonymous and forged callers (401), staff on client paths and clients on staff paths (403)', async () => {
    const { t, upload, get, review, stored } = await setup();
    await upload('client', 'identite', PDF);
    const before = stored();
    for (const caller of ['anonymous', 'forged'] as const) {
      expect((await get(caller, '/api/client/documents')).status).toBe(401);
      expect((await get(caller, '/api/client/documents/identite/file')).status).toBe(401);
      expect((await upload(caller, 'identite', PDF)).status).toBe(401);
      expect((await get(caller, `/api/staff/buyers/${t.ids.client}/documents`)).status).toBe(401);
      expect(
        (await get(caller, `/api/staff/buyers/${t.ids.client}/documents/identite/file`)).status,
      ).toBe(401);
      expect((await review(caller, t.ids.client, 'identite', { status: 'valide' })).status).toBe(
        401,
      );
    }
    for (const caller of ['chasseur', 'manager'] as const) {
      expect((await get(caller, '/api/client/documents/identite/file')).status).toBe(403);
      expect((await upload(caller, 'identite', PDF)).status).toBe(403);
    }
    for (const caller of ['client', 'other'] as const) {
      expect((await get(caller, `/api/staff/buyers/${t.ids.client}/documents`)).status).toBe(403);
      expect(
        (await get(caller, `/api/staff/buyers/${t.ids.client}/documents/identite/file`)).status,
      ).toBe(403);
    }
    expect((await review('client', t.ids.client, 'identite', { status: 'valide' })).status).toBe(
      403,
    );
    expect(stored()).toEqual(before);
  });

  it('gives another client only their own (empty) list; their upload never touches the first client’s file', async () => {
    const { upload, get, stored, everything } = await setup();
    await upload('client', 'identite', PDF);
    const [mine] = stored();
    const list = (await (await get('other', '/api/client/documents')).json()) as {
      status: string;
    }[];
    expect(list.every((d) => d.status === 'a_fournir')).toBe(true);
    expect((await get('other', '/api/client/documents/identite/file')).status).toBe(404);
    // A guessed file name is no address: files are reached by kind, for their owner only.
    expect((await get('other', `/api/client/documents/${mine}/file`)).status).toBe(404);
    expect((await get('other', `/api/client/documents/${mine}`)).status).toBe(405);
    const files = everything();
    expect((await upload('other', 'identite', JPEG, 'image/jpeg')).status).toBe(200);
    expect(stored()).toContain(mine);
    expect(everything().length).toBe(files.length + 1);
    const file = await get('client', '/api/client/documents/identite/file');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
  });

  it('hides a buyer from a chasseur they are not assigned to (404); the assigned chasseur and a manager download and review', async () => {
    const { t, upload, get, review, otherId } = await setup();
    await upload('client', 'identite', PDF);
    await upload('client', 'salaires', PDF);
    // The demo client moves to another hunter: the demo chasseur no longer sees them.
    await t.db
      .updateTable('app_user')
      .set({ id_chasseur: t.ids.manager })
      .where('id', '=', t.ids.client)
      .execute();
    expect((await get('chasseur', `/api/staff/buyers/${t.ids.client}/documents`)).status).toBe(404);
    expect(
      (await get('chasseur', `/api/staff/buyers/${t.ids.client}/documents/identite/file`)).status,
    ).toBe(404);
    expect((await review('chasseur', t.ids.client, 'identite', { status: 'valide' })).status).toBe(
      404,
    );
    // A client assigned to nobody, and an unknown id: not found either.
    await t.db
      .updateTable('app_user')
      .set({ id_chasseur: null })
      .where('id', '=', otherId)
      .execute();
    expect((await get('chasseur', `/api/staff/buyers/${otherId}/documents`)).status).toBe(404);
    expect((await get('chasseur', '/api/staff/buyers/nobody/documents')).status).toBe(404);
    expect(
      (
        await t.db
          .selectFrom('client_document')
          .select('status')
          .where('kind', '=', 'identite')
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('recu');

    await t.db
      .updateTable('app_user')
      .set({ id_chasseur: t.ids.chasseur })
      .where('id', '=', t.ids.client)
      .execute();
    const file = await get('chasseur', `/api/staff/buyers/${t.ids.client}/documents/identite/file`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment;/);

    // Refusing needs a reason, in French.
    const bare = await review('chasseur', t.ids.client, 'identite', { status: 'refuse' });
    expect(bare.status).toBe(400);
    expect(
      ((await bare.json()) as { fieldErrors: Record<string, string> }).fieldErrors.reason,
    ).toBe('Indiquez au client pourquoi ce document est refusé.');
    const refused = await review('chasseur', t.ids.client, 'identite', {
      status: 'refuse',
      reason: 'Document expiré',
    });
    expect(refused.status).toBe(200);
    const mine = (await (await get('client', '/api/client/documents')).json()) as {
      kind: string;
      status: string;
      statusLabel: string;
      reason: string | null;
    }[];
    expect(mine[0]).toMatchObject({
      status: 'refuse',
      statusLabel: 'Refusé',
      reason: 'Document expiré',
    });
    const mails = await t.mails.list();
    expect(mails.some((m) => m.subject.includes('Pièce d’identité'))).toBe(true);

    const managerFile = await get(
      'manager',
      `/api/staff/buyers/${t.ids.client}/documents/salaires/file`,
    );
    expect(managerFile.status).toBe(200);
    expect((await review('manager', t.ids.client, 'salaires', { status: 'valide' })).status).toBe(
      200,
    );
    const staffList = (await (
      await get('manager', `/api/staff/buyers/${t.ids.client}/documents`)
    ).json()) as { kind: string; status: string; reviewedByName: string | null }[];
    expect(staffList.find((d) => d.kind === 'salaires')).toMatchObject({ status: 'valide' });
    expect(staffList.find((d) => d.kind === 'salaires')?.reviewedByName).toBeTruthy();
    // A kind not sent yet cannot be reviewed; an unknown status is a French 400.
    expect((await review('manager', t.ids.client, 'impots', { status: 'valide' })).status).toBe(
      404,
    );
    expect((await review('manager', t.ids.client, 'identite', { status: 'ok' })).status).toBe(400);
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', '=', 'document.review')
      .execute();
    expect(trail).toEqual([
      { action: 'document.review', actor_id: t.ids.chasseur },
      { action: 'document.review', actor_id: t.ids.manager },
    ]);
  });
});

describe('Mes documents: what the server refuses', () => {
  it('refuses bytes that are not PDF, JPEG or PNG (415, French), whatever the name and declared type', async () => {
    const { upload, stored } = await setup();
    for (const [bytes, type, name] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf', 'cv.pdf'],
      [Buffer.from('GIF89a……………'), 'image/png', 'photo.png'],
      [Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00'), 'image/jpeg', 'photo.jpg'],
      [Buffer.from('%PD'), 'application/pdf', 'a.pdf'],
    ] as const) {
      const res = await upload('client', 'identite', bytes, type, name);
      expect(res.status, name).toBe(415);
      expect(((await res.json()) as { message: string }).message).toMatch(/PDF, une photo JPEG/);
    }
    expect((await upload('client', 'identite', Buffer.alloc(0))).status).toBe(400);
    expect(stored()).toEqual([]);
  });

  it('answers 413 to 10 MB + 1 byte and leaves no file, whether announced or streamed', async () => {
    const { upload, stored } = await setup();
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
    PDF.copy(big);
    // Announced by Content-Length: refused before reading.
    const announced = await upload('client', 'identite', big, 'application/pdf', 'a.pdf', {
      'Content-Length': String(big.byteLength),
    });
    expect(announced.status).toBe(413);
    expect(((await announced.json()) as { message: string }).message).toMatch(/10\u00a0Mo au plus/);
    // Streamed in chunks without a length: counted, stopped, the partial file deleted.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= big.byteLength) return controller.close();
        const chunk = big.subarray(sent, sent + 256 * 1024);
        sent += chunk.byteLength;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const streamed = await upload('client', 'identite', stream, 'application/pdf', 'a.pdf');
    expect(streamed.status).toBe(413);
    expect(stored()).toEqual([]);
    // Exactly 10 MB is accepted.
    const exact = await upload('client', 'identite', big.subarray(0, MAX_DOCUMENT_BYTES));
    expect(exact.status).toBe(200);
    expect(stored()).toHaveLength(1);
  });

  it('keeps names and kinds out of paths: nothing is written outside DATA_DIR/documents', async () => {
    const { t, upload, get, stored, everything } = await setup();
    const before = everything();
    const res = await upload('client', 'identite', PDF, 'application/pdf', '../../etc/passwd');
    expect(res.status).toBe(200);
    // The type found in the bytes names the extension.
    expect(((await res.json()) as { fileName: string }).fileName).toBe('passwd.pdf');
    const files = stored();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f-]{36}$/);
    for (const kind of [
      '..%2F..',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      'identite%2F..%2F..',
      'IDENTITE',
    ]) {
      const put = await upload('client', kind, PDF, 'application/pdf', '..\\..\\boot.ini');
      expect(put.status, kind).toBeGreaterThanOrEqual(400);
      expect(put.status, kind).toBeLessThan(500);
      const got = await get('client', `/api/client/documents/${kind}/file`);
      expect(got.status, kind).toBeGreaterThanOrEqual(400);
      expect(got.status, kind).toBeLessThan(500);
      const staff = await get(
        'manager',
        `/api/staff/buyers/${t.ids.client}/documents/${kind}/file`,
      );
      expect(staff.status, kind).toBe(404);
      const staffUser = await get('manager', `/api/staff/buyers/..%2F..%2F${kind}/documents`);
      expect(staffUser.status, kind).toBe(404);
    }
    expect(stored()).toEqual(files);
    const after = everything();
    expect(after.filter((p) => !before.includes(p))).toEqual([
      ...(before.includes('data/documents') ? [] : ['data/documents']),
      `data/documents/${files[0]}`,
    ]);
  });
});

describe('Mes documents: edges', () => {
  it('answers 400 to an upload cut off mid-file and keeps nothing', async () => {
    const { upload, stored } = await setup();
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1)
          controller.enqueue(new Uint8Array(Buffer.concat([PDF, Buffer.alloc(64 * 1024)])));
        else controller.error(new Error('connexion perdue'));
      },
    });
    const res = await upload('client', 'identite', stream, 'application/pdf', 'a.pdf');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/interrompu/);
    expect(stored()).toEqual([]);
  });

  it('does not review a file the reviewer has not seen: a newer upload makes the review 409', async () => {
    const { t, upload, review, get } = await setup();
    await upload('client', 'identite', PDF);
    const seen = (
      (await (await get('manager', `/api/staff/buyers/${t.ids.client}/documents`)).json()) as {
        kind: string;
        uploadedAt: string;
      }[]
    ).find((d) => d.kind === 'identite')!;
    await new Promise((r) => setTimeout(r, 5));
    await upload('client', 'identite', PNG, 'image/png', 'autre.png');
    const res = await review('manager', t.ids.client, 'identite', {
      status: 'valide',
      uploadedAt: seen.uploadedAt,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/nouveau fichier/);
    const row = await t.db
      .selectFrom('client_document')
      .select(['status', 'mime'])
      .where('user_id', '=', t.ids.client)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'recu', mime: 'image/png' });
  });

  it('goes with the account: rows and files deleted, the trail without file names or reasons', async () => {
    const { t, upload, review, stored } = await setup();
    await upload('client', 'identite', PDF, 'application/pdf', 'Carte Claire Cliente.pdf');
    await review('manager', t.ids.client, 'identite', { status: 'refuse', reason: 'Illisible' });
    expect(stored()).toHaveLength(1);
    const res = await t.app.request('/api/client/delete-account', {
      method: 'POST',
      headers: { ...t.headers.client, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(stored()).toEqual([]);
    const rows = await t.db
      .selectFrom('client_document')
      .select('id')
      .where('user_id', '=', t.ids.client)
      .execute();
    expect(rows).toEqual([]);
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('record_id', '=', t.ids.client)
      .where('action', 'like', 'document.%')
      .execute();
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toMatch(/Carte|Illisible/);
  });
});
