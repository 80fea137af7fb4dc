import { describe, expect, it } from 'vitest';
import { cityLabel, cityOptionName, searchCities } from './city-search';

const cities = [
  { nom: 'Évry-Courcouronnes' },
  { nom: 'Massy' },
  { nom: 'Saint-Maur-des-Fossés' },
  { nom: 'Paris' },
];

describe('searchCities', () => {
  it('matches a trimmed, case-insensitive substring', () => {
    expect(searchCities(cities, '  MASS ').map((c) => c.nom)).toEqual(['Massy']);
    expect(searchCities(cities, 'des').map((c) => c.nom)).toEqual(['Saint-Maur-des-Fossés']);
  });

  it('ignores accents', () => {
    expect(searchCities(cities, 'evry').map((c) => c.nom)).toEqual(['Évry-Courcouronnes']);
    expect(searchCities(cities, 'fosses').map((c) => c.nom)).toEqual(['Saint-Maur-des-Fossés']);
  });

  it('returns everything for an empty query and nothing for no match', () => {
    expect(searchCities(cities, ' ')).toHaveLength(4);
    expect(searchCities(cities, 'lyon')).toEqual([]);
  });
});

describe('communes with an apostrophe', () => {
  const withApostrophe = [{ nom: "L'Haÿ-les-Roses" }, { nom: 'Massy' }];

  it('are shown with the French apostrophe, the official name kept as the answer', () => {
    expect(cityLabel("L'Haÿ-les-Roses")).toBe('L’Haÿ-les-Roses');
    expect(cityLabel('Massy')).toBe('Massy');
  });

  it('are found whichever apostrophe the keyboard writes', () => {
    for (const typed of ["l'hay", 'l’hay', 'L’HAŸ'])
      expect(searchCities(withApostrophe, typed).map((c) => c.nom)).toEqual(["L'Haÿ-les-Roses"]);
  });
});

describe('Paris and its arrondissements', () => {
  const paris = {
    nom: 'Paris',
    code: '75056',
    codesPostaux: ['75001', '75011', '75016', '75116', '75020'],
  };
  const arrondissements = Array.from({ length: 20 }, (_, i) => {
    const n = i + 1;
    const two = String(n).padStart(2, '0');
    return {
      nom: `Paris ${n}${n === 1 ? 'er' : 'e'} Arrondissement`,
      code: `751${two}`,
      codesPostaux: n === 16 ? ['75016', '75116'] : [`750${two}`],
    };
  });
  const vincennes = { nom: 'Vincennes', code: '94080', codesPostaux: ['94300'] };
  const list = [paris, ...arrondissements, vincennes];
  const found = (query: string) => searchCities(list, query).map((c) => cityOptionName(c));

  it('finds the 11th by name, however it is written', () => {
    for (const typed of [
      'Paris 11',
      'Paris 11e',
      'paris 11eme',
      'PARIS 11ÈME',
      'Paris 11 ème',
      'paris11',
      '11e arrondissement',
      '11ème arr',
      ' Paris 11e Arrondissement ',
    ])
      expect(found(typed), typed).toEqual(['Paris 11e']);
  });

  it('finds it by postcode, after Paris itself', () => {
    expect(found('75011')).toEqual(['Paris', 'Paris 11e']);
    expect(found('75 011')).toEqual(['Paris', 'Paris 11e']);
    expect(found('75116')).toEqual(['Paris', 'Paris 16e']);
    expect(found('94300')).toEqual(['Vincennes']);
  });

  it('« Paris 1er » is the first only; « Paris 1 » is every number starting with 1', () => {
    expect(found('Paris 1er')).toEqual(['Paris 1er']);
    expect(found('paris 1e')).toEqual(['Paris 1er']);
    expect(found('Paris 1')).toEqual([
      'Paris 1er',
      ...[10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => `Paris ${n}e`),
    ]);
  });

  it('« Paris » alone gives the commune first, then its twenty arrondissements', () => {
    const all = found('paris');
    expect(all).toHaveLength(21);
    expect(all[0]).toBe('Paris');
    expect(all.slice(1, 3)).toEqual(['Paris 1er', 'Paris 2e']);
  });

  it('digits that are no postcode find nothing', () => {
    expect(found('99999')).toEqual([]);
    expect(found('Paris 21')).toEqual([]);
  });
});

describe('cityOptionName', () => {
  it('names an arrondissement as a person reads it, a commune as before', () => {
    expect(cityOptionName({ nom: 'Paris 1er Arrondissement', code: '75101' })).toBe('Paris 1er');
    expect(cityOptionName({ nom: 'Paris 20e Arrondissement', code: '75120' })).toBe('Paris 20e');
    expect(cityOptionName({ nom: 'Paris', code: '75056' })).toBe('Paris');
    expect(cityOptionName({ nom: "L'Haÿ-les-Roses", code: '94038' })).toBe('L’Haÿ-les-Roses');
  });
});
