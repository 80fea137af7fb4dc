import { findPattern } from '../domain/route-pattern';
import { routes } from './routes';

/** Downloads the chunk of the route at this path, if any. */
export function preloadRoute(path: string): Promise<unknown> {
  return findPattern(routes, path)?.component.preload() ?? Promise.resolve();
}
