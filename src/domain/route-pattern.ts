/**
 * Route patterns as wouter writes them ('/signup/:code'): only literal and ':name' segments.
 * Shared by the app (which route is this path?) and the server (is it an app route or a 404?).
 */
export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export function findPattern<T extends { path: string }>(
  items: readonly T[],
  path: string,
): T | undefined {
  return items.find((item) => patternToRegExp(item.path).test(path));
}
