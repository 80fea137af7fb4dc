import { describe, expect, it } from 'vitest';
import { formatUpdatedAt } from './dates';

describe('formatUpdatedAt', () => {
  it('says when a kept answer was fetched, in Paris time', () => {
    expect(formatUpdatedAt(Date.parse('2026-11-22T13:05:00Z'))).toBe(
      'à jour le 22/11 à 14\u00a0h\u00a005',
    );
  });
});
