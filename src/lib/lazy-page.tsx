import { createElement, lazy, type ComponentType } from 'react';

export type LazyPage = ComponentType & {
  /** Starts (or reuses) the chunk download; awaited before hydration and before prerendering. */
  preload: () => Promise<unknown>;
};

/**
 * A route component in its own chunk. Once its chunk is loaded it renders synchronously, without
 * suspending: prerendered HTML then holds the page itself (React would otherwise write a
 * fallback plus an inline script, which the CSP forbids), and hydration matches it.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download (bad signal, or a redeploy removed the chunk) may be retried.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}
