import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { findPattern } from '../domain/route-pattern';
import { routes } from './routes';
import { appStart } from './started';

/**
 * Title, description, canonical address and robots of each page, set on every navigation. A
 * prerendered first page has them all in its HTML: the code that sets them (./head.ts) loads
 * only with the first navigation or on a page drawn from the app shell.
 */
export function useDocumentMeta(): void {
  const [location] = useLocation();
  // After a first navigation from a prerendered page (./started.ts), the first page is that navigation's.
  const firstPage = useRef(!appStart.navigated);
  useEffect(() => {
    const isFirst = firstPage.current;
    firstPage.current = false;
    if (isFirst && findPattern(routes, location)?.meta.prerender) return;
    let cancel: (() => void) | undefined;
    let current = true;
    void import('./head').then(({ applyDocumentMeta }) => {
      if (current) cancel = applyDocumentMeta(location, isFirst);
    });
    return () => {
      current = false;
      cancel?.();
    };
  }, [location]);
}
