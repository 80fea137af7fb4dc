import { proxy, useSnapshot } from 'valtio';
import { readConsent, writeConsent, type ConsentChoice } from './consent-storage';

/** Cookie consent: the choice in force and whether the banner is shown. */
export const consentStore = proxy({
  choice: null as ConsentChoice | null,
  bannerOpen: false,
  /** Grows each time a person asks for the banner ('Gestion des cookies'): it then takes focus. */
  openRequests: 0,
});

/** localStorage, or null where the browser blocks site data (reading it then throws). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Reads the stored choice; opens the banner when none is in force. Runs after first render. */
export function initConsent(): void {
  const store = storage();
  consentStore.choice = store ? readConsent(store) : null;
  consentStore.bannerOpen = consentStore.choice === null;
}

export function chooseConsent(choice: ConsentChoice): void {
  const withdrawn = consentStore.choice === 'accepted' && choice === 'refused';
  const store = storage();
  if (store) writeConsent(store, choice);
  consentStore.choice = choice;
  consentStore.bannerOpen = false;
  // CNIL: withdrawing must stop tracking now. Scripts already running cannot be unloaded, so
  // the page starts again without them.
  if (withdrawn) window.location.reload();
}

/** Footer link 'Gestion des cookies': the choice can be changed at any time. */
export function openCookieSettings(): void {
  consentStore.bannerOpen = true;
  consentStore.openRequests += 1;
}

export function useConsent() {
  return useSnapshot(consentStore);
}
