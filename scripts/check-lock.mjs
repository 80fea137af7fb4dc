// `npm ci` must accept the committed lock file on a fresh clone, on any platform: a lock file
// missing another platform's optional binaries is refused as "out of sync". Checked on a copy of
// package.json and package-lock.json alone, without installing anything.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-check-'));
try {
  for (const file of ['package.json', 'package-lock.json'])
    copyFileSync(file, path.join(dir, file));
  const result = spawnSync(
    'npm',
    ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    const errors = `${result.stdout}\n${result.stderr}`
      .split('\n')
      .filter((l) => l.startsWith('npm error') && l.trim() !== 'npm error')
      .slice(0, 6);
    console.error(`npm ci refuse package-lock.json :\n${errors.join('\n')}`);
    process.exit(1);
  }
  console.log('package-lock.json accepté par npm ci.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
