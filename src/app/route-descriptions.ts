import { company } from '../domain/company';

const brand = company.brand;

/** Titles of the prerendered pages (see RouteMeta.title), loaded like the descriptions. */
export const routeTitles: Record<string, string> = {
  '/': `${brand} — Chasseur immobilier à Paris et en Île-de-France`,
  '/services': `Nos services de chasse immobilière — ${brand}`,
  '/tarifs': `Tarifs et barème d’honoraires TTC — ${brand}`,
  '/partenariat': `Devenir partenaire — ${brand}`,
  '/nous-rejoindre': `Devenir chasseur immobilier — ${brand}`,
  '/information-entreprise': `Notre projet — Qui sommes-nous ? — ${brand}`,
  '/aide': `Centre d’aide — ${brand}`,
  '/aide/faq': `Questions fréquentes — ${brand}`,
  '/aide/conditions-generales': `Conditions générales — ${brand}`,
  '/aide/mentions-legales': `Mentions légales — ${brand}`,
  '/aide/politique-confidentialite': `Politique de confidentialité — ${brand}`,
  '/contact': `Contact — ${brand}`,
  '/questions-proprietaire': `Vendre votre bien avec un chasseur immobilier — ${brand}`,
  '/access-denied': `Accès refusé — ${brand}`,
  '/404': `Page introuvable — ${brand}`,
  '/homestylz': 'homestylz — Home staging et décoration en Île-de-France',
  '/homestylz/services': 'Services et tarifs home staging — homestylz',
  '/homestylz/contact': 'Contact et devis — homestylz',
  '/homestylz/pro': 'homestylz pour les professionnels de l’immobilier',
  '/homestylz/conditions-generales-de-vente': 'Conditions générales de vente — homestylz',
  '/homestylz/pack/1': 'Pack home staging — boutique homestylz',
  '/homestylz/pack/2': 'Pack conseil et décoration — boutique homestylz',
  '/homestylz/pack/3': 'Pack photographie — boutique homestylz',
};

/** Page descriptions, loaded after the page (client navigation) or at build (prerender). */
export const routeDescriptions: Record<string, string> = {
  '/': 'Votre chasseur immobilier à Paris, dans les Hauts-de-Seine, la Seine-Saint-Denis, le Val-de-Marne et l’Essonne : recherche, visites, négociation et accompagnement jusqu’à l’acte.',
  '/services':
    'Définition du projet, recherche on et off-market, visites, négociation, financement et suivi jusqu’à la signature : ce que fait pour vous un chasseur immobilier Chassimmo.',
  '/tarifs':
    'Barème d’honoraires TTC de Chassimmo : honoraires dus uniquement à la signature de l’acte authentique, estimation et accompagnement vendeur gratuits.',
  '/partenariat':
    'Courtiers, notaires, artisans, gestionnaires de patrimoine : rejoignez le réseau de partenaires Chassimmo et recommandez vos clients en toute confiance.',
  '/nous-rejoindre':
    'Rejoignez Chassimmo comme chasseur immobilier en Île-de-France : formation, outils, clients qualifiés et rémunération attractive.',
  '/information-entreprise':
    'Chassimmo, société de chasse immobilière fondée à Paris en 2023 : notre histoire, nos engagements et notre façon de travailler.',
  '/aide':
    'Questions fréquentes, conditions générales, mentions légales et politique de confidentialité de Chassimmo.',
  '/aide/faq':
    'Combien coûte un chasseur immobilier, quand paie-t-on, comment se passe la recherche : les réponses aux questions les plus posées.',
  '/aide/conditions-generales':
    'Conditions générales de prestation et de vente de Chassimmo et de homestylz.',
  '/aide/mentions-legales':
    'Mentions légales de Chassimmo : éditeur, RCS, carte professionnelle, garantie, assurance, médiateur et hébergeur.',
  '/aide/politique-confidentialite':
    'Quelles données Chassimmo collecte, pourquoi, combien de temps, et comment exercer vos droits (RGPD).',
  '/contact':
    'Écrivez-nous ou appelez-nous : un chasseur immobilier Chassimmo vous répond sous 48 heures ouvrées.',
  '/questions-proprietaire':
    'Propriétaire à Paris ou en Île-de-France ? Décrivez votre bien en quelques questions : estimation gratuite, acheteurs aux dossiers vérifiés, aucune commission sur la vente.',
  '/signup':
    'Vous cherchez à acheter à Paris ou en Île-de-France ? Décrivez votre projet en quelques questions : un chasseur immobilier vous contacte sous 48 heures.',
  '/access-denied': 'Vous n’avez pas accès à cette page.',
  '/404': 'La page demandée n’existe pas ou a été déplacée.',
  '/homestylz':
    'homestylz met en valeur votre bien avant la vente ou la location : home staging, décoration et photos, à Paris et en Île-de-France.',
  '/homestylz/services':
    'Conseil, home staging vide ou habité, décoration, shooting photo : les prestations homestylz et leurs tarifs TTC.',
  '/homestylz/contact':
    'Demandez un devis de home staging ou de décoration : une décoratrice homestylz vous répond sous 48 heures ouvrées.',
  '/homestylz/pro':
    'Agents immobiliers, promoteurs, investisseurs : homestylz prépare vos biens à la vente ou à la location, avec des tarifs dédiés.',
  '/homestylz/conditions-generales-de-vente':
    'Conditions générales de vente des prestations homestylz : prix, commande, paiement, exécution, droit de rétractation de 14 jours et formulaire.',
  '/homestylz/pack/1':
    'Home staging d’un bien occupé, d’un bien vide ou au m² : commandez et payez en ligne, prix TTC affichés.',
  '/homestylz/pack/2':
    'Visite conseil et coaching déco à l’heure avec une décoratrice homestylz : commandez et payez en ligne.',
  '/homestylz/pack/3':
    'Photographie immobilière d’intérieur pour vos annonces : commandez et payez en ligne, prix TTC affichés.',
};
