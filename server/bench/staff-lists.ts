// Benchmark of the staff lists (issue 15): 50,000 buyer projects and 20,000 owner leads in a
// SQLite file, then each list page asked 40 times through the real app (auth, policy, SQL,
// JSON), as a supervisor and as a hunter. Prints the median and p95 per page; exits 1 when a
// median reaches 50 ms. Not part of `npm test`: `npm run bench:staff`. The data and the pages
// are those of server/bench/fill.ts (shared with `npm run bench:db`).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { staffTestApp } from '../staff/test-staff';
import {
  BENCH_LEADS,
  BENCH_PROJECTS,
  RUNS_PER_PAGE,
  fillStaffLists,
  medianAndP95,
  staffListPages,
} from './fill';

const LIMIT_MS = 50;

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-staff-'));
const t = await staffTestApp({}, dir);
const started = performance.now();
await fillStaffLists(t.db, [t.ids.chasseur, t.ids.manager, null]);
console.log(
  `${BENCH_PROJECTS} projets et ${BENCH_LEADS} contacts propriétaires créés en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);

let failed = false;
console.log('\nmédiane   p95      page');
for (const [caller, url] of staffListPages) {
  const times: number[] = [];
  for (let run = 0; run < RUNS_PER_PAGE; run++) {
    const start = performance.now();
    const { status } = await t.call(caller, 'GET', url);
    times.push(performance.now() - start);
    if (status !== 200) {
      console.log(`  ${caller} ${url}: ${status}`);
      failed = true;
      break;
    }
  }
  const { median, p95 } = medianAndP95(times);
  if (median >= LIMIT_MS) failed = true;
  console.log(
    `${median.toFixed(1).padStart(6)} ms ${p95.toFixed(1).padStart(6)} ms  ${caller.padEnd(9)}${url}`,
  );
}
await t.db.destroy();
rmSync(dir, { recursive: true, force: true });
if (failed) {
  console.error(`\nUne page dépasse ${LIMIT_MS} ms en médiane (ou ne répond pas 200).`);
  process.exit(1);
}
console.log(`\nToutes les pages sous ${LIMIT_MS} ms en médiane.`);
