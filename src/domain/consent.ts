/**
 * The cookie choice's storage rules, shared by the page (features/consent), the prerendered HTML
 * and the server's CSP. localStorage 'cookie_consent' = {choice, at}. The CNIL asks that a choice
 * (accept or refuse) be kept and not asked again for about 6 months, then renewed.
 */
export const CONSENT_KEY = 'cookie_consent';
export const CONSENT_LIFETIME_MS = 182 * 24 * 60 * 60 * 1000;

/**
 * The one inline script of a prerendered page, in its <head> (its SHA-256 is in the CSP: see
 * server/http/security.ts). Every prerendered page carries the cookie banner in its HTML, so a
 * first visitor sees it with the first paint rather than seconds later, once the app runs (it
 * would then be the page's largest paint on short pages). Before anything paints, this marks the
 * page `data-consent="ask"` (no choice in force: the banner shows) or `"kept"` (a choice in force:
 * it stays hidden); styles.css hides it otherwise, so without JavaScript, where nothing optional
 * loads, no banner asks anything. The app then takes over (`"live"`, features/consent). The rule
 * is readConsent's: a known choice, dated, not in the future, younger than the lifetime.
 */
export const CONSENT_GATE_SCRIPT =
  '(function(){var k=!1;try{var c=JSON.parse(localStorage.getItem(' +
  JSON.stringify(CONSENT_KEY) +
  ')),n=Date.now();k=!!c&&(c.choice==="accepted"||c.choice==="refused")&&typeof c.at=="number"' +
  `&&c.at<=n&&n-c.at<${CONSENT_LIFETIME_MS}}catch(e){}` +
  'document.documentElement.setAttribute("data-consent",k?"kept":"ask")})()';
