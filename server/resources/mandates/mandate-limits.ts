import type { ThrottlePolicy } from '../../http/throttle';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How often the signing codes may be asked for and tried (issue 30), on top of each code's own
 * 5 tries: per account, 5 codes an hour (so at most 25 guesses an hour of a 1-in-a-million
 * code), then a wait that doubles from 5 minutes; per address, 20 codes and 60 signing tries an
 * hour whatever the account.
 */
export const MANDATE_CODES_PER_ACCOUNT: ThrottlePolicy = {
  free: 5,
  windowMs: HOUR,
  backoff: { baseMs: 5 * MINUTE, maxMs: HOUR },
};
export const MANDATE_CODES_PER_ADDRESS: ThrottlePolicy = { free: 20, windowMs: HOUR };
export const MANDATE_SIGN_TRIES_PER_ADDRESS: ThrottlePolicy = { free: 60, windowMs: HOUR };
