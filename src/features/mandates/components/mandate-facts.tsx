import type { ReactNode } from 'react';
import { mandateStatusLabels, type MandateView } from '../../../domain/api/mandates';
import { formatLongDate } from '../../../domain/dates';
import { formatTime } from '../../../domain/french-date';

const badgeClass: Record<MandateView['status'], string> = {
  awaiting_signature: 'badge-warning',
  signed: 'badge-success',
  withdrawn: 'badge-neutral',
  ended: 'badge-neutral',
};

/** « En attente de signature », « Signé », « Rétracté », « Résilié ». */
export function MandateStatusBadge({ status }: { status: MandateView['status'] }) {
  return (
    <span className={`badge ${badgeClass[status]} whitespace-nowrap`} data-testid="mandate-status">
      {mandateStatusLabels[status]}
    </span>
  );
}

/** « 1er décembre 2026 » (Paris time), as French writes the first of the month. */
export const formatDay = (iso: string) => formatLongDate(iso).replace(/^1\u00a0/, '1er\u00a0');

/** « 26 novembre 2026 à 14 h 05 », Paris time, never broken inside the date. */
export const formatMandateDate = (iso: string) => `${formatDay(iso)} à ${formatTime(iso)}`;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="sm:flex sm:gap-3">
      <dt className="shrink-0 text-base-content/75 sm:w-44">{term}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  );
}

/**
 * What makes a signed mandate provable: its register number, when it was signed, the SHA-256
 * of the signed PDF, and the periods of the law (withdrawal until, end possible from).
 */
export function SignedFacts({ mandate }: { mandate: MandateView }) {
  return (
    <dl className="mt-3 space-y-2 text-sm">
      {mandate.registerNumber !== null ? (
        <Fact term="N° au registre">
          <span data-testid="mandate-number">{mandate.registerNumber}</span>
        </Fact>
      ) : null}
      {mandate.signedAt ? (
        <Fact term="Signé le">
          <time dateTime={mandate.signedAt}>{formatMandateDate(mandate.signedAt)}</time>
        </Fact>
      ) : null}
      {mandate.status === 'signed' && mandate.withdrawalUntil ? (
        <Fact term="Rétractation possible jusqu’au">
          <time dateTime={mandate.withdrawalUntil}>{formatDay(mandate.withdrawalUntil)}</time>
        </Fact>
      ) : null}
      {mandate.status === 'signed' && mandate.endableFrom ? (
        <Fact term="Résiliable à partir du">
          <time dateTime={mandate.endableFrom}>{formatDay(mandate.endableFrom)}</time>
        </Fact>
      ) : null}
      {mandate.endedAt ? (
        <Fact term={mandate.status === 'withdrawn' ? 'Rétracté le' : 'Résilié le'}>
          <time dateTime={mandate.endedAt}>{formatMandateDate(mandate.endedAt)}</time>
        </Fact>
      ) : null}
      {mandate.pdfSha256 ? (
        <Fact term="Empreinte SHA-256 du PDF signé">
          <code
            className="block break-all font-mono text-xs font-normal"
            data-testid="mandate-hash"
          >
            {mandate.pdfSha256}
          </code>
        </Fact>
      ) : null}
      {mandate.testCertificate && mandate.signedAt ? (
        <Fact term="Certificat">
          <span className="badge badge-warning">TEST – non probant</span>
        </Fact>
      ) : null}
    </dl>
  );
}
