import { parisDay, parisLocalToIso } from './paris-time';

/**
 * How long personal data is kept (issue 31, docs/retention.md), read by the nightly retention
 * job (server/resources/retention), the admin's « Conservation des données » page and the
 * privacy policy (content/politique-confidentialite.md, through its placeholders).
 *
 * - Prospects (owner leads, buyer accounts without a signed mandate): anonymised 3 years after
 *   the last contact from the person — CNIL, référentiel « gestion commerciale » (prospects:
 *   « 3 ans à compter de leur collecte ou du dernier contact émanant du prospect »).
 * - Client documents (payslips, tax notice, loan agreement): deleted 6 months after the end of the
 *   project. The papers that identify the client and show where the funds come from (identity,
 *   proof of address, bank statements of the deposit) are kept 5 years after it: the agency is
 *   bound by the anti-money-laundering rules (code monétaire et financier, art. L561-2 8° and
 *   L561-12: « cinq ans à compter de […] la cessation de leurs relations »).
 * - Mandates and the registre des mandats: 10 years (loi n° 70-9 « Hoguet », décret n° 72-678
 *   du 20 juillet 1972, art. 72). The job never touches them at all; the 10 years are stated
 *   here for the page and the policy.
 */

/** Months after the last contact from a prospect before they are anonymised. */
export const PROSPECT_RETENTION_MONTHS = 36;
/** Months after a project ends before the client's documents are deleted. */
export const DOCUMENT_RETENTION_MONTHS = 6;
/** The document kinds kept for anti-money-laundering (art. L561-12 CMF), and for how long. */
export const AML_DOCUMENT_KINDS: readonly string[] = ['identite', 'domicile', 'apport'];
export const AML_DOCUMENT_RETENTION_MONTHS = 60;
export const isAmlDocumentKind = (kind: string) => AML_DOCUMENT_KINDS.includes(kind);
/** Years a signed mandate, its proof and its register line are kept (never by this job). */
export const MANDATE_RETENTION_YEARS = 10;

/** The hour (Paris time) of the nightly pass. */
export const RETENTION_HOUR_PARIS = 3;

/** « 3 ans », « 6 mois », « 1 an » from a number of months. */
export function monthsText(months: number): string {
  if (months % 12 === 0) {
    const years = months / 12;
    return `${years}\u00a0an${years > 1 ? 's' : ''}`;
  }
  return `${months}\u00a0mois`;
}

/** The durations in words, as the privacy policy and the admin's page say them. */
export const retentionTexts = {
  prospects: monthsText(PROSPECT_RETENTION_MONTHS),
  documents: monthsText(DOCUMENT_RETENTION_MONTHS),
  amlDocuments: monthsText(AML_DOCUMENT_RETENTION_MONTHS),
  mandates: monthsText(MANDATE_RETENTION_YEARS * 12),
} as const;

/** The same instant `months` later (negative: earlier), by the calendar (UTC), as ISO text. */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // 31 March + 1 month is 30 April, not 1 May.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString();
}

/**
 * The cut-offs of a pass run at `now`: a prospect whose last contact is before `prospectsBefore`
 * is due; the documents of a client whose projects all ended before `documentsBefore` are due,
 * those kept for anti-money-laundering when they ended before `amlDocumentsBefore`.
 */
export function retentionCutoffs(now: number): {
  prospectsBefore: string;
  documentsBefore: string;
  amlDocumentsBefore: string;
} {
  const iso = new Date(now).toISOString();
  return {
    prospectsBefore: addMonths(iso, -PROSPECT_RETENTION_MONTHS),
    documentsBefore: addMonths(iso, -DOCUMENT_RETENTION_MONTHS),
    amlDocumentsBefore: addMonths(iso, -AML_DOCUMENT_RETENTION_MONTHS),
  };
}

/** When a prospect last heard from at `lastContact` is anonymised. */
export const prospectDueAt = (lastContact: string) =>
  addMonths(lastContact, PROSPECT_RETENTION_MONTHS);
/** When the documents of a client whose project ended at `endedAt` are deleted. */
export const documentsDueAt = (endedAt: string, kind = '') =>
  addMonths(
    endedAt,
    isAmlDocumentKind(kind) ? AML_DOCUMENT_RETENTION_MONTHS : DOCUMENT_RETENTION_MONTHS,
  );

/**
 * The next nightly pass after `now` (milliseconds): 03:00 Paris time today if still ahead, else
 * tomorrow's. Its Paris day (`2026-11-27`) names the job, so that instances scheduling it at
 * once schedule it once.
 */
export function nextRetentionPass(now: number): { at: number; day: string } {
  const hour = String(RETENTION_HOUR_PARIS).padStart(2, '0');
  let day = parisDay(new Date(now).toISOString());
  for (;;) {
    const at = Date.parse(parisLocalToIso(`${day}T${hour}:00`) ?? '');
    if (at > now) return { at, day };
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    day = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  }
}
