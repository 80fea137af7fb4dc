import { z } from 'zod';
import { plainText } from '../text';

/**
 * The mandat de recherche and the registre des mandats (issue 30, docs/mandates.md): paths,
 * request schemas and answers shared by server/resources/mandates and the screens
 * (src/features/mandates). The mandate's words themselves are built by src/domain/mandate.ts,
 * once, for the PDF and for the page that shows it at 390 px.
 *
 * Law followed (docs/legal.md): loi 70-9 du 2 janvier 1970 (Hoguet) art. 6 (written mandate, no
 * payment before the deal), décret 72-678 du 20 juillet 1972 art. 72 (register, number on the
 * client's copy) and art. 78 (end at any time after 3 months, in very visible characters),
 * arrêté du 15 septembre 1972 (the register's columns), Code de la consommation L221-18 (14-day
 * withdrawal) and its annexe (the standard withdrawal form).
 */

/** The mandate's life. */
export const mandateStatuses = ['awaiting_signature', 'signed', 'withdrawn', 'ended'] as const;
export type MandateStatus = (typeof mandateStatuses)[number];
export const mandateStatusLabels: Record<MandateStatus, string> = {
  awaiting_signature: 'En attente de signature',
  signed: 'Signé',
  withdrawn: 'Rétracté',
  ended: 'Résilié',
};

/** Mandate duration, and the notice after which either party may end it (art. 78). */
export const MANDATE_MONTHS = 3;
/** Withdrawal period, days from the signature (Code de la consommation L221-18). */
export const WITHDRAWAL_DAYS = 14;
/** The e-mailed signing code: digits, lifetime, tries. */
export const SIGN_CODE_DIGITS = 6;
export const SIGN_CODE_MINUTES = 10;
export const SIGN_CODE_TRIES = 5;

// ---- Staff side -------------------------------------------------------------------------------

/**
 * GET → MandateView[]: the buyer's mandates, newest first. POST {projectId} → 201 MandateView:
 * prepare (or re-prepare the unsigned) mandate; 409 while the project has one in force. The
 * buyer's hunter, manager, directeur, admin (another hunter: 404).
 */
export const STAFF_MANDATE_PATH = '/api/staff/buyers/:buyerId/mandate';
export const staffMandatePath = (buyerId: string) =>
  STAFF_MANDATE_PATH.replace(':buyerId', encodeURIComponent(buyerId));

/** POST prepare: which project; the rest comes from the project, the company and the fee scale. */
export const mandatePrepareSchema = z.object({
  projectId: z.number({ error: 'Le projet manque.' }).int().min(1, 'Le projet manque.'),
});
export type MandatePrepare = z.output<typeof mandatePrepareSchema>;

// ---- Client side ------------------------------------------------------------------------------

/** GET → MandateView | null: the caller's current mandate (the latest prepared). */
export const CLIENT_MANDATE_PATH = '/api/client/mandate';
/** POST mandateIdentitySchema → MandateView: the client's identity and postal address. */
export const CLIENT_MANDATE_IDENTITY_PATH = '/api/client/mandate/identity';
/**
 * POST {accepted: true} → MandateView (codeValidUntil set): « J’ai lu et j’accepte » ticked → a
 * code is e-mailed. 409 while the identity is missing; 429 (Retry-After) past 5 codes an hour.
 */
export const CLIENT_MANDATE_CODE_PATH = '/api/client/mandate/code';
/**
 * POST {code} → MandateView (signed, registerNumber): 400 with fieldErrors.code for a wrong code
 * (tries left said), 409 expired / locked after 5 tries / nothing to sign, 503 if the seal fails.
 */
export const CLIENT_MANDATE_SIGN_PATH = '/api/client/mandate/sign';
/** POST {confirm: true} → MandateView (withdrawn): within 14 days of the signature, else 409. */
export const CLIENT_MANDATE_WITHDRAW_PATH = '/api/client/mandate/withdraw';
/**
 * POST {reason?} → MandateView (ended): end the mandate (either party, from endableFrom, else
 * 409). Staff (the buyer's hunter, supervisors): /api/staff/mandates/:id/end.
 */
export const CLIENT_MANDATE_END_PATH = '/api/client/mandate/end';
export const STAFF_MANDATE_END_PATH = '/api/staff/mandates/:mandateId/end';
export const staffMandateEndPath = (id: string) =>
  STAFF_MANDATE_END_PATH.replace(':mandateId', encodeURIComponent(id));

/** GET: the PDF (unsigned draft, or the signed copy with its number); the client's own or staff. */
export const MANDATE_PDF_PATH = '/api/mandates/:mandateId/pdf';
export const mandatePdfPath = (id: string) =>
  MANDATE_PDF_PATH.replace(':mandateId', encodeURIComponent(id));
/** GET: the evidence file (JSON) of a signed mandate. */
export const MANDATE_EVIDENCE_PATH = '/api/mandates/:mandateId/evidence';
export const mandateEvidencePath = (id: string) =>
  MANDATE_EVIDENCE_PATH.replace(':mandateId', encodeURIComponent(id));

