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

/** Each option as [value, label], after checking it holds nothing else. */
function pairs(options: readonly { value: number; label: string }[]) {
  return options.map((option) => {
    expect(Object.keys(option)).toEqual(['value', 'label']);
    return [option.value, option.label];
  });
}

describe('property option lists', () => {
  it('number their labels from 1, or from 0 for the visits', () => {
    expect(pairs(bienTypes)).toEqual([
      [1, 'Appartement'],
      [2, 'Maison'],
      [3, 'Terrain'],
      [4, 'Parking/Box'],
      [5, 'Loft/Atelier'],
      [6, 'Immeuble'],
      [7, 'Autre'],
    ]);
    expect(pairs(surfaceBands)).toEqual([
      [1, 'Moins de 30\u00a0m²'],
      [2, '30 à 50\u00a0m²'],
      [3, '50 à 70\u00a0m²'],
      [4, '70 à 100\u00a0m²'],
      [5, '100\u00a0m² et plus'],
    ]);
    expect(pairs(roomCounts)).toEqual([
      [1, 'Studio'],
      [2, '2 pièces'],
      [3, '3 pièces'],
      [4, '4 pièces'],
      [5, '5 pièces et +'],
    ]);
    expect(pairs(bedroomCounts)).toEqual([
      [1, '1'],
      [2, '2'],
      [3, '3'],
      [4, '4'],
      [5, '5 et +'],
    ]);
    expect(pairs(visitCounts)).toEqual([
      [0, 'Aucune'],
      [1, '1'],
      [2, '2'],
      [3, '3'],
      [4, '4'],
      [5, '5 et +'],
    ]);
    expect(pairs(propertyCountOptions)).toEqual([
      [1, '1'],
      [2, '2'],
      [3, '3'],
      [4, '4 et +'],
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
