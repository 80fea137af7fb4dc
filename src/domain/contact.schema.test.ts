import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact.schema';
import { fieldErrors } from './validation';

const valid = {
  name: 'Claire Martin',
  email: 'claire.martin@exemple.fr',
  phone: '06 12 34 56 78',
  subject: 'achat',
  message: 'Je cherche un trois-pièces à Vincennes.',
  consent: true,
};

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims text', () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: '  Claire Martin ' });
    expect(parsed.name).toBe('Claire Martin');
    expect(parsed.brand).toBe('main');
  });

  it('accepts an empty phone', () => {
    expect(contactMessageSchema.safeParse({ ...valid, phone: '' }).success).toBe(true);
  });

  it('gives a French message per invalid field', () => {
    const result = contactMessageSchema.safeParse({
      ...valid,
      email: 'claire@',
      phone: '12',
      message: 'court',
      consent: false,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(errors.email).toMatch(/adresse e-mail valide/);
    expect(errors.phone).toMatch(/numéro français valide/);
    expect(errors.message).toMatch(/au moins 10 caractères/);
    expect(errors.consent).toMatch(/accepter/);
  });

  it('rejects wrong types with French messages', () => {
    const result = contactMessageSchema.safeParse({ ...valid, name: 42, subject: 'spam' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(errors.name).toBe('Votre nom est requis.');
    expect(errors.subject).toBe('Choisissez l’objet de votre demande.');
  });
});
