import { describe, expect, it } from 'vitest';
import { validRegistration } from './buyer-signup.fixture';
import type { BuyerProject } from './buyer-signup.schema';
import { projectCriteria, projectTitle } from './project-view';

describe('projectTitle', () => {
  it('names a project by its goal and its departments, never by its id', () => {
    expect(projectTitle({ searchGoal: 'Résidence principale', department: ['75'] })).toBe(
      'Résidence principale\u00a0– Paris (75)',
    );
    expect(projectTitle({ searchGoal: 'Investissement locatif', department: ['92', '94'] })).toBe(
      'Investissement locatif\u00a0– Hauts-de-Seine (92), Val-de-Marne (94)',
    );
    expect(projectTitle({ searchGoal: 'Résidence principale', department: [] })).toBe(
      'Résidence principale',
    );
  });
});

describe('projectCriteria', () => {
  it('shows an arrondissement kept as its INSEE code by its name, never the raw code', () => {
    const rows = new Map(
      projectCriteria({
        ...validRegistration.project,
        department: ['75', '94'],
        cities: ['Paris', '75111', '75101', 'Vincennes'],
      } as BuyerProject),
    );
    expect(rows.get('Villes')).toBe('Paris, Paris 11e, Paris 1er, Vincennes');
  });
});
