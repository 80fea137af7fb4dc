/**
 * Route patterns as wouter writes them ('/signup/:code'): literal and ':name' segments, and a
 * last '/*?' for an area with addresses of its own below it ('/wh-dashboard/*?': the area and
 * every address under it). Shared by the app (which route is this path?) and the server (is it
 * an app route or a 404?).
 */
export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((seg) =>
      seg === '*?'
        ? '?(/.*)?'
        : seg.startsWith(':')
          ? '[^/]+'
          : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export function findPattern<T extends { path: string }>(
  items: readonly T[],
  path: string,
): T | undefined {
  return items.find((item) => patternToRegExp(item.path).test(path));
}
