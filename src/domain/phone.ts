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
