import { describe, expect, it } from 'vitest';
import { arrondissementName, arrondissementNumber, cityName, cityValue } from './arrondissements';

describe('Paris arrondissements', () => {
  it('knows the twenty INSEE codes, and nothing else', () => {
    expect(arrondissementNumber('75101')).toBe(1);
    expect(arrondissementNumber('75111')).toBe(11);
    expect(arrondissementNumber('75120')).toBe(20);
    for (const other of ['75100', '75121', '75056', '75011', '69381', 'Paris', ''])
      expect(arrondissementNumber(other), other).toBeUndefined();
  });

  it('names them in French: 1er, then 2e to 20e', () => {
    expect(arrondissementName(1)).toBe('Paris 1er');
    expect(arrondissementName(2)).toBe('Paris 2e');
    expect(arrondissementName(11)).toBe('Paris 11e');
  });

  it('stores an arrondissement as its code, a commune as its name', () => {
    expect(cityValue({ nom: 'Paris 11e Arrondissement', code: '75111' })).toBe('75111');
    expect(cityValue({ nom: 'Paris', code: '75056' })).toBe('Paris');
    expect(cityValue({ nom: 'Vincennes', code: '94080' })).toBe('Vincennes');
  });

  it('shows a stored code by its name, never raw; a name as it is', () => {
    expect(cityName('75111')).toBe('Paris 11e');
    expect(cityName('75101')).toBe('Paris 1er');
    expect(cityName('Paris')).toBe('Paris');
    expect(cityName("L'Haÿ-les-Roses")).toBe("L'Haÿ-les-Roses");
  });
});
