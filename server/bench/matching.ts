// Benchmark of the rapprochement (issue 31): a SQLite file with 50,000 buyer projects spread
// over the Île-de-France departments and budgets of 200,000 € to 1,180,000 € (server/bench/
// fill.ts, shared with `npm run bench:staff`), then a new owner lead scored against them through
// the real repository (the SQL pre-filter, then src/domain/matching.ts) RUNS times. Prints the
// median and p95; exits 1 when the median reaches 20 ms. Not part of `npm test`:
// `npm run bench:matching`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MatchLead } from '../../src/domain/matching';
import { migrateToLatest, openDatabase } from '../db/database';
import { projectsMatchingLead } from '../resources/matches/matches.repo';
import { BENCH_PROJECTS, fillStaffLists, medianAndP95 } from './fill';

const LIMIT_MS = 20;
const RUNS = 50;

/** A new lead as the questionnaire sends it: a 3-room flat in Vincennes at 520,000 €. */
const lead: MatchLead = {
  department: '94',
  city: 'Vincennes',
  typeBien: 1,
  price: 520_000,
  roomCount: 3,
  surface: 3,
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-matching-'));
const db = openDatabase(dir);
await migrateToLatest(db);
const started = performance.now();
await fillStaffLists(db, [null], { projects: BENCH_PROJECTS, leads: 0 });
console.log(
  `${BENCH_PROJECTS} projets créés en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);

let found = 0;
const times: number[] = [];
for (let run = 0; run < RUNS + 5; run++) {
  const start = performance.now();
  const matches = await projectsMatchingLead(db, lead);
  // The first runs warm the caches and the JIT: not counted.
  if (run >= 5) times.push(performance.now() - start);
  found = matches.length;
}
const { median, p95 } = medianAndP95(times);
console.log(
  `Un contact propriétaire comparé à ${BENCH_PROJECTS} projets (${found} gardés, les meilleurs d’abord) : médiane ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms sur ${RUNS} passages.`,
);
await db.destroy();
rmSync(dir, { recursive: true, force: true });
if (median >= LIMIT_MS) {
  console.error(`La médiane dépasse ${LIMIT_MS} ms.`);
  process.exit(1);
}
