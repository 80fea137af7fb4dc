import { describe, expect, it } from 'vitest';
import {
  HOMESTYLZ_HOUR_PRODUCT_ID,
  HOMESTYLZ_M2_PRODUCT_ID,
  homestylzOfferById,
  homestylzOffers,
  unitLabel,
} from './homestylz-offers';

describe('offres homestylz', () => {
  it('has unique ids and slugs', () => {
    const ids = homestylzOffers.map((o) => o.id);
    const slugs = homestylzOffers.map((o) => o.slug);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('holds the four packs and the two per-unit products', () => {
    expect(homestylzOffers.map((o) => o.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 19, 23]);
  });

  it('sells id 19 per m² and id 23 per hour (spec 4.5)', () => {
    expect(HOMESTYLZ_M2_PRODUCT_ID).toBe(19);
    expect(HOMESTYLZ_HOUR_PRODUCT_ID).toBe(23);
    expect(homestylzOfferById(19)?.unit).toBe('m2');
    expect(homestylzOfferById(23)?.unit).toBe('heure');
    for (const offer of homestylzOffers.filter((o) => o.id !== 19 && o.id !== 23)) {
      expect(offer.unit).toBe('forfait');
    }
  });

  it('has positive prices in whole euros or cents', () => {
    for (const offer of homestylzOffers) {
      expect(Number.isFinite(offer.price)).toBe(true);
      expect(offer.price).toBeGreaterThan(0);
      // Whole cents: price × 100 is sent to the payment page (spec 9).
      expect(Math.abs(offer.price * 100 - Math.round(offer.price * 100))).toBeLessThan(1e-6);
    }
  });

  it('describes every offer', () => {
    for (const offer of homestylzOffers) {
      expect(offer.name.trim()).not.toBe('');
      expect(offer.packname.trim()).not.toBe('');
      expect(offer.summary.trim()).not.toBe('');
      expect(offer.includes.length).toBeGreaterThan(0);
      expect(offer.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('labels units in French', () => {
    expect(unitLabel({ unit: 'forfait' })).toBe('le forfait');
    expect(unitLabel({ unit: 'heure' })).toBe('l’heure');
    expect(unitLabel({ unit: 'm2' })).toBe('le m²');
    expect(homestylzOfferById(999)).toBeUndefined();
  });
});
