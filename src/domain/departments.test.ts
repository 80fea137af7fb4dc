import { describe, expect, it } from 'vitest';
import { departmentLabel, departmentNames } from './departments';
import { KEPT_DEPARTMENTS } from './geography';

describe('department names', () => {
  it('names every kept department, and shows an unknown code as it is', () => {
    expect(Object.keys(departmentNames).sort()).toEqual([...KEPT_DEPARTMENTS].sort());
    expect(departmentLabel('92')).toBe('Hauts-de-Seine (92)');
    expect(departmentLabel('77')).toBe('77');
  });
});
