import { createHash } from 'node:crypto';
import { secureHeaders } from 'hono/secure-headers';
import { BOOT_SCRIPT } from '../../src/domain/boot-script';
import { CONSENT_GATE_SCRIPT } from '../../src/domain/consent';
import type { Env } from '../env';

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/**
 * The prerendered pages' two inline scripts, allowed by their hashes: the cookie banner's gate
 * (src/domain/consent.ts) and the boot script (src/domain/boot-script.ts).
 */
const inlineScripts = [hashOf(CONSENT_GATE_SCRIPT), hashOf(BOOT_SCRIPT)];

function origin(url: string | undefined): string[] {
  if (!url) return [];
  return [new URL(url).origin];
}

/**
 * Content-Security-Policy listing only what the app loads: its own origin, plus the geography
 * service, analytics, chat provider and Stripe.js when (and only when) they are configured.
 * The two inline scripts (the cookie banner's gate, the boot script) are allowed by their
 * hashes, no other.
 * style-src keeps 'unsafe-inline': react-hot-toast injects its styles in a <style> element.
 */
export function contentSecurityPolicy(env: Env) {
  const crisp = env.VITE_CRISP_WEBSITE_ID ? ['https://client.crisp.chat'] : [];
  const crispRelay = env.VITE_CRISP_WEBSITE_ID
    ? ['wss://client.relay.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat']
    : [];
  const analytics = origin(env.VITE_ANALYTICS_SRC);
  // Stripe.js (spec 7), loaded when a publishable key is configured: Stripe's published list.
  const stripe = env.STRIPE_PUBLISHABLE_KEY
    ? ['https://js.stripe.com', 'https://*.js.stripe.com']
    : [];
  const stripeApi = env.STRIPE_PUBLISHABLE_KEY ? ['https://api.stripe.com'] : [];
  const stripeFrames = env.STRIPE_PUBLISHABLE_KEY ? [...stripe, 'https://hooks.stripe.com'] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScripts, ...analytics, ...crisp, ...stripe],
    styleSrc: ["'self'", "'unsafe-inline'", ...crisp],
    imgSrc: ["'self'", 'data:', 'blob:', ...crisp, ...crispRelay],
    fontSrc: ["'self'", ...crisp],
    connectSrc: [
      "'self'",
      ...origin(env.VITE_GEO_URL),
      ...analytics,
      ...crisp,
      ...crispRelay,
      ...stripeApi,
    ],
    workerSrc: ["'self'", ...(env.VITE_CRISP_WEBSITE_ID ? ['blob:'] : [])],
    manifestSrc: ["'self'"],
    frameSrc: stripeFrames.length ? stripeFrames : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export function securityHeaders(env: Env) {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(env),
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity:
      env.NODE_ENV === 'production' ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    // Internet Explorer 8's alone (a downloaded file's "Open" button); no browser the site
    // supports reads it, and every page's first download would carry its 27 bytes (a page must
    // fit the first round trip, issue 27).
    xDownloadOptions: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: ['self'],
    },
  });
}
