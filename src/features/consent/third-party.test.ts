// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('./third-party');
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
    vi.stubEnv('PROD', false);
    vi.stubEnv('VITE_ANALYTICS_SRC', 'https://stats.exemple.fr/script.js');
    (await freshModule()).loadConsentedScripts();
    expect(externalScripts()).toEqual([]);
  });

  it('load nothing in production when nothing is configured', async () => {
    vi.stubEnv('PROD', true);
    vi.stubEnv('VITE_ANALYTICS_SRC', '');
    vi.stubEnv('VITE_CRISP_WEBSITE_ID', '');
    (await freshModule()).loadConsentedScripts();
    expect(externalScripts()).toEqual([]);
  });

  it('load the configured audience script and chat once, in production', async () => {
    vi.stubEnv('PROD', true);
    vi.stubEnv('VITE_ANALYTICS_SRC', 'https://stats.exemple.fr/script.js');
    vi.stubEnv('VITE_CRISP_WEBSITE_ID', 'abc-123');
    const mod = await freshModule();
    mod.loadConsentedScripts();
    mod.loadConsentedScripts();
    expect(externalScripts()).toEqual([
      'https://stats.exemple.fr/script.js',
      'https://client.crisp.chat/l.js',
    ]);
    expect(mod.chatProviderConfigured).toBe(true);
  });
});
