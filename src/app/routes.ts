import { company } from '../domain/company';
import { CLIENT_ROLES, Role, STAFF_ROLES, type RoleCode } from '../domain/roles';
import { authPages } from '../features/auth';
import { buyerSignupPages } from '../features/buyer-signup';
import { clientAreaPages } from '../features/client-area';
import { homestylzPages } from '../features/homestylz';
import { formCopyResumePages } from '../features/long-form';
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

const signupTitle = `Concrétiser votre projet immobilier — ${company.brand}`;

/** Every route of spec 2.1 that exists so far, with its meta. Later features add theirs here. */
export const routes: AppRoute[] = [
  publicRoute('/', publicPages.HomePage),
  publicRoute('/services', publicPages.ServicesPage),
  publicRoute('/tarifs', publicPages.TarifsPage),
  publicRoute('/partenariat', publicPages.PartenariatPage),
  publicRoute('/nous-rejoindre', publicPages.NousRejoindrePage),
  publicRoute('/information-entreprise', publicPages.InformationEntreprisePage),
  publicRoute('/aide', publicPages.AidePage),
  publicRoute('/aide/faq', publicPages.FaqPage),
  publicRoute('/aide/conditions-generales', publicPages.ConditionsGeneralesPage),
  publicRoute('/aide/mentions-legales', publicPages.MentionsLegalesPage),
  publicRoute('/aide/politique-confidentialite', publicPages.PolitiqueConfidentialitePage),
  publicRoute('/contact', publicPages.ContactPage),
  publicRoute('/questions-proprietaire', ownerQuestionnairePages.OwnerQuestionnairePage),
  publicRoute('/access-denied', publicPages.AccessDeniedPage, { noindex: true }),
  publicRoute('/404', publicPages.NotFoundPage, { noindex: true }),
  publicRoute('/homestylz', homestylzPages.HomestylzHomePage),
  publicRoute('/homestylz/services', homestylzPages.HomestylzServicesPage),
  publicRoute('/homestylz/contact', publicPages.ContactPage),
  publicRoute('/homestylz/pro', homestylzPages.HomestylzProPage),
  publicRoute('/homestylz/conditions-generales-de-vente', publicPages.CgvHomestylzPage),
  // The checkout (issue 32): what the basket holds is on the device, nothing to prerender.
  publicRoute('/homestylz/commande', shopPages.CheckoutPage, {
    title: 'Votre commande — homestylz',
    prerender: false,
    noindex: true,
  }),
  // One prerendered page per pack of domain/shop-catalogue.ts (its test checks the ids).
  ...[1, 2, 3].map((id) => publicRoute(`/homestylz/pack/${id}`, shopPages.PackPage)),
  publicRoute('/signup', buyerSignupPages.BuyerSignupPage, { title: signupTitle }),
  publicRoute('/signup/:code', buyerSignupPages.BuyerSignupPage, {
    title: signupTitle,
    prerender: false,
  }),
  // Issue 33: a long form begun on another device (one page for both forms).
  accountRoute('/signup/reprendre/:token', formCopyResumePages.FormCopyResumePage, 'Reprise'),
  accountRoute(
    '/questions-proprietaire/reprendre/:token',
    formCopyResumePages.FormCopyResumePage,
    'Reprise',
  ),
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
    '/wh-dashboard/*?',
    staffAreaPages.StaffDashboardPage,
    'Espace de gestion',
    STAFF_ROLES,
  ),
  accountRoute('/parametres', authPages.SettingsPage, 'Paramètres du compte', ALL_ROLES),
];

export const NOT_FOUND_PATH = '/404';
