import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that signs tokens: JWT_SECRET when set, otherwise one generated on first start and kept
 * in DATA_DIR (readable by the server's user only), so tokens survive restarts. Never in the repo
 * or the client bundle.
 */
export function loadJwtSecret(
  configured: string | undefined,
  dataDir: string | ':memory:',
): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  if (dataDir === ':memory:') return randomBytes(32);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
