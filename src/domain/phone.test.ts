import { describe, expect, it } from 'vitest';
import { isFrenchPhone, telHref } from './phone';

describe('isFrenchPhone', () => {
  it.each([
    '0612345678',
    '06 12 34 56 78',
    '06.12.34.56.78',
    '06-12-34-56-78',
    '+33612345678',
    '+33 6 12 34 56 78',
    '0033612345678',
  ])('accepts %s', (phone) => expect(isFrenchPhone(phone)).toBe(true));

  it.each([
    '',
    '0012345678',
    '061234567',
    '06123456789',
    '+3361234567',
    '06 12 34 56 7a',
    '0612 345678 9',
  ])('rejects %s', (phone) => expect(isFrenchPhone(phone)).toBe(false));
});

describe('telHref', () => {
  it('keeps the digits and a leading +, as a tel: link wants', () => {
    expect(telHref('06 12 34 56 78')).toBe('tel:0612345678');
    expect(telHref('+33 6.12.34.56.78')).toBe('tel:+33612345678');
  });
});
