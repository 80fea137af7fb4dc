import { keepTogether } from './typography';

/**
 * French phone number (spec 5): +33, 0033 or 0, then a digit 1-9, then four pairs of digits,
 * each optionally preceded by a space, a dot or a dash.
 */
export const FRENCH_PHONE_PATTERN = /^(?:(?:\+|00)33|0)\s*[1-9](?:[\s.-]?\d{2}){4}$/;

export function isFrenchPhone(value: string): boolean {
  return FRENCH_PHONE_PATTERN.test(value.trim());
}

/** A tel: link for a phone number as people write it (« 06 12 34 56 78 » → tel:0612345678). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * A phone number as it is displayed, never split across lines (issue 27: « 01 84 60 12 / 34 »):
 * a French number in its five pairs joined by no-break spaces, « 01 84 60 12 34 » whether it
 * was typed 0184601234, 01.84.60.12.34 or +33 1 84 60 12 34; any other number as it was typed,
 * its spaces made no-break. The company's own number is written so already (company.ts, which
 * the public pages load: it uses keepTogether, which they have anyway).
 */
export function formatPhone(phone: string): string {
  const typed = phone.trim();
  if (isFrenchPhone(typed)) {
    const national = `0${typed.replace(/\D/g, '').slice(-9)}`;
    return national.replace(/\d\d(?=\d)/g, '$&\u00a0');
  }
  return keepTogether(typed.replace(/\s+/g, ' '));
}
