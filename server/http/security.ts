import { createHash } from 'node:crypto';
import { secureHeaders } from 'hono/secure-headers';
import { CONSENT_GATE_SCRIPT } from '../../src/domain/consent';
import type { Env } from '../env';

/** The prerendered pages' one inline script, allowed by its hash (src/domain/consent.ts). */
const consentGate = `'sha256-${createHash('sha256').update(CONSENT_GATE_SCRIPT).digest('base64')}'`;

function origin(url: string | undefined): string[] {
  if (!url) return [];
  return [new URL(url).origin];
}

/**
 * Content-Security-Policy listing only what the app loads: its own origin, plus the geography
 * service, analytics, chat provider and Stripe.js when (and only when) they are configured.
 * The one inline script (the cookie banner's gate) is allowed by its hash, no other.
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
    scriptSrc: ["'self'", consentGate, ...analytics, ...crisp, ...stripe],
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
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: ['self'],
    },
  });
}
