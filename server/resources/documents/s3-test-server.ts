import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What the child process runs: s3rver on 127.0.0.1 and a free port, one bucket; it prints the
 * port, and stops when its parent does (stdin closes) or on SIGTERM.
 */
const SERVER = `
const S3rver = require(process.argv[1]);
const [, , directory, bucket] = process.argv;
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory,
  configureBuckets: [{ name: bucket }] });
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop).resume();
server.run().then(({ port }) => process.stdout.write('port ' + port + '\\n'));
`;

/**
 * For tests: a real S3-compatible server (s3rver) in its own process, on a temporary directory
 * and a free port of 127.0.0.1, with one empty bucket. `env` holds the S3_* settings that reach
 * it (s3rver's own fixed test keys, no secret); `stop()` stops it and removes its directory.
 *
 * Its own process because s3rver 3.7 signs its ListObjectsV2 continuation tokens with DES, which
 * Node's OpenSSL 3 only offers with --openssl-legacy-provider: without it, any list of more than
 * one page fails (InternalError), and the tests would not see pagination.
 */
export async function startS3rver(bucket = 'chassimmo-test') {
  const directory = mkdtempSync(path.join(tmpdir(), 'chassimmo-s3-'));
  const entry = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', SERVER, entry, directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString();
      const found = /port (\d+)/.exec(out);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver s'est arrêté (code ${code}).`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
