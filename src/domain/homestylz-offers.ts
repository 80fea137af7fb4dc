/**
 * homestylz offers (home staging and decoration), prices TTC (TVA 20 % included).
 *
 * The ids are the product ids of the future shop basket (spec 3.8, 4.5): packs are sold as a
 * flat fee (forfait); id 23 is sold by the hour and id 19 by the square metre (spec 9).
 * Every price is a fixed amount: no "à partir de" pricing, the basket multiplies it by a quantity.
 */
import { formatHour } from './typography';

export type HomestylzUnit = 'forfait' | 'heure' | 'm2';

export interface HomestylzOffer {
  /** Product id in the shop basket. */
  id: number;
  slug: string;
  /** Name shown on the card and in the basket. */
  name: string;
  /** Pack name shown under the name in the basket. */
  packname: string;
  /** Euros TTC per unit (whole euros or with cents). */
  price: number;
  unit: HomestylzUnit;
  /** One or two sentences: what the offer is for. */
  summary: string;
  /** What the price covers, one item per line. */
  includes: readonly string[];
  /** Shown first and highlighted in pricing grids. */
  featured?: boolean;
}

/** Product id sold per square metre (spec 4.5). */
export const HOMESTYLZ_M2_PRODUCT_ID = 19;
/** Product id sold per hour (spec 4.5). */
export const HOMESTYLZ_HOUR_PRODUCT_ID = 23;

export const homestylzOffers: readonly HomestylzOffer[] = [
  {
    id: 1,
    slug: 'visite-conseil',
    name: 'Visite conseil',
    packname: 'Pack Conseil',
    price: 190,
    unit: 'forfait',
    summary:
      'Une décoratrice parcourt votre bien avec vous et vous remet un plan d’action clair pour le préparer vous-même.',
    includes: [
      `Visite de ${formatHour(1, 30)} à votre domicile`,
      'Analyse pièce par pièce\u00a0: désencombrement, agencement, lumière',
      'Rapport écrit illustré sous 5 jours ouvrés',
      'Liste d’achats chiffrée et hiérarchisée',
    ],
  },
  {
    id: 2,
    slug: 'pack-essentiel',
    name: 'Pack Essentiel',
    packname: 'Home staging de bien occupé',
    price: 690,
    unit: 'forfait',
    summary:
      'Nous mettons en scène votre logement habité avec vos meubles et quelques accessoires, le temps d’une journée.',
    includes: [
      'Visite conseil et projet de mise en scène',
      'Une journée d’intervention sur place avec la décoratrice',
      'Réagencement du mobilier et désencombrement guidé',
      'Prêt d’accessoires\u00a0: linge de lit, coussins, plantes, cadres',
      'Jusqu’à 4 pièces principales',
    ],
    featured: true,
  },
  {
    id: 3,
    slug: 'pack-signature',
    name: 'Pack Signature',
    packname: 'Home staging de bien vide',
    price: 2490,
    unit: 'forfait',
    summary:
      'Un bien vide devient un intérieur désirable\u00a0: mobilier et décoration loués, livrés, installés puis repris.',
    includes: [
      'Projet de décoration et planche d’ambiance',
      'Location du mobilier et des accessoires pendant 3 mois',
      'Livraison, installation et reprise du mobilier',
      'Séance photo professionnelle incluse',
      'Jusqu’à 3 pièces meublées (séjour, chambre, cuisine ou salle à manger)',
    ],
  },
  {
    id: 4,
    slug: 'pack-photo',
    name: 'Pack Photo',
    packname: 'Photographie immobilière',
    price: 290,
    unit: 'forfait',
    summary:
      'Des photos lumineuses et fidèles, prêtes pour vos annonces, prises par un photographe spécialisé en intérieur.',
    includes: [
      'Préparation rapide des pièces avant la prise de vue',
      `Séance d’environ ${formatHour(1, 30)} sur place`,
      '15 photos retouchées en haute définition',
      'Formats adaptés aux portails d’annonces et aux réseaux sociaux',
    ],
  },
  {
    id: HOMESTYLZ_HOUR_PRODUCT_ID,
    slug: 'accompagnement-decoration',
    name: 'Accompagnement décoration',
    packname: 'Décoration à l’heure',
    price: 65,
    unit: 'heure',
    summary:
      'Une décoratrice à vos côtés, à l’heure\u00a0: conseils couleurs, choix du mobilier, shopping accompagné ou installation.',
    includes: [
      'Conseils couleurs, matières et éclairage',
      'Sélection de mobilier et d’objets dans votre budget',
      'Shopping accompagné en magasin ou en ligne',
      'Facturation au temps réellement passé',
    ],
  },
  {
    id: HOMESTYLZ_M2_PRODUCT_ID,
    slug: 'home-staging-m2',
    name: 'Home staging au m²',
    packname: 'Home staging sur mesure',
    price: 18,
    unit: 'm2',
    summary:
      'Pour les grandes surfaces ou les projets hors pack, la mise en scène est calculée sur la surface habitable.',
    includes: [
      'Visite conseil et projet de mise en scène',
      'Intervention sur place adaptée à la surface',
      'Prêt d’accessoires de décoration',
      'Devis détaillé avant toute intervention',
    ],
  },
];

const unitLabels: Record<HomestylzUnit, string> = {
  forfait: 'le forfait',
  heure: 'l’heure',
  m2: 'le m²',
};

/** 'le forfait' | 'l’heure' | 'le m²', shown after the price ("190 € le forfait"). */
export function unitLabel(offer: Pick<HomestylzOffer, 'unit'>): string {
  return unitLabels[offer.unit];
}

/** The offer with this product id, if any. */
export function homestylzOfferById(id: number): HomestylzOffer | undefined {
  return homestylzOffers.find((offer) => offer.id === id);
}
