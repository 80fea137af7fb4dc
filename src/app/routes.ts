import { company } from '../domain/company';
import { homestylzPages } from '../features/homestylz';
import { publicPages } from '../features/public-site';
import type { LazyPage } from '../lib/lazy-page';

export interface RouteMeta {
  title: string;
  description: string;
  /** Rendered to static HTML at build (scripts/prerender.mjs). */
  prerender: boolean;
  /** Kept out of search engines (error pages). */
  noindex?: boolean;
}

export interface AppRoute {
  /** wouter pattern; ':name' segments are parameters. */
  path: string;
  component: LazyPage;
  meta: RouteMeta;
}

const brand = company.brand;

/** Every route of spec 2.1 that exists so far, with its meta. Later features add theirs here. */
export const routes: AppRoute[] = [
  {
    path: '/',
    component: publicPages.HomePage,
    meta: {
      title: `${brand} — Chasseur immobilier à Paris et en Île-de-France`,
      description:
        'Votre chasseur immobilier à Paris, dans les Hauts-de-Seine, la Seine-Saint-Denis, le Val-de-Marne et l’Essonne : recherche, visites, négociation et accompagnement jusqu’à l’acte.',
      prerender: true,
    },
  },
  {
    path: '/services',
    component: publicPages.ServicesPage,
    meta: {
      title: `Nos services de chasse immobilière — ${brand}`,
      description:
        'Définition du projet, recherche on et off-market, visites, négociation, financement et suivi jusqu’à la signature : ce que fait pour vous un chasseur immobilier Chassimmo.',
      prerender: true,
    },
  },
  {
    path: '/tarifs',
    component: publicPages.TarifsPage,
    meta: {
      title: `Tarifs et barème d’honoraires TTC — ${brand}`,
      description:
        'Barème d’honoraires TTC de Chassimmo : honoraires dus uniquement à la signature de l’acte authentique, estimation et accompagnement vendeur gratuits.',
      prerender: true,
    },
  },
  {
    path: '/partenariat',
    component: publicPages.PartenariatPage,
    meta: {
      title: `Devenir partenaire — ${brand}`,
      description:
        'Courtiers, notaires, artisans, gestionnaires de patrimoine : rejoignez le réseau de partenaires Chassimmo et recommandez vos clients en toute confiance.',
      prerender: true,
    },
  },
  {
    path: '/nous-rejoindre',
    component: publicPages.NousRejoindrePage,
    meta: {
      title: `Devenir chasseur immobilier — ${brand}`,
      description:
        'Rejoignez Chassimmo comme chasseur immobilier en Île-de-France : formation, outils, clients qualifiés et rémunération attractive.',
      prerender: true,
    },
  },
  {
    path: '/information-entreprise',
    component: publicPages.InformationEntreprisePage,
    meta: {
      title: `Notre projet — Qui sommes-nous ? — ${brand}`,
      description:
        'Chassimmo, société de chasse immobilière fondée à Paris en 2023 : notre histoire, nos engagements et notre façon de travailler.',
      prerender: true,
    },
  },
  {
    path: '/aide',
    component: publicPages.AidePage,
    meta: {
      title: `Centre d’aide — ${brand}`,
      description:
        'Questions fréquentes, conditions générales, mentions légales et politique de confidentialité de Chassimmo.',
      prerender: true,
    },
  },
  {
    path: '/aide/faq',
    component: publicPages.FaqPage,
    meta: {
      title: `Questions fréquentes — ${brand}`,
      description:
        'Combien coûte un chasseur immobilier, quand paie-t-on, comment se passe la recherche : les réponses aux questions les plus posées.',
      prerender: true,
    },
  },
  {
    path: '/aide/conditions-generales',
    component: publicPages.ConditionsGeneralesPage,
    meta: {
      title: `Conditions générales — ${brand}`,
      description: 'Conditions générales de prestation et de vente de Chassimmo et de homestylz.',
      prerender: true,
    },
  },
  {
    path: '/aide/mentions-legales',
    component: publicPages.MentionsLegalesPage,
    meta: {
      title: `Mentions légales — ${brand}`,
      description:
        'Mentions légales de Chassimmo : éditeur, RCS, carte professionnelle, garantie, assurance, médiateur et hébergeur.',
      prerender: true,
    },
  },
  {
    path: '/aide/politique-confidentialite',
    component: publicPages.PolitiqueConfidentialitePage,
    meta: {
      title: `Politique de confidentialité — ${brand}`,
      description:
        'Quelles données Chassimmo collecte, pourquoi, combien de temps, et comment exercer vos droits (RGPD).',
      prerender: true,
    },
  },
  {
    path: '/contact',
    component: publicPages.ContactPage,
    meta: {
      title: `Contact — ${brand}`,
      description:
        'Écrivez-nous ou appelez-nous : un chasseur immobilier Chassimmo vous répond sous 48 heures ouvrées.',
      prerender: true,
    },
  },
  {
    path: '/access-denied',
    component: publicPages.AccessDeniedPage,
    meta: {
      title: `Accès refusé — ${brand}`,
      description: 'Vous n’avez pas accès à cette page.',
      prerender: true,
      noindex: true,
    },
  },
  {
    path: '/404',
    component: publicPages.NotFoundPage,
    meta: {
      title: `Page introuvable — ${brand}`,
      description: 'La page demandée n’existe pas ou a été déplacée.',
      prerender: true,
      noindex: true,
    },
  },
  {
    path: '/homestylz',
    component: homestylzPages.HomestylzHomePage,
    meta: {
      title: 'homestylz — Home staging et décoration en Île-de-France',
      description:
        'homestylz met en valeur votre bien avant la vente ou la location : home staging, décoration et photos, à Paris et en Île-de-France.',
      prerender: true,
    },
  },
  {
    path: '/homestylz/services',
    component: homestylzPages.HomestylzServicesPage,
    meta: {
      title: 'Services et tarifs home staging — homestylz',
      description:
        'Conseil, home staging vide ou habité, décoration, shooting photo : les prestations homestylz et leurs tarifs TTC.',
      prerender: true,
    },
  },
  {
    path: '/homestylz/contact',
    component: publicPages.ContactPage,
    meta: {
      title: 'Contact et devis — homestylz',
      description:
        'Demandez un devis de home staging ou de décoration : une décoratrice homestylz vous répond sous 48 heures ouvrées.',
      prerender: true,
    },
  },
  {
    path: '/homestylz/pro',
    component: homestylzPages.HomestylzProPage,
    meta: {
      title: 'homestylz pour les professionnels de l’immobilier',
      description:
        'Agents immobiliers, promoteurs, investisseurs : homestylz prépare vos biens à la vente ou à la location, avec des tarifs dédiés.',
      prerender: true,
    },
  },
];

export const NOT_FOUND_PATH = '/404';
