export { CookieBanner } from './cookie-banner';
export { openCookieSettings, useConsent } from './consent.store';
export { CookieSettingsButton } from './cookie-settings-button';
export { chatProviderConfigured, showChat } from './third-party';
