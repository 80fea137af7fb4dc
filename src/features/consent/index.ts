export { CookieBanner } from './cookie-banner';
export { openCookieSettings, useConsent } from './consent.store';
export { chatProviderConfigured, showChat } from './third-party';
