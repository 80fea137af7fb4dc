import { describe, expect, it } from 'vitest';
import {
  MATCH_BUDGET_TOLERANCE,
  matchingBudgets,
  matchingPrices,
  matchLeadToProject,
  rankMatches,
  type MatchLead,
  type MatchProject,
} from './matching';

const lead: MatchLead = {
  department: '94',
  city: 'Vincennes',
  typeBien: 1,
  price: 520_000,
  roomCount: 3,
  surface: 3,
};
const project: MatchProject = {
  departments: ['94'],
  cities: ['Vincennes'],
  typeBien: [1],
  budget: 480_000,
  roomCount: 3,
  surface: 3,
};

function score(l: Partial<MatchLead>, p: Partial<MatchProject> = {}): number {
  const result = matchLeadToProject({ ...lead, ...l }, { ...project, ...p });
  if (!result.matches) throw new Error(`excluded by ${result.excludedBy}`);
  return result.score;
}

describe('matchLeadToProject: hard filters', () => {
  it('excludes a property outside the cities and departments searched', () => {
    const result = matchLeadToProject(
      { ...lead, department: '92', city: 'Boulogne-Billancourt' },
      project,
    );
    expect(result).toEqual({
      matches: false,
      excludedBy: 'place',
      reason: 'Boulogne-Billancourt (92) hors des villes et départements recherchés',
    });
  });

  it('keeps a property in a department searched even in another city, below a city named', () => {
    expect(matchLeadToProject({ ...lead, city: 'Nogent-sur-Marne' }, project).matches).toBe(true);
    expect(score({ city: 'Nogent-sur-Marne' })).toBeLessThan(score({}));
    // Accents and case do not matter.
    expect(score({ city: 'VINCENNES' })).toBe(score({}));
  });

  it('excludes a type the buyer does not search', () => {
    expect(matchLeadToProject({ ...lead, typeBien: 2 }, project)).toEqual({
      matches: false,
      excludedBy: 'type',
      reason: 'Maison\u00a0: type non recherché',
    });
  });

  it('excludes a budget further below the price than the tolerance', () => {
    expect(MATCH_BUDGET_TOLERANCE).toBe(0.1);
    expect(matchingBudgets(520_000)).toEqual({ lowest: 468_000, highest: 676_000 });
    const result = matchLeadToProject(lead, { ...project, budget: 467_000 });
    expect(result).toEqual({
      matches: false,
      excludedBy: 'budget',
      reason: 'budget 467\u202f000\u00a0€ pour 520\u202f000\u00a0€ demandés\u00a0: \u221210\u00a0%',
    });
    expect(matchLeadToProject(lead, { ...project, budget: 468_000 }).matches).toBe(true);
  });

  it('excludes a budget more than 30 % above the price (the buyer looks for more)', () => {
    expect(matchLeadToProject(lead, { ...project, budget: 676_000 }).matches).toBe(true);
    expect(matchLeadToProject(lead, { ...project, budget: 677_000 })).toEqual({
      matches: false,
      excludedBy: 'budget',
      reason: 'budget 677\u202f000\u00a0€ pour 520\u202f000\u00a0€ demandés\u00a0: +30\u00a0%',
    });
    expect(matchingPrices(480_000)).toEqual({ lowest: 369_231, highest: 533_333 });
  });

  it('keeps a lead without a price (a valuation asked)', () => {
    const result = matchLeadToProject({ ...lead, price: null }, project);
    expect(result.matches && result.reasons.find((r) => r.kind === 'budget')?.text).toBe(
      'prix à estimer',
    );
  });
});

describe('matchLeadToProject: reasons in French', () => {
  it('says the budget as the issue writes it', () => {
    const result = matchLeadToProject(lead, project);
    expect(result.matches && result.reasons.map((r) => r.text)).toEqual([
      'à Vincennes, ville recherchée',
      'Appartement recherché',
      'budget 480\u202f000\u00a0€ pour 520\u202f000\u00a0€ demandés\u00a0: \u22128\u00a0%',
      '3 pièces, comme recherché',
      '50 à 70\u00a0m², comme recherché',
    ]);
  });

  it('says a budget above the price with a plus, the department, the gaps', () => {
    const result = matchLeadToProject(
      {
        ...lead,
        city: 'Saint-Mandé',
        roomCount: 2,
        surface: 4,
        floor: 4,
        lift: false,
        works: true,
      },
      { ...project, budget: 546_000 },
    );
    expect(result.matches && result.reasons.map((r) => r.text)).toEqual([
      'dans le 94, département recherché',
      'Appartement recherché',
      'budget 546\u202f000\u00a0€ pour 520\u202f000\u00a0€ demandés\u00a0: +5\u00a0%',
      '2 pièces au lieu de 3 pièces',
      '70 à 100\u00a0m² au lieu de 50 à 70\u00a0m²',
      '4e étage sans ascenseur',
      'travaux à prévoir',
    ]);
  });
});

describe('matchLeadToProject: soft criteria rank', () => {
  it('ranks the rooms: exact, then one apart, then further', () => {
    expect(score({ roomCount: 3 })).toBeGreaterThan(score({ roomCount: 4 }));
    expect(score({ roomCount: 4 })).toBeGreaterThan(score({ roomCount: 5 }));
  });

  it('ranks the surface: exact, then one band apart, then further', () => {
    expect(score({ surface: 3 })).toBeGreaterThan(score({ surface: 2 }));
    expect(score({ surface: 2 })).toBeGreaterThan(score({ surface: 1 }));
  });

  it('ranks the floor and the lift', () => {
    expect(score({ floor: 4, lift: true })).toBeGreaterThan(score({}));
    expect(score({})).toBeGreaterThan(score({ floor: 4, lift: false }));
    expect(score({ floor: 1, lift: false })).toBe(score({}));
  });

  it('ranks the works', () => {
    expect(score({ works: false })).toBeGreaterThan(score({}));
    expect(score({})).toBeGreaterThan(score({ works: true }));
  });

  it('ranks a budget covering the price above one that needs negotiating', () => {
    expect(score({}, { budget: 520_000 })).toBeGreaterThan(score({}, { budget: 500_000 }));
  });

  it('rankMatches keeps the matches, best first', () => {
    const leads = [
      { ...lead, roomCount: 5 },
      { ...lead, typeBien: 2 as const },
      lead,
      { ...lead, roomCount: 4 },
    ];
    const ranked = rankMatches(leads, (l) => matchLeadToProject(l, project));
    expect(ranked.map((m) => m.item.roomCount)).toEqual([3, 4, 5]);
  });
});
