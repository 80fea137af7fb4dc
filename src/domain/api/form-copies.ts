import { z } from 'zod';

/**
 * « Continuer sur un autre appareil » (issue 33, docs/form-copies.md): the server keeps a copy
 * of a long form's draft (its step and answers, never a password) under a random token, so the
 * same person can open it on another device by an e-mailed link or a QR code. Written once for
 * server/resources/form-copies and the long-form engine (src/features/long-form).
 *
 * - The token is 32 random bytes in base64url (256 bits; at least 128 asked); the server keeps
 *   only its SHA-256. Whoever holds the token can read and update the copy: it is the key.
 * - A copy lives 7 days from its creation, and is emptied when the form is sent (the
 *   submission's Idempotency-Key names it): the other device is then told the form was sent.
 */

/** The flows that can be continued elsewhere, as the drafts table names them (src/db). */
export const formCopyFlows = ['owner', 'buyer'] as const;
export type FormCopyFlow = (typeof formCopyFlows)[number];

/** Each flow's page; the link is `${page}/reprendre/${token}`. */
export const formCopyPages: Record<FormCopyFlow, string> = {
  owner: '/questions-proprietaire',
  buyer: '/signup',
};
export const formCopyResumePath = (flow: FormCopyFlow, token: string) =>
  `${formCopyPages[flow]}/reprendre/${token}`;

/** A copy is kept this long after it was made. */
export const FORM_COPY_TTL_DAYS = 7;
/** The offer appears from this step on (1-based: the second step). */
export const FORM_COPY_FROM_STEP = 2;
/** The answers' JSON is at most this long (a long form's answers are a few kilobytes). */
export const FORM_COPY_MAX_BYTES = 64 * 1024;

/** 43 base64url characters: 32 random bytes. */
export const FORM_COPY_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Answer keys never copied, in any flow (the buyer's password and its confirmation): the client
 * leaves them out and the server drops them again before storing.
 */
export const FORM_COPY_SECRET_KEYS = ['password', 'passwordConfirm'] as const;

/** Removes secret keys at any depth of the answers (the USER step nests them). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !(FORM_COPY_SECRET_KEYS as readonly string[]).includes(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    );
  }
  return value;
}

const copyContent = {
  step: z
    .number({ error: 'L’étape est invalide.' })
    .int('L’étape est invalide.')
    .min(1, 'L’étape est invalide.')
    .max(50, 'L’étape est invalide.'),
  answers: z.record(z.string(), z.unknown(), { error: 'Les réponses sont invalides.' }),
  /** The draft's Idempotency-Key: both devices send the form under it, so it is made once. */
  idempotencyKey: z
    .string({ error: 'La clé d’envoi est invalide.' })
    .min(8, 'La clé d’envoi est invalide.')
    .max(100, 'La clé d’envoi est invalide.'),
};

/** POST FORM_COPIES_PATH: make a copy of a draft; 201 FormCopyCreated. */
export const formCopyCreateSchema = z.object({
  flow: z.enum(formCopyFlows, { error: 'Ce formulaire ne peut pas être continué ailleurs.' }),
  ...copyContent,
});
export type FormCopyCreate = z.infer<typeof formCopyCreateSchema>;

/** PUT FORM_COPY_PATH: the first device's draft moved on (each step); 200 FormCopySaved. */
export const formCopyUpdateSchema = z.object(copyContent);
export type FormCopyUpdate = z.infer<typeof formCopyUpdateSchema>;

/** POST FORM_COPY_EMAIL_PATH: e-mail the link; 202. */
export const formCopyEmailSchema = z.object({
  email: z
    .string({ error: 'Saisissez une adresse e-mail.' })
    .trim()
    .toLowerCase()
    .email('Saisissez une adresse e-mail valide.')
    .max(254, 'L’adresse e-mail est trop longue.'),
});

export interface FormCopyCreated {
  token: string;
  /** The absolute link to open on the other device (the QR code draws it). */
  url: string;
  expiresAt: string;
}
export interface FormCopySaved {
  expiresAt: string;
}

/** GET FORM_COPY_PATH, 200: the copy to load into this device's draft. */
export interface FormCopyView {
  flow: FormCopyFlow;
  step: number;
  answers: Record<string, unknown>;
  idempotencyKey: string;
  /** When the copy was last saved (« Reprise de votre saisie du 22/11 à 14 h 05 »). */
  updatedAt: string;
  expiresAt: string;
}
/**
 * GET FORM_COPY_PATH, 410: the form was sent (from either device) — the page says so and offers
 * nothing to send again. 404: unknown or expired token (a French page offers to start again).
 * 429: too many wrong tokens from this address (like sign-in).
 */
export interface FormCopySent {
  sent: true;
  sentAt: string;
}

export const FORM_COPIES_PATH = '/api/form-copies';
export const FORM_COPY_PATH = '/api/form-copies/:token';
export const FORM_COPY_EMAIL_PATH = '/api/form-copies/:token/email';
export const formCopyPath = (token: string) =>
  FORM_COPY_PATH.replace(':token', encodeURIComponent(token));
export const formCopyEmailPath = (token: string) =>
  FORM_COPY_EMAIL_PATH.replace(':token', encodeURIComponent(token));
