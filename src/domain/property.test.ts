import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  bedroomCounts,
  bienTypes,
  propertyCountOptions,
  roomCounts,
  surfaceBands,
  visitCounts,
  type BienType,
} from './property';

describe('property option lists', () => {
  it('number their labels from 1, or from 0 for the visits', () => {
    expect(bienTypes).toEqual([
      { value: 1, label: 'Appartement' },
      { value: 2, label: 'Maison' },
      { value: 3, label: 'Terrain' },
      { value: 4, label: 'Parking/Box' },
      { value: 5, label: 'Loft/Atelier' },
      { value: 6, label: 'Immeuble' },
      { value: 7, label: 'Autre' },
    ]);
    expect(surfaceBands).toEqual([
      { value: 1, label: 'Moins de 30\u00a0m²' },
      { value: 2, label: '30 à 50\u00a0m²' },
      { value: 3, label: '50 à 70\u00a0m²' },
      { value: 4, label: '70 à 100\u00a0m²' },
      { value: 5, label: '100\u00a0m² et plus' },
    ]);
    expect(roomCounts).toEqual([
      { value: 1, label: 'Studio' },
      { value: 2, label: '2 pièces' },
      { value: 3, label: '3 pièces' },
      { value: 4, label: '4 pièces' },
      { value: 5, label: '5 pièces et +' },
    ]);
    expect(bedroomCounts).toEqual([
      { value: 1, label: '1' },
      { value: 2, label: '2' },
      { value: 3, label: '3' },
      { value: 4, label: '4' },
      { value: 5, label: '5 et +' },
    ]);
    expect(visitCounts).toEqual([
      { value: 0, label: 'Aucune' },
      { value: 1, label: '1' },
      { value: 2, label: '2' },
      { value: 3, label: '3' },
      { value: 4, label: '4' },
      { value: 5, label: '5 et +' },
    ]);
    expect(propertyCountOptions).toEqual([
      { value: 1, label: '1' },
      { value: 2, label: '2' },
      { value: 3, label: '3' },
      { value: 4, label: '4 et +' },
    ]);
  });

  it('keep the literal types of values and labels', () => {
    expectTypeOf<BienType>().toEqualTypeOf<1 | 2 | 3 | 4 | 5 | 6 | 7>();
    expectTypeOf<(typeof visitCounts)[number]['value']>().toEqualTypeOf<0 | 1 | 2 | 3 | 4 | 5>();
    expectTypeOf<(typeof roomCounts)[0]>().toEqualTypeOf<{
      readonly value: 1;
      readonly label: 'Studio';
    }>();
    expectTypeOf<(typeof propertyCountOptions)[number]['value']>().toEqualTypeOf<1 | 2 | 3 | 4>();
  });
});
