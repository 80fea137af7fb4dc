import { describe, expect, it } from 'vitest';
import { fullName } from './person-name';

describe('fullName', () => {
  it('writes the first name, then the last name', () => {
    expect(fullName({ firstname: 'Élodie', lastname: 'Martin' })).toBe('Élodie Martin');
  });

  it('keeps compound names as they are written', () => {
    expect(fullName({ firstname: 'Jean-Pierre', lastname: 'de La Tour' })).toBe(
      'Jean-Pierre de La Tour',
    );
  });

  it('leaves out an empty part and trims the spaces', () => {
    expect(fullName({ firstname: '  Karim ', lastname: null })).toBe('Karim');
    expect(fullName({ firstname: '', lastname: 'Benali' })).toBe('Benali');
    expect(fullName({ firstname: undefined, lastname: '  ' })).toBe('');
  });
});
