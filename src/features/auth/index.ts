import { lazyPage } from '../../lib/lazy-page';

/**
 * Accounts (issue 3): the session store, read by the header and the guards on every page, and
 * the account screens, each in its own chunk. Only the store and its hooks are in the home
 * page's bundle; the session logic loads when a token is involved (docs/decisions/005).
 */
export {
  logout,
  sessionStore,
  startSession,
  useSession,
  useSessionAfterMount,
} from './session.store';

export const authPages = {
  SignInPage: lazyPage(() => import('./pages/signin-page')),
  AdminSignInPage: lazyPage(() =>
    import('./pages/signin-page').then((m) => ({ default: m.AdminSignInPage })),
  ),
  AccountHomePage: lazyPage(() => import('./pages/account-home-page')),
  ActivationPage: lazyPage(() => import('./pages/activation-page')),
  ForgotPasswordPage: lazyPage(() => import('./pages/forgot-password-page')),
  ResetPasswordPage: lazyPage(() => import('./pages/reset-password-page')),
  SettingsPage: lazyPage(() => import('./pages/settings-page')),
};
