import { describe, expect, it } from 'vitest';
import { homestylzOffers } from './homestylz-offers';
import { euroCents } from './basket';
import { existsSync } from 'node:fs';
import { lineName, shopPackById, shopPacks, shopProductById, shopProducts } from './shop-catalogue';

describe('shop catalogue', () => {
  it('sells every homestylz offer once, at the price the public pages show', () => {
    expect(shopProducts.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      homestylzOffers.map((o) => o.id).sort((a, b) => a - b),
    );
    for (const offer of homestylzOffers) {
      const product = shopProductById(offer.id);
      expect(product).toMatchObject({ price: offer.price, packname: offer.packname });
      expect(product?.unitAmount).toBe(euroCents(offer.price));
    }
  });

  it('has pack 1 as the default page, and no pack for unknown ids', () => {
    expect(shopPackById(1)?.products.length).toBeGreaterThan(0);
    expect(shopPackById(99)).toBeUndefined();
  });

  it('bounds quantities per unit: 1–20 forfaits, 1–500 m², 1–100 hours', () => {
    expect(shopProductById(2)).toMatchObject({ minQuantity: 1, maxQuantity: 20 });
    expect(shopProductById(19)).toMatchObject({ minQuantity: 1, maxQuantity: 500 });
    expect(shopProductById(23)).toMatchObject({ minQuantity: 1, maxQuantity: 100 });
  });

  it('converts euros to cents without drift', () => {
    expect(euroCents(18.9)).toBe(1890);
    expect(euroCents(0.29)).toBe(29);
  });

  it('suffixes products 19 and 23 with quantity and unit, replacing a parenthesised part', () => {
    expect(lineName({ id: 19, name: 'Home staging (12 m²)' }, 24)).toBe(
      'Home staging (24\u00a0m²)',
    );
    expect(lineName({ id: 23, name: 'Accompagnement décoration' }, 3)).toBe(
      'Accompagnement décoration (3\u00a0h)',
    );
    expect(lineName({ id: 2, name: 'Pack Essentiel' }, 2)).toBe('Pack Essentiel');
  });

  it('gives each product and each pack its own picture, a file of public/ (issue 32)', () => {
    const productPictures = shopProducts.map((p) => p.src);
    expect(new Set(productPictures).size).toBe(productPictures.length);
    expect(shopProductById(4)?.src).not.toBe(shopProductById(2)?.src);
    const packPictures = shopPacks.map((p) => p.src);
    expect(new Set(packPictures).size).toBe(packPictures.length);
    for (const src of [...productPictures, ...packPictures]) {
      expect(existsSync(`public${src}`), src).toBe(true);
    }
  });
});
