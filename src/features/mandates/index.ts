import { createElement, lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

/**
 * The mandat de recherche and the registre des mandats (issue 30, docs/mandates.md): the
 * « Mandat » panel of the fiche acquéreur, the client's « Mon mandat », and the register. Each
 * is its own chunk, loaded when its screen shows: the areas' first download does not grow.
 * This is the folder's only door.
 */

/** A component of this folder in its own chunk, a quiet status line while it loads. */
function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Part = lazy(load);
  return function LazyPart(props: P) {
    return createElement(
      Suspense,
      {
        fallback: createElement(
          'p',
          { role: 'status', className: 'mt-3 text-base-content/70' },
          'Chargement…',
        ),
      },
      createElement(Part as ComponentType<P>, props),
    );
  };
}

export { useBuyerMandates } from './mandate-api';

export const MandatePanel = lazyPart(() => import('./components/mandate-panel'));
export const MyMandate = lazyPart(() => import('./components/my-mandate'));
export const MandateRegister = lazyPart(() => import('./components/mandate-register'));
export type MandatePanelProps = ComponentProps<typeof MandatePanel>;
