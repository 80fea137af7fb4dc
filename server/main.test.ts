import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'main-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The real entry point, run by Node through tsx, as `npm run dev` does. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server process', () => {
  it('refuses to start on a bad setting, naming it', async () => {
    const server = startServer({ PORT: 'quatre-mille' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Configuration invalide');
    expect(server.output()).toContain('PORT');
  });

  it('refuses to run in development, or as a test server, on an address other machines reach', async () => {
    for (const NODE_ENV of ['development', 'test']) {
      const server = startServer({ NODE_ENV, HOST: '0.0.0.0', PORT: '0' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('HOST: 0.0.0.0');
      expect(server.output()).toContain('NODE_ENV=production');
      expect(server.output()).not.toContain('Serveur prêt');
    }
  });

  it('migrates, serves, then stops cleanly on SIGTERM', async () => {
    const server = startServer({ PORT: '0' });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(server.output())), 45_000);
      server.child.stdout.on('data', () => {
        const match = /http:\/\/[\d.]+:(\d+)/.exec(server.output());
        if (match) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${match[1]}`);
        }
      });
    });
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM reçu');
  });
});
