import { proxy, useSnapshot } from 'valtio';
import { readConsent, writeConsent, type ConsentChoice } from './consent-storage';

/** Cookie consent: the choice in force and whether the banner is shown. */
export const consentStore = proxy({
  choice: null as ConsentChoice | null,
  bannerOpen: false,
});

/** Reads the stored choice; opens the banner when none is in force. Runs after first render. */
export function initConsent(): void {
  consentStore.choice = readConsent(window.localStorage);
  consentStore.bannerOpen = consentStore.choice === null;
}

export function chooseConsent(choice: ConsentChoice): void {
  writeConsent(window.localStorage, choice);
  consentStore.choice = choice;
  consentStore.bannerOpen = false;
}

/** Footer link 'Gestion des cookies': the choice can be changed at any time. */
export function openCookieSettings(): void {
  consentStore.bannerOpen = true;
}

export function useConsent() {
  return useSnapshot(consentStore);
}
