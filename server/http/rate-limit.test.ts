import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows the limit per window, then refuses until the window ends', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 1000, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([true, true, false]);
    expect(limiter.hit('b')).toBe(true);
    now = 1000;
    expect(limiter.hit('a')).toBe(true);
  });

  it('stays bounded in memory under a flood of distinct keys', () => {
    const limiter = new RateLimiter(1, 60_000, () => 0);
    for (let i = 0; i < RateLimiter.MAX_KEYS * 2; i += 1) limiter.hit(`k${i}`);
    expect((limiter as unknown as { hits: Map<string, unknown> }).hits.size).toBeLessThanOrEqual(
      RateLimiter.MAX_KEYS,
    );
  });
});
