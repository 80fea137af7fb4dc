/**
 * The legal facts (mentions légales, CGV, confidentialité, barème): in their own module, so the
 * shell every page loads does not carry them. The ⚠️ of company.ts applies to every TO_CONFIRM here.
 */
import { formatEuro } from './format';
import { keepTogether } from './typography';

export const companyLegal = {
  legalName: 'Chassimmo SAS', // TO_CONFIRM
  legalForm: 'Société par actions simplifiée', // TO_CONFIRM
  shareCapital: formatEuro(10_000), // TO_CONFIRM
  rcs: keepTogether('RCS Paris 912 345 678'), // TO_CONFIRM
  siret: keepTogether('912 345 678 00019'), // TO_CONFIRM
  vatNumber: keepTogether('FR 42 912345678'), // TO_CONFIRM
  publicationDirector: 'Camille Laurent, présidente', // TO_CONFIRM
  /** The agency holds no funds for its clients: no financial guarantee is required. */
  holdsClientFunds: false,
  financialGuarantee:
    'Non-détention de fonds\u00a0: l’agence ne reçoit ni ne détient aucun fonds, effet ou valeur pour le compte de ses clients, en dehors de ses honoraires.',
  liabilityInsurance: {
    insurer: 'MMA IARD, 14 boulevard Marie et Alexandre Oyon, 72030 Le Mans Cedex 9', // TO_CONFIRM
    policy: `Contrat n°\u00a0${keepTogether('145 678 912')}`, // TO_CONFIRM
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
  foundedYear: 2023,
  dpo: 'dpo@chassimmo.fr', // TO_CONFIRM
} as const;
