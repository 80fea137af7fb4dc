// Installs dependencies when node_modules is missing or older than package-lock.json, so the
// README's commands work on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

export function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json';
  const fresh =
    existsSync(marker) &&
    existsSync('package-lock.json') &&
    statSync(marker).mtimeMs >= statSync('package-lock.json').mtimeMs;
  if (fresh) return;
  // `npm install`, not `npm ci`: npm 11 leaves the other platforms' optional packages (Tailwind's
  // oxide binaries) out of the lock file, and `npm ci` then refuses a lock it calls out of sync.
  // The versions installed are still the lock file's.
  console.log('Installation des dépendances (npm install)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm install a échoué.');
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
