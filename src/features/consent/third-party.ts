/**
 * Third-party scripts (audience measurement, chat). They load only in a production build, only
 * when configured (VITE_ANALYTICS_SRC, VITE_CRISP_WEBSITE_ID) and only after consent (CNIL).
 */
const analyticsSrc = import.meta.env.VITE_ANALYTICS_SRC as string | undefined;
const crispId = import.meta.env.VITE_CRISP_WEBSITE_ID as string | undefined;

const loaded = new Set<string>();

function addScript(src: string): void {
  if (loaded.has(src)) return;
  loaded.add(src);
  const s = document.createElement('script');
  s.src = src;
  s.async = true;
  document.head.append(s);
}

export const chatProviderConfigured = import.meta.env.PROD && !!crispId;

export function loadConsentedScripts(): void {
  if (!import.meta.env.PROD) return;
  if (analyticsSrc) addScript(analyticsSrc);
  if (crispId) {
    const w = window as unknown as { $crisp?: unknown[]; CRISP_WEBSITE_ID?: string };
    w.$crisp ??= [];
    w.CRISP_WEBSITE_ID = crispId;
    addScript('https://client.crisp.chat/l.js');
  }
}

/** Shows the chat bubble again (after each navigation, spec 2.1). */
export function showChat(): void {
  const w = window as unknown as { $crisp?: unknown[] };
  w.$crisp?.push(['do', 'chat:show']);
}
