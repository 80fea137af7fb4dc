import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import {
  type BasketLine,
  basketBadgeCount,
  basketBadgeText,
  basketSubtotal,
  basketSubtotalCents,
} from '../domain/basket';
import { readBadge } from '../lib/basket-badge';
import { publishBadge } from '../lib/publish-badge';
import { basketRepo, migrateLegacyBasket } from './basket.repo';

export interface BasketView {
  /** False until the first read from IndexedDB answered (lines is then []). */
  loaded: boolean;
  lines: BasketLine[];
  /** Spec 4.5: 19 and 23 count 1 each. */
  badgeCount: number;
  /** '' at 0, '+99' above 99. */
  badgeText: string;
  /** 'Sous-total' in euros, for formatEuro. */
  subtotal: number;
  subtotalCents: number;
}

const NO_LINES: BasketLine[] = [];

/**
 * The basket as stored, kept current in every open tab (liveQuery: Dexie tells the other tabs of
 * each commit). On first use in a page it migrates a legacy basket_cart_items, and it keeps the
 * badge mirror equal to what it reads (a mirror written by an older version, or lost).
 */
export function useBasket(): BasketView {
  const stored = useLiveQuery(() => basketRepo.list(), []);

  useEffect(migrateLegacyBasket, []);

  const view = useMemo(() => {
    const lines = stored ?? NO_LINES;
    const badgeCount = basketBadgeCount(lines);
    return {
      loaded: stored !== undefined,
      lines,
      badgeCount,
      badgeText: basketBadgeText(badgeCount),
      subtotal: basketSubtotal(lines),
      subtotalCents: basketSubtotalCents(lines),
    };
  }, [stored]);

  const { loaded, badgeText } = view;
  useEffect(() => {
    if (loaded && readBadge() !== badgeText) publishBadge(badgeText);
  }, [loaded, badgeText]);

  return view;
}
