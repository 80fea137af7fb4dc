import { describe, expect, it } from 'vitest';
import { projectTitle } from './project-view';

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
