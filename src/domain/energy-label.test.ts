import { describe, expect, it } from 'vitest';
import {
  CLIMATE_COLOURS,
  ENERGY_COLOURS,
  classRange,
  climateClass,
  energyClass,
  EMISSIONS_UPPER_BOUNDS,
  ENERGY_UPPER_BOUNDS,
} from './energy-label';

/** The 2021 scale as the regulatory label prints it, class by class (both bounds included). */
const energyScale = [
  ['A', 0, 70],
  ['B', 71, 110],
  ['C', 111, 180],
  ['D', 181, 250],
  ['E', 251, 330],
  ['F', 331, 420],
  ['G', 421, 1000],
] as const;
const climateScale = [
  ['A', 0, 6],
  ['B', 7, 11],
  ['C', 12, 30],
  ['D', 31, 50],
  ['E', 51, 70],
  ['F', 71, 100],
  ['G', 101, 300],
] as const;

describe('the DPE labels on the 2021 scale', () => {
  it.each(energyScale)(
    'energy class %s from %i to %i kWh/m²/an (emissions in class A)',
    (klass, low, high) => {
      expect(energyClass(low, 0)).toBe(klass);
      expect(energyClass(high, 0)).toBe(klass);
    },
  );

  it.each(climateScale)('climate class %s from %i to %i kg CO₂/m²/an', (klass, low, high) => {
    expect(climateClass(low)).toBe(klass);
    expect(climateClass(high)).toBe(klass);
  });

  it('puts a value just past an upper bound in the next class', () => {
    expect(energyClass(70.1, 0)).toBe('B');
    expect(climateClass(6.1)).toBe('B');
    expect(energyClass(420.5, 0)).toBe('G');
    expect(climateClass(100.01)).toBe('G');
  });

  it('gives the home the worse of its energy and emissions classes (double threshold)', () => {
    // 65 kWh (A) but 40 kg CO₂ (D): a gas-heated flat is D.
    expect(energyClass(65, 40)).toBe('D');
    // 300 kWh (E), 5 kg CO₂ (A): an electric flat is E.
    expect(energyClass(300, 5)).toBe('E');
    expect(energyClass(70, 6)).toBe('A');
    expect(energyClass(70, 7)).toBe('B');
  });

  it('says each class’s range as the label prints it', () => {
    expect(classRange('A', ENERGY_UPPER_BOUNDS)).toEqual({ from: null, to: 70 });
    expect(classRange('D', ENERGY_UPPER_BOUNDS)).toEqual({ from: 180, to: 250 });
    expect(classRange('G', EMISSIONS_UPPER_BOUNDS)).toEqual({ from: 100, to: null });
  });

  it('draws every bar’s letter with at least 4.5:1 contrast', () => {
    const luminance = (hex: string) => {
      const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const expand = (hex: string) =>
      hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
    for (const { bar, text } of [
      ...Object.values(ENERGY_COLOURS),
      ...Object.values(CLIMATE_COLOURS),
    ]) {
      const [light = 0, dark = 0] = [luminance(expand(bar)), luminance(expand(text))].sort(
        (a, b) => b - a,
      );
      expect((light + 0.05) / (dark + 0.05), `${text} sur ${bar}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
