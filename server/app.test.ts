import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../src/domain/boot-script';
import { CONSENT_GATE_SCRIPT } from '../src/domain/consent';
import { makeTestApp } from './test-app';

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The inline scripts a page may run, by their hashes: the cookie banner's gate, the boot script. */
const gate = `${hashOf(CONSENT_GATE_SCRIPT)} ${hashOf(BOOT_SCRIPT)}`;

describe('API basics', () => {
  it('answers /api/health once the database answers', async () => {
    const { app } = await makeTestApp();
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const { app } = await makeTestApp();
    const res = await app.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`script-src 'self' ${gate};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // Internet Explorer's alone: not sent.
    expect(res.headers.has('x-download-options')).toBe(false);
  });

  it('opens the policy to Stripe.js only when a publishable key is configured', async () => {
    const { app } = await makeTestApp();
    const closed = (await app.request('/api/health')).headers.get('content-security-policy');
    expect(closed).not.toContain('stripe');
    expect(closed).toContain("frame-src 'none'");
    const { app: withStripe } = await makeTestApp({
      env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
    });
    const csp = (await withStripe.request('/api/health')).headers.get('content-security-policy');
    expect(csp).toContain(
      `script-src 'self' ${gate} https://js.stripe.com https://*.js.stripe.com;`,
    );
    expect(csp).toContain(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;',
    );
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
  });

  it('opens the CSP to a configured geography service and analytics only', async () => {
    const { app } = await makeTestApp({
      env: {
        VITE_GEO_URL: 'https://geo.api.gouv.fr',
        VITE_ANALYTICS_SRC: 'https://stats.exemple.fr/script.js',
      },
    });
    const csp = (await app.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/geo\.api\.gouv\.fr https:\/\/stats\.exemple\.fr/,
    );
    expect(csp).toContain(`script-src 'self' ${gate} https://stats.exemple.fr;`);
  });

  it('answers an unknown API path with a French 404', async () => {
    const { app } = await makeTestApp();
    const res = await app.request('/api/nexiste-pas');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/n’existe pas/);
  });

  it('compresses JSON answers for clients that accept gzip', async () => {
    const { app } = await makeTestApp();
    const res = await app.request('/geo/departements/91/communes', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});
