// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const analytics = 'https://stats.exemple.fr/script.js';

/** The module, fresh, in a build with these settings, once the visitor has consented. */
async function afterConsent(build: { prod: boolean; analytics?: string; crispId?: string }) {
  vi.stubEnv('PROD', build.prod);
  vi.stubEnv('VITE_ANALYTICS_SRC', build.analytics ?? '');
  vi.stubEnv('VITE_CRISP_WEBSITE_ID', build.crispId ?? '');
  vi.resetModules();
  const mod = await import('./third-party');
  mod.loadConsentedScripts();
  return mod;
}

const externalScripts = () =>
  [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

describe('third-party scripts', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('load nothing outside a production build, even configured', async () => {
    await afterConsent({ prod: false, analytics, crispId: 'abc-123' });
    expect(externalScripts()).toEqual([]);
  });

  it('load nothing in production when nothing is configured', async () => {
    await afterConsent({ prod: true });
    expect(externalScripts()).toEqual([]);
  });

  it('load the configured audience script and chat once, in production', async () => {
    const mod = await afterConsent({ prod: true, analytics, crispId: 'abc-123' });
    mod.loadConsentedScripts();
    expect(externalScripts()).toEqual([analytics, 'https://client.crisp.chat/l.js']);
    expect(mod.chatProviderConfigured).toBe(true);
  });
});
