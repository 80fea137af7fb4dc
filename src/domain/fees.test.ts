import { describe, expect, it } from 'vitest';
import { bracketFor, buyerFeeTTC, MINIMUM_FEE_TTC, withoutVat } from './fees';
import { formatEuro, formatPercent } from './format';

describe('barème acquéreur', () => {
  it('applies the minimum fee up to 150 000 €', () => {
    expect(buyerFeeTTC(90_000)).toBe(MINIMUM_FEE_TTC);
    expect(buyerFeeTTC(150_000)).toBe(MINIMUM_FEE_TTC);
  });

  it('applies the bracket rate to the whole price', () => {
    expect(buyerFeeTTC(250_000)).toBe(10_000);
    expect(buyerFeeTTC(400_000)).toBe(14_000);
    expect(buyerFeeTTC(1_000_000)).toBe(30_000);
  });

  it('never goes under the minimum', () => {
    expect(buyerFeeTTC(150_001)).toBe(6_000);
  });

  it('picks brackets at their bounds', () => {
    expect(bracketFor(300_000).rate).toBe(0.04);
    expect(bracketFor(300_001).rate).toBe(0.035);
    expect(bracketFor(5_000_000).to).toBeNull();
  });

  it('rejects an impossible price', () => {
    expect(() => buyerFeeTTC(-1)).toThrow(RangeError);
    expect(() => buyerFeeTTC(Number.NaN)).toThrow(RangeError);
  });

  it('converts TTC to HT at 20 %', () => {
    expect(withoutVat(12_000)).toBe(10_000);
  });
});

describe('French formatting', () => {
  it('uses U+202F between thousands and U+00A0 before €', () => {
    expect(formatEuro(6000)).toBe('6\u202f000\u00a0€');
    expect(formatEuro(1234.5)).toBe('1\u202f234,50\u00a0€');
  });

  it('formats rates with a comma', () => {
    expect(formatPercent(0.035)).toBe('3,5\u00a0%');
  });
});
