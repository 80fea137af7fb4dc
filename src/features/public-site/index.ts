import { lazyPage } from '../../lib/lazy-page';

/** Pages of the main brand's public site, each in its own chunk. */
export const publicPages = {
  HomePage: lazyPage(() => import('./pages/home-page')),
  ServicesPage: lazyPage(() => import('./pages/services-page')),
  TarifsPage: lazyPage(() => import('./pages/tarifs-page')),
  PartenariatPage: lazyPage(() => import('./pages/partenariat-page')),
  NousRejoindrePage: lazyPage(() => import('./pages/nous-rejoindre-page')),
  InformationEntreprisePage: lazyPage(() => import('./pages/information-entreprise-page')),
  AidePage: lazyPage(() => import('./pages/aide-page')),
  FaqPage: lazyPage(() => import('./pages/faq-page')),
  ConditionsGeneralesPage: lazyPage(() => import('./pages/conditions-generales-page')),
  MentionsLegalesPage: lazyPage(() => import('./pages/mentions-legales-page')),
  PolitiqueConfidentialitePage: lazyPage(() => import('./pages/politique-confidentialite-page')),
  CgvHomestylzPage: lazyPage(() => import('./pages/cgv-homestylz-page')),
  ContactPage: lazyPage(() => import('./pages/contact-page')),
  AccessDeniedPage: lazyPage(() => import('./pages/access-denied-page')),
  NotFoundPage: lazyPage(() => import('./pages/not-found-page')),
};
