import { CONSENT_KEY, CONSENT_LIFETIME_MS } from '../../domain/consent';

/** Where the cookie choice lives, and how long it holds: src/domain/consent.ts. */
export type ConsentChoice = 'accepted' | 'refused';

export { CONSENT_KEY, CONSENT_LIFETIME_MS };

interface StoredConsent {
  choice: ConsentChoice;
  at: number;
}

function isStoredConsent(value: unknown): value is StoredConsent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.choice === 'accepted' || v.choice === 'refused') && typeof v.at === 'number';
}

/** The choice still in force, or null when none was made, it expired or it is unreadable. */
export function readConsent(storage: Storage, now = Date.now()): ConsentChoice | null {
  let raw: string | null;
  try {
    raw = storage.getItem(CONSENT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isStoredConsent(parsed) && now - parsed.at < CONSENT_LIFETIME_MS && parsed.at <= now)
      return parsed.choice;
  } catch {
    // unreadable: ask again
  }
  storage.removeItem(CONSENT_KEY);
  return null;
}

export function writeConsent(storage: Storage, choice: ConsentChoice, now = Date.now()): void {
  try {
    storage.setItem(CONSENT_KEY, JSON.stringify({ choice, at: now } satisfies StoredConsent));
  } catch {
    // Private mode or full storage: the choice holds for this visit only.
  }
}
