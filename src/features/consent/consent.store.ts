import { proxy, useSnapshot } from 'valtio';
import { browserStorage } from '../../lib/token-storage';
import { readConsent, writeConsent, type ConsentChoice } from './consent-storage';
import { loadConsentedScripts } from './third-party';

/**
 * Cookie consent: the choice in force and whether the banner is shown. The banner starts open,
 * as every prerendered page draws it (hydration must find the same tree); until initConsent runs,
 * the page's CSS alone decides whether it shows (src/domain/consent.ts).
 */
export const consentStore = proxy({
  choice: null as ConsentChoice | null,
  bannerOpen: true,
  /** Grows each time a person asks for the banner ('Gestion des cookies'): it then takes focus. */
  openRequests: 0,
});

/** From now on the app alone says whether the banner shows (styles.css, the banner's rule). */
function takeOverBanner(): void {
  document.documentElement.dataset.consent = 'live';
}

/** Reads the stored choice; opens the banner when none is in force. Runs after first render. */
export function initConsent(): void {
  const store = browserStorage();
  consentStore.choice = store ? readConsent(store) : null;
  consentStore.bannerOpen = consentStore.choice === null;
  if (consentStore.bannerOpen) takeOverBanner();
  if (consentStore.choice === 'accepted') loadConsentedScripts();
}

export function chooseConsent(choice: ConsentChoice): void {
  const withdrawn = consentStore.choice === 'accepted' && choice === 'refused';
  const store = browserStorage();
  if (store) writeConsent(store, choice);
  consentStore.choice = choice;
  consentStore.bannerOpen = false;
  if (choice === 'accepted') loadConsentedScripts();
  // CNIL: withdrawing must stop tracking now. Scripts already running cannot be unloaded, so
  // the page starts again without them.
  if (withdrawn) window.location.reload();
}

/** Footer link 'Gestion des cookies': the choice can be changed at any time. */
export function openCookieSettings(): void {
  takeOverBanner();
  consentStore.bannerOpen = true;
  consentStore.openRequests += 1;
}

export function useConsent() {
  return useSnapshot(consentStore);
}
