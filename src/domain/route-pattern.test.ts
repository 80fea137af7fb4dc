import { describe, expect, it } from 'vitest';
import { findPattern, patternToRegExp } from './route-pattern';

describe('route patterns', () => {
  it.each([
    {
      rule: 'matches literal paths exactly, with an optional trailing slash',
      pattern: '/aide/faq',
      matches: ['/aide/faq', '/aide/faq/'],
      misses: ['/aide/faq/plus', '/aide'],
    },
    {
      rule: 'matches one segment per parameter',
      pattern: '/signup/:code',
      matches: ['/signup/PARTNER42'],
      misses: ['/signup', '/signup/a/b'],
    },
    {
      rule: 'matches an area and every address below it with a last /*?',
      pattern: '/wh-dashboard/*?',
      matches: ['/wh-dashboard', '/wh-dashboard/', '/wh-dashboard/acquereurs/42'],
      misses: ['/wh-dashboardx', '/autre/wh-dashboard'],
    },
    {
      rule: 'escapes regular-expression characters in literals',
      pattern: '/a.b',
      matches: ['/a.b'],
      misses: ['/axb'],
    },
  ])('$rule', ({ pattern, matches, misses }) => {
    const re = patternToRegExp(pattern);
    for (const path of matches) expect(re.test(path), path).toBe(true);
    for (const path of misses) expect(re.test(path), path).toBe(false);
  });

  it('finds the first matching item', () => {
    const items = [{ path: '/' }, { path: '/services' }];
    expect(findPattern(items, '/services')?.path).toBe('/services');
    expect(findPattern(items, '/nope')).toBeUndefined();
  });
});
