import { company } from '../domain/company';
import { CLIENT_ROLES, Role, STAFF_ROLES, type RoleCode } from '../domain/roles';
import { authPages } from '../features/auth';
import { buyerSignupPages } from '../features/buyer-signup';
import { clientAreaPages } from '../features/client-area';
import { homestylzPages } from '../features/homestylz';
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

const brand = company.brand;

/** Every route of spec 2.1 that exists so far, with its meta. Later features add theirs here. */
export const routes: AppRoute[] = [
  {
    path: '/',
    component: publicPages.HomePage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/services',
    component: publicPages.ServicesPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/tarifs',
    component: publicPages.TarifsPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/partenariat',
    component: publicPages.PartenariatPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/nous-rejoindre',
    component: publicPages.NousRejoindrePage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/information-entreprise',
    component: publicPages.InformationEntreprisePage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/aide',
    component: publicPages.AidePage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/aide/faq',
    component: publicPages.FaqPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/aide/conditions-generales',
    component: publicPages.ConditionsGeneralesPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/aide/mentions-legales',
    component: publicPages.MentionsLegalesPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/aide/politique-confidentialite',
    component: publicPages.PolitiqueConfidentialitePage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/contact',
    component: publicPages.ContactPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/questions-proprietaire',
    component: ownerQuestionnairePages.OwnerQuestionnairePage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/access-denied',
    component: publicPages.AccessDeniedPage,
    meta: {
      prerender: true,
      noindex: true,
    },
  },
  {
    path: '/404',
    component: publicPages.NotFoundPage,
    meta: {
      prerender: true,
      noindex: true,
    },
  },
  {
    path: '/homestylz',
    component: homestylzPages.HomestylzHomePage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/homestylz/services',
    component: homestylzPages.HomestylzServicesPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/homestylz/contact',
    component: publicPages.ContactPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/homestylz/pro',
    component: homestylzPages.HomestylzProPage,
    meta: {
      prerender: true,
    },
  },
  {
    path: '/signup',
    component: buyerSignupPages.BuyerSignupPage,
    meta: { title: `Concrétiser votre projet immobilier — ${brand}`, prerender: true },
  },
  {
    path: '/signup/:code',
    component: buyerSignupPages.BuyerSignupPage,
    meta: { title: `Concrétiser votre projet immobilier — ${brand}`, prerender: false },
  },
  accountRoute('/signin', authPages.SignInPage, 'Connexion à votre espace'),
  accountRoute('/admin', authPages.AdminSignInPage, 'Connexion équipe'),
  accountRoute('/mot-de-passe-oublie', authPages.ForgotPasswordPage, 'Mot de passe oublié'),
  accountRoute(
    '/reinitialiser-mot-de-passe/:token',
    authPages.ResetPasswordPage,
    'Nouveau mot de passe',
  ),
  accountRoute('/activation/:code', authPages.ActivationPage, 'Activation de votre compte'),
  accountRoute('/espace-client/dashboard', authPages.AccountHomePage, 'Mon Espace'),
  accountRoute(
    '/dashboard',
    clientAreaPages.ClientDashboardPage,
    'Mon espace client',
    CLIENT_ROLES,
  ),
  accountRoute(
    '/wh-dashboard',
    staffAreaPages.StaffDashboardPage,
    'Espace de gestion',
    STAFF_ROLES,
  ),
  accountRoute('/parametres', authPages.SettingsPage, 'Paramètres du compte', ALL_ROLES),
];

export const NOT_FOUND_PATH = '/404';
