import { describe, expect, it } from 'vitest';
import { formatEuro, formatPercent } from './format';
import { formatHour, formatHourRange, keepTogether } from './typography';

describe('French typography', () => {
  it('writes hours with a no-break space before h and before the minutes', () => {
    expect(formatHour(9)).toBe('9\u00a0h');
    expect(formatHour(1, 30)).toBe('1\u00a0h\u00a030');
    expect(formatHour(10, 5)).toBe('10\u00a0h\u00a005');
  });

  it('keeps a range of hours on one line', () => {
    expect(formatHourRange(9, 19)).toBe('9\u00a0h\u00a0–\u2060\u00a019\u00a0h');
    expect(formatHourRange(10, 17)).not.toMatch(/ /);
  });

  it('keeps an identifier on one line', () => {
    expect(keepTogether('RCS Paris 912 345 678')).toBe('RCS\u00a0Paris\u00a0912\u00a0345\u00a0678');
  });

  it('leaves amounts to Intl.NumberFormat: U+202F between thousands, U+00A0 before € and %', () => {
    expect(formatEuro(10_000)).toBe('10\u202f000\u00a0€');
    expect(formatPercent(0.2)).toBe('20\u00a0%');
  });
});
