import { randomUUID } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { company } from '../../src/domain/company';
import { VAPID_PRIVATE_KEY_PATTERN, VAPID_PUBLIC_KEY_PATTERN, isVapidPair, type Env } from '../env';
import type { Logger } from '../log';

/** The server's VAPID identity (RFC 8292): push services check every message against it. */
export interface VapidKeys {
  /** Base64url of the uncompressed P-256 point (65 bytes): what browsers subscribe with. */
  publicKey: string;
  /** Base64url of the 32-byte private scalar: never leaves the server. */
  privateKey: string;
  /** Who to contact about this sender: mailto: or https:. */
  subject: string;
}

/** File of DATA_DIR holding the generated keys (readable by the server's user only). */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { publicKey, privateKey } = value as Record<string, unknown>;
  return (
    typeof publicKey === 'string' &&
    typeof privateKey === 'string' &&
    VAPID_PUBLIC_KEY_PATTERN.test(publicKey) &&
    VAPID_PRIVATE_KEY_PATTERN.test(privateKey) &&
    isVapidPair(publicKey, privateKey)
  );
}

/**
 * The keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when configured (env.ts checks they are a
 * pair); otherwise a pair generated on the first start and kept in DATA_DIR/vapid-keys.json
 * (mode 0600), reused by every later start, so the browsers' subscriptions stay valid. Never in
 * the repository nor in the client bundle: only the public key is served (GET
 * /api/push/public-key).
 */
export function loadVapidKeys(env: Env, log: Logger): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? `mailto:${company.email}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  // Several instances on one database would each sign with their own pair, and a container's
  // DATA_DIR may not outlive it: said at every start until the pair is configured.
  if (env.DATABASE_URL)
    log.warn(
      'Notifications\u00a0: avec DATABASE_URL, configurez VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY (les mêmes pour chaque instance, `npx web-push generate-vapid-keys`)\u00a0; sans elles, chaque instance a sa propre paire et les notifications échouent (docs/push.md).',
    );
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const stored = readKeys(file);
  if (stored) return { ...stored, subject };
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Written aside, then linked in place: the file appears whole or not at all, and another
  // instance starting on the same DATA_DIR at the same moment keeps its pair (this one then
  // reads that pair below).
  const aside = `${file}.${randomUUID()}.tmp`;
  writeFileSync(aside, `${JSON.stringify(generated)}\n`, { mode: 0o600 });
  chmodSync(aside, 0o600);
  let created = false;
  try {
    linkSync(aside, file);
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
  const kept = readKeys(file);
  if (!kept) throw new Error(`${file}\u00a0: clés VAPID illisibles.`);
  if (!created) return { ...kept, subject };
  const said = `Clés VAPID des notifications générées dans ${file} (gardez ce fichier\u00a0: sans lui, chaque appareil devra réactiver les notifications). Pour plusieurs instances, configurez VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY (docs/push.md).`;
  // Once, when made: a warning in production (keep the file), a line in development, quiet in tests.
  if (env.NODE_ENV === 'production') log.warn(said);
  else if (env.NODE_ENV === 'development') log.info(said);
  else log.debug(said);
  return { ...kept, subject };
}

/** The pair kept in `file`; undefined when there is none; an error when it is damaged. */
function readKeys(file: string): { publicKey: string; privateKey: string } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!isKeyPair(parsed))
    throw new Error(
      `${file}\u00a0: ce fichier ne contient pas une paire de clés VAPID valide. Restaurez-le depuis une sauvegarde, ou supprimez-le pour en générer une nouvelle (chaque appareil devra alors réactiver les notifications).`,
    );
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
