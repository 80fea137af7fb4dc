import type { KEPT_DEPARTMENTS } from './geography';

/**
 * Names of the departments the company works in (spec 9), for screens that show a stored code
 * without loading the geography lists (the client's project). Apart from geography.ts, which
 * every page loads.
 */
export const departmentNames: Record<(typeof KEPT_DEPARTMENTS)[number], string> = {
  '75': 'Paris',
  '92': 'Hauts-de-Seine',
  '93': 'Seine-Saint-Denis',
  '94': 'Val-de-Marne',
  '91': 'Essonne',
};

/** 'Hauts-de-Seine (92)'; an unknown code is shown as it is. */
export function departmentLabel(code: string): string {
  const name = (departmentNames as Record<string, string | undefined>)[code];
  return name ? `${name} (${code})` : code;
}
