import { company } from '../domain/company';
import { CLIENT_ROLES, Role, STAFF_ROLES, type RoleCode } from '../domain/roles';
import { authPages } from '../features/auth';
import { buyerSignupPages } from '../features/buyer-signup';
import { clientAreaPages } from '../features/client-area';
import { homestylzPages } from '../features/homestylz';
import { shopPages } from '../features/shop';
import { ownerQuestionnairePages } from '../features/owner-questionnaire';
import { staffAreaPages } from '../features/staff-area';
import { publicPages } from '../features/public-site';
import type { LazyPage } from '../lib/lazy-page';

export interface RouteMeta {
  /**
   * The tab's title. Prerendered pages have theirs in route-descriptions.ts instead, out of the
   * first download: their HTML already carries it, navigation loads it with the description.
   */
  title?: string;
  /** Rendered to static HTML at build (scripts/prerender.mjs). */
  prerender: boolean;
  /** Kept out of search engines (error pages, account screens). */
  noindex?: boolean;
}

export interface AppRoute {
  /** wouter pattern; ':name' segments are parameters. */
  path: string;
  component: LazyPage;
  meta: RouteMeta;
  /** Signed-in only, for these roles (spec 6); guarded routes are never prerendered. */
  roles?: readonly RoleCode[];
}

const ALL_ROLES: readonly RoleCode[] = Object.values(Role);

/**
 * Account screens and private areas: never prerendered (they depend on who is there), kept out
 * of search engines, so a title is all their meta needs. (This table is in the home page's
 * bundle: no text it does not need.)
 */
function accountRoute(
  path: string,
  component: LazyPage,
  title: string,
  roles?: readonly RoleCode[],
): AppRoute {
  return {
    path,
    component,
    roles,
    meta: {
      title: `${title} — ${company.brand}`,
      prerender: false,
      noindex: true,
    },
  };
}

/** The site's public pages: open to anyone, prerendered unless `meta` says otherwise. */
function publicRoute(path: string, component: LazyPage, meta?: Partial<RouteMeta>): AppRoute {
  return { path, component, meta: { prerender: true, ...meta } };
}

/** The site's public pages by path, each prerendered. */
const publicPaths: Record<string, LazyPage> = {
  '/': publicPages.HomePage,
  '/services': publicPages.ServicesPage,
  '/tarifs': publicPages.TarifsPage,
  '/partenariat': publicPages.PartenariatPage,
  '/nous-rejoindre': publicPages.NousRejoindrePage,
  '/information-entreprise': publicPages.InformationEntreprisePage,
  '/aide': publicPages.AidePage,
  '/aide/faq': publicPages.FaqPage,
  '/aide/conditions-generales': publicPages.ConditionsGeneralesPage,
  '/aide/mentions-legales': publicPages.MentionsLegalesPage,
  '/aide/politique-confidentialite': publicPages.PolitiqueConfidentialitePage,
  '/contact': publicPages.ContactPage,
  '/questions-proprietaire': ownerQuestionnairePages.OwnerQuestionnairePage,
  '/homestylz': homestylzPages.HomestylzHomePage,
  '/homestylz/services': homestylzPages.HomestylzServicesPage,
  '/homestylz/contact': publicPages.ContactPage,
  '/homestylz/pro': homestylzPages.HomestylzProPage,
};

/** The account screens anyone may open, by path: their page and title. */
const accountPaths: Record<string, [LazyPage, string]> = {
  '/signin': [authPages.SignInPage, 'Connexion à votre espace'],
  '/admin': [authPages.AdminSignInPage, 'Connexion équipe'],
  '/mot-de-passe-oublie': [authPages.ForgotPasswordPage, 'Mot de passe oublié'],
  '/reinitialiser-mot-de-passe/:token': [authPages.ResetPasswordPage, 'Nouveau mot de passe'],
  '/activation/:code': [authPages.ActivationPage, 'Activation de votre compte'],
  '/espace-client/dashboard': [authPages.AccountHomePage, 'Mon Espace'],
};

const signupTitle = `Concrétiser votre projet immobilier — ${company.brand}`;

/** Every route of spec 2.1 that exists so far, with its meta. Later features add theirs here. */
export const routes: AppRoute[] = [
  ...Object.entries(publicPaths).map(([path, page]) => publicRoute(path, page)),
  publicRoute('/access-denied', publicPages.AccessDeniedPage, { noindex: true }),
  publicRoute('/404', publicPages.NotFoundPage, { noindex: true }),
  // One prerendered page per pack of domain/shop-catalogue.ts (its test checks the ids).
  ...[1, 2, 3].map((id) => publicRoute(`/homestylz/pack/${id}`, shopPages.PackPage)),
  publicRoute('/signup', buyerSignupPages.BuyerSignupPage, { title: signupTitle }),
  publicRoute('/signup/:code', buyerSignupPages.BuyerSignupPage, {
    title: signupTitle,
    prerender: false,
  }),
  ...Object.entries(accountPaths).map(([path, [page, title]]) => accountRoute(path, page, title)),
  accountRoute(
    '/dashboard',
    clientAreaPages.ClientDashboardPage,
    'Mon espace client',
    CLIENT_ROLES,
  ),
  accountRoute(
    '/wh-dashboard/*?',
    staffAreaPages.StaffDashboardPage,
    'Espace de gestion',
    STAFF_ROLES,
  ),
  accountRoute('/parametres', authPages.SettingsPage, 'Paramètres du compte', ALL_ROLES),
];

export const NOT_FOUND_PATH = '/404';
