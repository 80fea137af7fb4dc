import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORM_COPY_TTL_DAYS } from '../../../src/domain/api/form-copies';

const policy = readFileSync('content/politique-confidentialite.md', 'utf8');

describe('the privacy policy on form copies (issue 33, RGPD articles 6.1.b and 13)', () => {
  it('says what is kept, never the password, for 7 days, emptied when the form is sent', () => {
    const section = policy
      .split('### Continuer un formulaire sur un autre appareil')[1]
      ?.split('###')[0];
    expect(section).toBeDefined();
    expect(section).toContain('jamais votre mot de passe ni sa confirmation');
    expect(section).toContain('empreinte irréversible');
    expect(section).toContain(`${FORM_COPY_TTL_DAYS} jours`);
    expect(section).toMatch(/vidée dès que le formulaire est envoyé/);
    const row = policy.split('\n').find((line) => line.includes('sur un autre appareil (copie'));
    expect(row).toContain('article 6.1.b');
    expect(row).toContain('7 jours à compter de la copie');
  });
});
