import { describe, expect, it } from 'vitest';
import { findPattern, patternToRegExp } from './route-pattern';

describe('route patterns', () => {
  it('matches literal paths exactly, with an optional trailing slash', () => {
    const re = patternToRegExp('/aide/faq');
    expect(re.test('/aide/faq')).toBe(true);
    expect(re.test('/aide/faq/')).toBe(true);
    expect(re.test('/aide/faq/plus')).toBe(false);
    expect(re.test('/aide')).toBe(false);
  });

  it('matches one segment per parameter', () => {
    const re = patternToRegExp('/signup/:code');
    expect(re.test('/signup/PARTNER42')).toBe(true);
    expect(re.test('/signup')).toBe(false);
    expect(re.test('/signup/a/b')).toBe(false);
  });

  it('matches an area and every address below it with a last /*?', () => {
    const re = patternToRegExp('/wh-dashboard/*?');
    expect(re.test('/wh-dashboard')).toBe(true);
    expect(re.test('/wh-dashboard/')).toBe(true);
    expect(re.test('/wh-dashboard/acquereurs/42')).toBe(true);
    expect(re.test('/wh-dashboardx')).toBe(false);
    expect(re.test('/autre/wh-dashboard')).toBe(false);
  });

  it('escapes regular-expression characters in literals', () => {
    expect(patternToRegExp('/a.b').test('/axb')).toBe(false);
  });

  it('finds the first matching item', () => {
    const items = [{ path: '/' }, { path: '/services' }];
    expect(findPattern(items, '/services')?.path).toBe('/services');
    expect(findPattern(items, '/nope')).toBeUndefined();
  });
});
