import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { querySqlite } from './sqlite';
import { timeouts } from './timeouts';

/**
 * The real built server, started by a test on its own SQLite file, so the test may stop it,
 * start it again, or swap the build it serves (a new version). In front of it, a proxy gives
 * the browser one stable origin (the service worker and IndexedDB belong to an origin) and lets
 * a test inject what bad networks do: 5xx answers from a failing gateway, connections cut off.
 * While the server is stopped, the proxy drops every connection, as a dead host would.
 */

/**
 * '500', '503': a failing gateway answers, the server never sees the request. 'abort': the
 * connection is cut before the server. 'lost-answer': the server does its work (stores, sends
 * its e-mail), then the answer is lost on the way back — the case that tests exactly-once.
 */
export type Fault = '500' | '503' | 'abort' | 'lost-answer';

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export class AppServer {
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'chassimmo-e2e-'));
  /** Faults to give, in order, to the next requests whose path starts with the key. */
  readonly faults = new Map<string, Fault[]>();
  /** Requests that reached the server, by path. */
  readonly reached = new Map<string, number>();
  private child: ChildProcess | null = null;
  private proxy: http.Server | null = null;
  private serverPort = 0;
  private proxyPort = 0;

  constructor(private distDir = process.env.DIST_DIR ?? 'dist') {}

  /** The origin the browser uses (the proxy's). */
  get origin(): string {
    return `http://127.0.0.1:${this.proxyPort}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the proxy (once) and the server on the given build, waiting until it answers. */
  async start(distDir = this.distDir): Promise<void> {
    this.distDir = distDir;
    if (!this.proxy) await this.startProxy();
    this.serverPort ||= await freePort();
    const child = spawn(process.execPath, [path.join(distDir, 'server', 'main.js')], {
      env: {
        ...process.env,
        PORT: String(this.serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        NODE_ENV: 'test',
        PUBLIC_FORM_HOURLY_LIMIT: '10000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    const deadline = Date.now() + timeouts.serverStart;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Le serveur s’est arrêté (${child.exitCode}).`);
      const ok = await fetch(`http://127.0.0.1:${this.serverPort}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      if (Date.now() > deadline) throw new Error('Le serveur ne répond pas.');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Stops the server (SIGTERM, as a deployment would); the proxy stays. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** Stops everything and deletes the data. */
  async close(): Promise<void> {
    await this.stop();
    await new Promise((resolve) => (this.proxy ? this.proxy.close(resolve) : resolve(undefined)));
    this.proxy?.closeAllConnections();
    this.proxy = null;
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Gives `faults` to the next requests on `pathPrefix`, in order. */
  inject(pathPrefix: string, ...faults: Fault[]): void {
    this.faults.set(pathPrefix, [...(this.faults.get(pathPrefix) ?? []), ...faults]);
  }

  /** Reads the server's SQLite file. */
  query<T>(sql: string, ...params: unknown[]): T[] {
    return querySqlite<T>(path.join(this.dataDir, 'app.sqlite'), sql, ...params);
  }

  private nextFault(url: string): Fault | undefined {
    for (const [prefix, list] of this.faults) {
      if (url.startsWith(prefix) && list.length > 0) return list.shift();
    }
    return undefined;
  }

  private async startProxy(): Promise<void> {
    this.proxy = http.createServer((req, res) => {
      const url = req.url ?? '/';
      const fault = this.nextFault(url);
      if (fault === 'abort' || !this.child) {
        req.socket.destroy();
        return;
      }
      if (fault && fault !== 'lost-answer') {
        req.resume();
        res.writeHead(Number(fault), { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Service momentanément indisponible.' }));
        return;
      }
      const pathname = url.split('?')[0] ?? url;
      this.reached.set(pathname, (this.reached.get(pathname) ?? 0) + 1);
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: this.serverPort,
          method: req.method,
          path: url,
          headers: req.headers,
        },
        (answer) => {
          if (fault === 'lost-answer') {
            answer.resume();
            answer.on('end', () => req.socket.destroy());
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => req.socket.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.proxy!.listen(0, '127.0.0.1', resolve));
    this.proxyPort = (this.proxy.address() as AddressInfo).port;
  }
}
