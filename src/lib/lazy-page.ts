import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts (or reuses) the chunk download; awaited before hydration and on link hover. */
  preload: () => Promise<unknown>;
};

/** A route component in its own chunk, loadable ahead of render. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const once = () => (pending ??= load());
  return Object.assign(lazy(once), { preload: once });
}
