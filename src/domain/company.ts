/**
 * Company facts shown on the public site (footer, mentions légales, barème, contact).
 *
 * ⚠️ VALEURS À VÉRIFIER : every value marked `TO_CONFIRM` must be replaced by the company's real
 * data (Kbis, carte professionnelle, attestation d'assurance) before going online. They are
 * plausible placeholders so the pages read as they will in production; they are kept in this one
 * file so legal review has a single place to check. The loi Hoguet (art. 1 and décret 72-678,
 * art. 92) and the LCEN (art. 6-III) require every item below to be shown.
 */
export const company = {
  brand: 'Chassimmo',
  homestylzBrand: 'homestylz',
  tagline: 'Chasseur immobilier en Île-de-France',
  legalName: 'Chassimmo SAS', // TO_CONFIRM
  legalForm: 'Société par actions simplifiée', // TO_CONFIRM
  shareCapital: '10 000 €', // TO_CONFIRM
  rcs: 'RCS Paris 912 345 678', // TO_CONFIRM
  siret: '912 345 678 00019', // TO_CONFIRM
  vatNumber: 'FR 42 912345678', // TO_CONFIRM
  address: {
    street: '48 rue de Rivoli', // TO_CONFIRM
    postalCode: '75004',
    city: 'Paris',
  },
  phone: '01 84 60 12 34', // TO_CONFIRM
  phoneE164: '+33184601234', // TO_CONFIRM
  email: 'contact@chassimmo.fr', // TO_CONFIRM
  homestylzEmail: 'bonjour@homestylz.fr', // TO_CONFIRM
  openingHours: 'Du lundi au vendredi, 9\u00a0h – 19\u00a0h ; le samedi, 10\u00a0h – 17\u00a0h',
  publicationDirector: 'Camille Laurent, présidente', // TO_CONFIRM
  /** Carte professionnelle « Transactions sur immeubles et fonds de commerce » (loi Hoguet). */
  professionalCard: {
    number: 'CPI 7501 2023 000 054 321', // TO_CONFIRM
    mention: 'Transactions sur immeubles et fonds de commerce',
    issuer: 'CCI Paris Île-de-France', // TO_CONFIRM
  },
  /** The agency holds no funds for its clients: no financial guarantee is required. */
  holdsClientFunds: false,
  financialGuarantee:
    'Non-détention de fonds : l’agence ne reçoit ni ne détient aucun fonds, effet ou valeur pour le compte de ses clients, en dehors de ses honoraires.',
  liabilityInsurance: {
    insurer: 'MMA IARD, 14 boulevard Marie et Alexandre Oyon, 72030 Le Mans Cedex 9', // TO_CONFIRM
    policy: 'Contrat n° 145 678 912', // TO_CONFIRM
    scope: 'France métropolitaine',
  },
  mediator: {
    name: 'Médiation de la consommation – CM2C', // TO_CONFIRM
    address: '49 rue de Ponthieu, 75008 Paris',
    url: 'https://www.cm2c.net',
  },
  host: {
    name: 'OVH SAS', // TO_CONFIRM
    address: '2 rue Kellermann, 59100 Roubaix, France',
    phone: '1007',
  },
  siteUrl: 'https://www.chassimmo.fr', // TO_CONFIRM
  social: {
    facebook: 'https://www.facebook.com/chassimmo',
    instagram: 'https://www.instagram.com/chassimmo',
    homestylzInstagram: 'https://www.instagram.com/homestylz',
    linkedin: 'https://www.linkedin.com/company/chassimmo',
    tiktok: 'https://www.tiktok.com/@chassimmo',
  },
  resources: {
    blog: 'https://blog.chassimmo.fr',
    guides: 'https://guides.chassimmo.fr',
  },
  foundedYear: 2023,
  dpo: 'dpo@chassimmo.fr', // TO_CONFIRM
} as const;

export type Company = typeof company;

export const fullAddress = `${company.address.street}, ${company.address.postalCode} ${company.address.city}`;
