import { resources } from './resources';
/**
 * Company facts shown on the public site (footer, mentions légales, barème, contact).
 *
 * ⚠️ VALEURS À VÉRIFIER : every value marked `TO_CONFIRM` must be replaced by the company's real
 * data (Kbis, carte professionnelle, attestation d'assurance) before going online. They are
 * plausible placeholders so the pages read as they will in production; they are kept in this one
 * file so legal review has a single place to check. The loi Hoguet (art. 1 and décret 72-678,
 * art. 92) and the LCEN (art. 6-III) require every item below to be shown.
 */
import { formatHourRange, keepTogether } from './typography';

export const company = {
  brand: 'Chassimmo',
  homestylzBrand: 'homestylz',
  tagline: 'Chasseur immobilier en Île-de-France',
  address: {
    street: '48 rue de Rivoli', // TO_CONFIRM
    postalCode: '75004',
    city: 'Paris',
  },
  /** Displayed: its pairs kept on one line (phone.ts's formatPhone says the same). */
  phone: keepTogether('01 84 60 12 34'), // TO_CONFIRM
  phoneE164: '+33184601234', // TO_CONFIRM
  email: 'contact@chassimmo.fr', // TO_CONFIRM
  homestylzEmail: 'bonjour@homestylz.fr', // TO_CONFIRM
  openingHours: `Du lundi au vendredi, ${formatHourRange(9, 19)}\u202f; le samedi, ${formatHourRange(10, 17)}`,
  /** Carte professionnelle « Transactions sur immeubles et fonds de commerce » (loi Hoguet). */
  professionalCard: {
    number: keepTogether('CPI 7501 2023 000 054 321'), // TO_CONFIRM
    mention: 'Transactions sur immeubles et fonds de commerce',
    issuer: 'CCI Paris Île-de-France', // TO_CONFIRM
  },
  siteUrl: 'https://www.chassimmo.fr', // TO_CONFIRM
  social: {
    facebook: 'https://www.facebook.com/chassimmo',
    instagram: 'https://www.instagram.com/chassimmo',
    homestylzInstagram: 'https://www.instagram.com/homestylz',
    linkedin: 'https://www.linkedin.com/company/chassimmo',
    tiktok: 'https://www.tiktok.com/@chassimmo',
  },
  resources,
} as const;

export type Company = typeof company;

export const fullAddress = `${company.address.street}, ${company.address.postalCode} ${company.address.city}`;
