import { describe, expect, it } from 'vitest';
import { cityLabel, searchCities } from './city-search';

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