export const mandateIdentitySchema = z.object({
  firstName: plainText(80, 'Le prénom est trop long.').pipe(
    z.string().min(1, 'Indiquez votre prénom.'),
  ),
  lastName: plainText(80, 'Le nom est trop long.').pipe(z.string().min(1, 'Indiquez votre nom.')),
  address: plainText(300, 'L’adresse est trop longue.').pipe(
    z.string().min(8, 'Indiquez votre adresse postale complète (numéro, rue, code postal, ville).'),
  ),
});
export type MandateIdentity = z.output<typeof mandateIdentitySchema>;

export const mandateCodeRequestSchema = z.object({
  accepted: z.literal(true, { error: 'Cochez « J’ai lu et j’accepte » pour continuer.' }),
});

export const mandateSignSchema = z.object({
  code: z
    .string({ error: 'Saisissez le code reçu par e-mail.' })
    .trim()
    .regex(
      new RegExp(`^\\d{${SIGN_CODE_DIGITS}}$`),
      `Le code compte ${SIGN_CODE_DIGITS}\u00a0chiffres.`,
    ),
});

/** The withdrawal form (annexe of the Code de la consommation), filled online. */
export const mandateWithdrawSchema = z.object({
  confirm: z.literal(true, {
    error: 'Cochez la case pour confirmer que vous vous rétractez.',
  }),
});

export const mandateEndSchema = z.object({
  reason: plainText(500, 'Le motif est trop long (500\u00a0caractères au plus).').optional(),
});

/** A mandate as the client's « Mon mandat » and the fiche acquéreur show it. */
export interface MandateView {
  id: string;
  buyerId: string;
  projectId: number;
  status: MandateStatus;
  preparedAt: string;
  preparedByName: string;
  /** Set when the mandate lacks the client's identity or postal address: ask for it first. */
  identityMissing: boolean;
  /** The words of the mandate (src/domain/mandate.ts MandateContent), for the page at 390 px. */
  content: unknown;
  /** Taken at the last signature; null before. */
  registerNumber: number | null;
  signedAt: string | null;
  /** signedAt + 14 days, while withdrawal is still possible. */
  withdrawalUntil: string | null;
  /** signedAt + 3 months: from then either party may end it. */
  endableFrom: string | null;
  endedAt: string | null;
  /** SHA-256 (hex) of the signed PDF. */
  pdfSha256: string | null;
  /** A code was sent and is still valid until then. */
  codeValidUntil: string | null;
  /** 'internal' (code by e-mail, our certificate) or 'yousign'. */
  provider: 'internal' | 'yousign';
  /** Signed with the self-signed development certificate (« TEST – non probant »). */
  testCertificate: boolean;
}

// ---- The register -----------------------------------------------------------------------------

/**
 * GET ?page= → RegisterView: rows (newest first, 50 a page) and the chain check. directeur,
 * admin, manager (chasseur: 403). The CSV and PDF exports carry X-Register-Chain: intact|broken.
 */
export const REGISTER_PATH = '/api/staff/mandate-register';
export const REGISTER_CSV_PATH = '/api/staff/mandate-register.csv';
export const REGISTER_PDF_PATH = '/api/staff/mandate-register.pdf';
/** GET ?page= of the register (50 rows a page, newest first). */
export const registerQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'La page doit être un nombre.' })
    .int('La page doit être un nombre entier.')
    .min(1, 'La page commence à 1.')
    .max(100_000, 'Cette page n’existe pas.')
    .default(1),
});

/**
 * POST {text} (directeur, admin) → 201 RegisterRowView: a new observation on a row (an end, a
 * withdrawal, a correction); 404 for a number not in the register.
 */
export const REGISTER_OBSERVATION_PATH = '/api/staff/mandate-register/:number/observations';
export const registerObservationPath = (n: number) =>
  REGISTER_OBSERVATION_PATH.replace(':number', String(n));

export const registerObservationSchema = z.object({
  text: plainText(1000, 'L’observation est trop longue (1\u00a0000\u00a0caractères au plus).').pipe(
    z.string().min(1, 'Écrivez l’observation.'),
  ),
});

/** One row of the register (arrêté du 15 septembre 1972), with its observations. */
export interface RegisterRowView {
  number: number;
  /** Date of the mandate (its signature). */
  date: string;
  /** Mandants' names and addresses. */
  mandants: string;
  /** Object of the mandate (« Recherche d’un bien en vue de son acquisition »). */
  object: string;
  /** Nature and location of the property sought. */
  propertySought: string;
  observations: { at: string; text: string; byName: string }[];
  mandateId: string;
}

export interface RegisterView {
  rows: RegisterRowView[];
  total: number;
  page: number;
  /** The hash chain over every row and observation: intact, or the first broken entry. */
  chain: { intact: true } | { intact: false; brokenAt: string };
  canWrite: boolean;
}

// ---- Optional provider: Yousign --------------------------------------------------------------

/** Yousign's webhook (signature_request.done), checked by its HMAC. */
export const YOUSIGN_WEBHOOK_PATH = '/api/webhooks/yousign';
