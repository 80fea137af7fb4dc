/**
 * The homestylz shop catalogue (issue 14, spec 3.8, 4.5): packs and their products, derived
 * from homestylzOffers so a price is written once, for the public pages and the shop alike.
 * Loi Hoguet: only home-staging, decoration and photo services are sold, never anything tied
 * to a property transaction.
 */
import { euroCents, measuredName } from './basket';
import {
  HOMESTYLZ_HOUR_PRODUCT_ID,
  HOMESTYLZ_M2_PRODUCT_ID,
  homestylzOfferById,
  type HomestylzOffer,
  type HomestylzUnit,
} from './homestylz-offers';

export interface ShopProduct {
  id: number;
  name: string;
  description: string;
  /** Euros TTC per unit, as shown on the public pages. */
  price: number;
  /** The same price in cents, as Stripe's unit_amount (spec 9: price × 100). */
  unitAmount: number;
  unit: HomestylzUnit;
  /** Image path under the site root. */
  src: string;
  packname: string;
  /** Quantity a basket line may hold (inclusive). */
  minQuantity: number;
  maxQuantity: number;
}

export interface ShopPack {
  id: number;
  name: string;
  description: string;
  src: string;
  products: ShopProduct[];
}

/**
 * Quantity bounds per unit: a flat fee is bought 1 to 20 times (more is a quote, not a
 * basket); the per-m² product covers 1 to 500 m² (a large house); the hourly product 1 to
 * 100 hours. Beyond these the buyer is asked to call (docs/shop.md).
 */
export const quantityBounds: Record<HomestylzUnit, { min: number; max: number }> = {
  forfait: { min: 1, max: 20 },
  m2: { min: 1, max: 500 },
  heure: { min: 1, max: 100 },
};

/**
 * Each product its own picture (issue 32: Pack Photo showed Pack Essentiel's); a test checks no
 * two share one. Keyed by offer id (src/domain/homestylz-offers.ts).
 */
const imageByOffer: Record<number, string> = {
  1: '/images/main-salon-homestylz.svg',
  2: '/images/homestylz-hero.svg',
  3: '/images/homestylz-signature.svg',
  4: '/images/homestylz-photo.svg',
  [HOMESTYLZ_HOUR_PRODUCT_ID]: '/images/homestylz-moodboard.svg',
  [HOMESTYLZ_M2_PRODUCT_ID]: '/images/homestylz-bedroom.svg',
};

function toShopProduct(offer: HomestylzOffer): ShopProduct {
  const bounds = quantityBounds[offer.unit];
  const src = imageByOffer[offer.id];
  if (!src) throw new Error(`Image manquante pour l’offre homestylz ${offer.id}`);
  return {
    id: offer.id,
    name: offer.name,
    description: offer.summary,
    price: offer.price,
    unitAmount: euroCents(offer.price),
    unit: offer.unit,
    src,
    packname: offer.packname,
    minQuantity: bounds.min,
    maxQuantity: bounds.max,
  };
}

function offers(...ids: number[]): ShopProduct[] {
  return ids.map((id) => {
    const offer = homestylzOfferById(id);
    if (!offer) throw new Error(`Offre homestylz inconnue\u00a0: ${id}`);
    return toShopProduct(offer);
  });
}

/** Pack 1 is the shop's default page (spec 9: default pack for homestylz 1). */
export const shopPacks: readonly ShopPack[] = [
  {
    id: 1,
    name: 'Home staging',
    description:
      'Mettez votre logement en valeur avant sa mise en vente ou en location\u00a0: bien occupé, bien vide ou grande surface au m².',
    src: '/images/homestylz-hero.svg',
    products: offers(2, 3, HOMESTYLZ_M2_PRODUCT_ID),
  },
  {
    id: 2,
    name: 'Conseil et décoration',
    description:
      'Une décoratrice vous conseille lors d’une visite ou vous accompagne à l’heure pour choisir, acheter et installer.',
    src: '/images/homestylz-moodboard.svg',
    products: offers(1, HOMESTYLZ_HOUR_PRODUCT_ID),
  },
  {
    id: 3,
    name: 'Photographie',
    description: 'Des photos d’intérieur lumineuses et fidèles, prêtes pour vos annonces.',
    src: '/images/homestylz-photo.svg',
    products: offers(4),
  },
];

export function shopPackById(id: number): ShopPack | undefined {
  return shopPacks.find((pack) => pack.id === id);
}

/** Every product sold, whatever its pack. */
export const shopProducts: readonly ShopProduct[] = shopPacks.flatMap((pack) => pack.products);

export function shopProductById(id: number): ShopProduct | undefined {
  return shopProducts.find((product) => product.id === id);
}

/**
 * The name of a basket line (spec 4.5): products 19 and 23 get their quantity and unit in
 * parentheses, replacing any earlier parenthesised part ("Home staging au m² (24 m²)"); the
 * basket's own rule, so the panel and the order say the same.
 */
export function lineName(product: Pick<ShopProduct, 'id' | 'name'>, quantity: number): string {
  return measuredName(product.id, product.name, quantity);
}
