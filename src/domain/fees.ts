/**
 * Barème d'honoraires of the property-hunting service, TTC (TVA 20 % included).
 * An estate agent must show it (arrêté du 10 janvier 2017, loi Hoguet): on the site, on every
 * page within two clicks (header 'Tarifs' → /tarifs#tarifs).
 * Loi Hoguet art. 6: the fee is due only once the deal is concluded (acte authentique signed).
 */
export interface FeeBracket {
  /** Lower bound of the net seller price, in euros, inclusive. */
  from: number;
  /** Upper bound, inclusive; null for the last bracket. */
  to: number | null;
  /** Rate applied to the whole net seller price, TTC. */
  rate: number;
}

export const VAT_RATE = 0.2;
/** Minimum fee, TTC, whatever the price. */
export const MINIMUM_FEE_TTC = 6000;

export const buyerFeeScale: readonly FeeBracket[] = [
  { from: 0, to: 150_000, rate: 0 },
  { from: 150_001, to: 300_000, rate: 0.04 },
  { from: 300_001, to: 600_000, rate: 0.035 },
  { from: 600_001, to: null, rate: 0.03 },
];

/** Bracket that applies to a net seller price. */
export function bracketFor(price: number): FeeBracket {
  const found = buyerFeeScale.find((b) => price >= b.from && (b.to === null || price <= b.to));
  // The scale starts at 0 and its last bracket is open, so only a negative price misses.
  if (!found || !Number.isFinite(price)) throw new RangeError('Prix invalide');
  return found;
}

/** Fee TTC, rounded to the euro, for a net seller price in euros. */
export function buyerFeeTTC(price: number): number {
  if (!Number.isFinite(price) || price < 0) throw new RangeError('Prix invalide');
  const { rate } = bracketFor(Math.round(price));
  return Math.max(MINIMUM_FEE_TTC, Math.round(price * rate));
}

/** Amount HT for an amount TTC at the standard VAT rate. */
export function withoutVat(amountTTC: number): number {
  return Math.round((amountTTC / (1 + VAT_RATE)) * 100) / 100;
}
