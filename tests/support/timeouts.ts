/**
 * Every time-out of the end-to-end suite, in one place (docs/testing.md). A time-out is a
 * ceiling on a wait for a condition, never a wait: a passing test takes no longer for a high
 * ceiling, only a broken one does. They are set for the slowest machine we run on (one core,
 * as `taskset -c 0` gives) with room to spare; `E2E_TIME_SCALE` multiplies them all for a
 * machine slower still.
 */
const scale = Math.max(1, Number(process.env.E2E_TIME_SCALE) || 1);
const s = (ms: number) => Math.round(ms * scale);

export const timeouts = {
  /** One test, by default. */
  test: s(90_000),
  /** A test that is one person's whole scenario across several screens or two servers. */
  scenario: s(240_000),
  /** One `expect` (a locator's state, a poll). */
  expect: s(15_000),
  /**
   * What the service worker does by itself: install and precache, replay the outbox on its
   * retry schedule, fetch a new version.
   */
  background: s(90_000),
  /** A server started by the suite answers /api/health. */
  serverStart: s(120_000),
};
