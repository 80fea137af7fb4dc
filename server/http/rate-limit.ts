/**
 * Fixed-window counter kept in memory: enough for one Node process. Used to slow down form spam
 * and password guessing. Old windows are swept as they are met.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  /** Memory bound: past this many live keys, the oldest windows are dropped. */
  static readonly MAX_KEYS = 10_000;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for key; false when the key is over its limit for the current window. */
  hit(key: string): boolean {
    const t = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) {
      if (this.hits.size >= RateLimiter.MAX_KEYS) this.sweep(t);
      this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  /** True when the key has used up its window, without counting a hit. */
  exhausted(key: string): boolean {
    const entry = this.hits.get(key);
    return !!entry && entry.resetAt > this.now() && entry.count >= this.limit;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(t: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= t) this.hits.delete(key);
    // Still full (a flood from many addresses): forget the oldest, in insertion order.
    for (const key of this.hits.keys()) {
      if (this.hits.size < RateLimiter.MAX_KEYS * 0.9) break;
      this.hits.delete(key);
    }
  }
}
