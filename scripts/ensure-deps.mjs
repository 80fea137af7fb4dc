// Installs dependencies when node_modules is missing or older than package-lock.json, so the
// README's commands work on a fresh clone. `npm ci`: exactly the lock file's versions, and the
// lock file is never rewritten (git status stays clean after `npm start` and `npm test`).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

export function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json';
  const fresh =
    existsSync(marker) &&
    existsSync('package-lock.json') &&
    statSync(marker).mtimeMs >= statSync('package-lock.json').mtimeMs;
  if (fresh) return;
  console.log('Installation des dépendances (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci a échoué.');
    process.exit(result.status ?? 1);
  }
}

/** Runs a command, inheriting the terminal; stops everything when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`Échec : ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}
