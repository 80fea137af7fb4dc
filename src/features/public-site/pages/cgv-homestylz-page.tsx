import * as cgv from '../../../../content/cgv-homestylz.md';
import { TermsPage } from '../content/terms';

/*
 * The homestylz CGV (issue 32): content/cgv-homestylz.md (docs/contenu.md, docs/legal.md), its
 * `##` articles numbered, the withdrawal form (annex to R221-1) in {#formulaire-de-retractation}.
 */
export default function CgvHomestylzPage() {
  return (
    <TermsPage
      doc={cgv}
      eyebrow="homestylz"
      annexId="formulaire-de-retractation"
      contentsLabel="Sommaire des conditions générales de vente"
    />
  );
}
