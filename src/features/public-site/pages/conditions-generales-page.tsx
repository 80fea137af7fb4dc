import * as cgv from '../../../../content/conditions-generales.md';
import { TermsPage } from '../content/terms';

/*
 * The text is content/conditions-generales.md (docs/contenu.md): a `#` heading opens a part, a
 * `##` one an article; the section {#annexe} is the withdrawal form, in its own box.
 */
export default function ConditionsGeneralesPage() {
  return (
    <TermsPage
      doc={cgv}
      eyebrow="Centre d’aide"
      annexId="annexe"
      contentsLabel="Sommaire des conditions générales"
    />
  );
}
