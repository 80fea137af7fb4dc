import { companyLegal } from '../../../src/domain/company-legal';
import type { MandateContent } from '../../../src/domain/mandate';
import { loadSigningIdentity, signPdfPades } from '../../mandates/pades';
import { renderMandatePdf } from '../../mandates/pdf';
import type { MandateFiles } from './mandates.repo';

/** Where the agency's signing certificate comes from (server/env.ts MANDATE_P12_*). */
export interface SigningSettings {
  dataDir: string;
  p12Path?: string;
  p12Password?: string;
  production: boolean;
}

/**
 * The mandate's PDFs: rendered by server/mandates/pdf.ts, sealed with the agency's PAdES
 * signature (server/mandates/pades.ts). The identity is loaded at the first signature, once
 * (a failure, such as production without a certificate, is tried again next time).
 */
export function mandateFiles(settings: SigningSettings): MandateFiles {
  let identity: ReturnType<typeof loadSigningIdentity> | undefined;
  const load = () => {
    identity ??= loadSigningIdentity({ ...settings, testName: companyLegal.legalName }).catch(
      (error: unknown) => {
        identity = undefined;
        throw error;
      },
    );
    return identity;
  };
  return {
    async sealPdf(content: MandateContent) {
      const identity = await load();
      const pdf = await signPdfPades(await renderMandatePdf(content), identity, {
        reason: `Mandat de recherche n°\u00a0${content.registerNumber ?? ''}`,
        name: companyLegal.legalName,
        location: 'Paris',
      });
      return { pdf, testCertificate: identity.test };
    },
    draftPdf: (content: MandateContent) => renderMandatePdf(content),
  };
}
