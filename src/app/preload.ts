import { findPattern } from '../domain/route-pattern';
import { routes } from './routes';

export function isAppRoute(path: string): boolean {
  return findPattern(routes, path) !== undefined;
}

/** Downloads the chunk of the route at this path, if any. */
export function preloadRoute(path: string): Promise<unknown> {
  return findPattern(routes, path)?.component.preload() ?? Promise.resolve();
}
