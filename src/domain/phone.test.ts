import { describe, expect, it } from 'vitest';
import { company } from './company';
import { formatPhone, isFrenchPhone, telHref } from './phone';

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

describe('formatPhone', () => {
  const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

  it('writes a French number in five pairs that never break apart', () => {
    for (const typed of [
      '0184601234',
      '01 84 60 12 34',
      '01.84.60.12.34',
      '01-84-60-12-34',
      '+33 1 84 60 12 34',
      '+33184601234',
      '0033184601234',
      ' 01 84 60 12 34 ',
    ]) {
      expect(formatPhone(typed), typed).toBe(nbsp('01 84 60 12 34'));
    }
    expect(formatPhone('+33 6 12 34 56 78')).toBe(nbsp('06 12 34 56 78'));
  });

  it('keeps any other number as typed, on one line', () => {
    expect(formatPhone('1007')).toBe('1007');
    expect(formatPhone('+44 20  7946 0958')).toBe(nbsp('+44 20 7946 0958'));
    expect(formatPhone('')).toBe('');
  });

  it('is how the company’s number is written', () => {
    expect(company.phone).toBe(formatPhone(company.phone));
    expect(company.phone).toBe(formatPhone(company.phoneE164));
    expect(telHref(company.phone)).toBe(`tel:${company.phoneE164.replace('+33', '0')}`);
  });
});
