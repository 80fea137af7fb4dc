// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { BuyerRow } from '../../../domain/staff-views';
import { buyersToChoose } from './new-report-button';

const row = (userId: string, projectId: number, more: Partial<BuyerRow> = {}): BuyerRow => ({
  projectId,
  userId,
  firstname: 'Élodie',
  lastname: 'Martin',
  email: 'elodie@exemple.fr',
  phone: '06 12 34 56 78',
  stage: 'VALIDATION',
  stageLabel: 'En cours de validation',
  version: 1,
  departments: ['75'],
  cities: ['75111'],
  budget: 500_000,
  hunterId: 'h1',
  hunterName: 'Charles Chasseur',
  createdAt: '2026-11-01T10:00:00Z',
  isArchived: false,
  isDeleted: false,
  ...more,
});

describe('buyersToChoose', () => {
  it('lists each buyer once, with the places of all their projects, in the list’s order', () => {
    const choices = buyersToChoose([
      row('u1', 1),
      row('u2', 2, {
        firstname: 'Hugo',
        lastname: 'Lefèvre',
        email: 'hugo@exemple.fr',
        departments: ['92'],
        cities: [],
      }),
      row('u1', 3, { departments: ['75', '94'], cities: ['75111', 'Vincennes'] }),
    ]);
    expect(choices).toEqual([
      {
        userId: 'u1',
        name: 'Élodie Martin',
        email: 'elodie@exemple.fr',
        places: ['Paris 11e', 'Vincennes'],
      },
      {
        userId: 'u2',
        name: 'Hugo Lefèvre',
        email: 'hugo@exemple.fr',
        places: ['Hauts-de-Seine (92)'],
      },
    ]);
  });

  it('leaves out deleted accounts', () => {
    expect(buyersToChoose([row('u1', 1, { isDeleted: true })])).toEqual([]);
  });
});
