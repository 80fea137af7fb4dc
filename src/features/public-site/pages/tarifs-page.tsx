import { Link } from 'wouter';
import { company } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { MINIMUM_FEE_TTC, VAT_RATE, buyerFeeScale, type FeeBracket } from '../../../domain/fees';
import { formatEuro, formatPercent } from '../../../domain/format';
import {
  ArrowRightIcon,
  Callout,
  ChatIcon,
  CheckList,
  IconCircle,
  Section,
  SparkleIcon,
  Eyebrow,
} from '../../../ui';
import { PageHeader } from '../../../ui/page-blocks';
import { bracketRange, FeeScaleColumns } from '../components/fee-scale';
import { FeeSimulator } from '../components/fee-simulator';
import { Island } from '../../../lib/island';

/** Date from which the barème applies (arrêté du 10 janvier 2017: the scale must be dated). */
const SCALE_EFFECTIVE_DATE = '2024-01-01';

function EffectiveDate() {
  return (
    <time dateTime={SCALE_EFFECTIVE_DATE}>
      1<sup>er</sup>&nbsp;janvier 2024
    </time>
  );
}

function feeLabel(b: FeeBracket): string {
  if (b.rate === 0) return `Forfait de ${formatEuro(MINIMUM_FEE_TTC)} TTC`;
  return `${formatPercent(b.rate)} TTC du prix net vendeur`;
}

const included = [
  'L’entretien de découverte et le cahier des charges',
  'La recherche sur les annonces et hors marché (off-market)',
  'Les pré-visites et les comptes rendus',
  'Les visites accompagnées',
  'L’analyse du bien, de la copropriété et du prix',
  'La négociation du prix et des conditions',
  'La mise en relation avec nos courtiers partenaires',
  'Le suivi jusqu’à l’acte authentique',
];

export default function TarifsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Tarifs"
        title="Des honoraires transparents, dus uniquement au succès"
        lead="Vous ne payez rien tant que vous n’avez pas acheté. Nos honoraires sont fixés par un barème public, exprimé toutes taxes comprises, et précisés dans votre mandat de recherche."
      />

      <Section
        id="tarifs"
        title="Barème des honoraires TTC"
        intro={
          <>
            Mission de recherche pour le compte de l’acquéreur. Barème applicable à compter du{' '}
            <EffectiveDate />.
          </>
        }
      >
        <div className="grid items-start gap-10 lg:grid-cols-[1.25fr_1fr]">
          <div>
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table">
                <caption className="bg-base-200 px-4 py-3 text-left text-sm font-semibold">
                  Honoraires TTC à la charge de l’acquéreur, selon le prix net vendeur
                </caption>
                <thead>
                  <FeeScaleColumns className="text-sm text-base-content" />
                </thead>
                <tbody>
                  {buyerFeeScale.map((bracket) => (
                    <tr key={bracket.from} className="text-sm sm:text-base">
                      <th scope="row" className="font-medium">
                        {bracketRange(bracket)}
                      </th>
                      <td className="font-semibold text-primary">{feeLabel(bracket)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            <h3 className="mt-8 font-sans text-base font-semibold">Mentions</h3>
            <ul className="mt-3 list-disc space-y-2.5 pl-5 text-sm text-base-content/80 marker:text-secondary-strong">
              <li>
                Honoraires exprimés toutes taxes comprises (TTC), TVA au taux de{' '}
                {formatPercent(VAT_RATE)} incluse.
              </li>
              <li>
                Honoraires à la charge de l’acquéreur, calculés sur le prix net vendeur (prix de
                vente hors honoraires). Le taux de la tranche s’applique à la totalité du prix, avec
                un minimum de {formatEuro(MINIMUM_FEE_TTC)} TTC.
              </li>
              <li>
                Honoraires dus uniquement à la signature de l’acte authentique de vente&nbsp;:
                aucune somme ne peut être exigée ni versée avant la conclusion de l’opération (loi
                n°&nbsp;70-9 du 2&nbsp;janvier 1970, dite loi Hoguet).
              </li>
              <li>
                Barème applicable à compter du <EffectiveDate />, affiché conformément à l’arrêté du
                10&nbsp;janvier 2017 relatif à l’information des consommateurs par les
                professionnels intervenant dans une transaction immobilière.
              </li>
              <li>
                {companyLegal.legalName}, carte professionnelle «&nbsp;
                {company.professionalCard.mention}
                &nbsp;» n°&nbsp;{company.professionalCard.number}, délivrée par la{' '}
                {company.professionalCard.issuer}. {companyLegal.financialGuarantee}
              </li>
            </ul>
          </div>

          <div className="lg:sticky lg:top-28">
            <Island name="fee-simulator" of={FeeSimulator} hydrate="intent" />
          </div>
        </div>
      </Section>

      <Section
        id="inclus"
        tone="muted"
        title="Ce que comprennent nos honoraires"
        intro="Un seul montant, pour un accompagnement complet. Pas de frais de dossier, pas de frais de visite."
      >
        <CheckList
          className="grid gap-x-8 gap-y-4 sm:grid-cols-2"
          itemClassName="flex gap-3 rounded-box bg-base-100 p-4"
          iconClassName="mt-0.5 shrink-0 text-lg text-accent"
          items={included}
        />
      </Section>

      <Section id="vendeurs">
        <div className="grid gap-6 lg:grid-cols-[1.3fr_1fr]">
          <div className="rounded-box bg-primary p-8 text-primary-content sm:p-10">
            <Eyebrow>Vous vendez&nbsp;?</Eyebrow>
            <h2 className="mt-3 text-2xl font-semibold sm:text-3xl">
              Propriétaires vendeurs&nbsp;: estimation et mise en relation gratuites, aucune
              commission sur la vente
            </h2>
            <p className="mt-4 text-primary-content/85">
              Nous vous présentons des acheteurs dont le projet et le financement ont été vérifiés
              au préalable. L’estimation de votre bien et nos conseils de mise en valeur sont
              offerts.
            </p>
            <Link href="/questions-proprietaire" className="btn btn-secondary mt-7">
              Propriétaire vendeur
              <ArrowRightIcon />
            </Link>
          </div>
          <div className="flex flex-col rounded-box border border-base-300 bg-base-100 p-8 sm:p-10">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-secondary/15 text-2xl text-secondary">
              <SparkleIcon />
            </span>
            <h2 className="mt-4 text-2xl font-semibold">Home staging et décoration</h2>
            <p className="mt-3 text-base-content/75">
              Les prestations de {company.homestylzBrand}, notre marque de home staging et de
              décoration, font l’objet de tarifs distincts, consultables en ligne.
            </p>
            <div className="mt-auto pt-6">
              <Link href="/homestylz/services#tarifs" className="btn btn-outline btn-primary">
                Tarifs homestylz
              </Link>
            </div>
          </div>
        </div>
      </Section>

      <Callout id="tarifs-faq-titre">
        <div className="flex gap-4">
          <IconCircle className="hidden size-11 shrink-0 text-2xl sm:inline-flex">
            <ChatIcon />
          </IconCircle>
          <div>
            <h2 id="tarifs-faq-titre" className="text-2xl font-semibold">
              Des questions sur nos honoraires&nbsp;?
            </h2>
            <p className="mt-2 max-w-xl text-base-content/75">
              Retrouvez les réponses aux questions les plus fréquentes dans notre FAQ, ou
              appelez-nous au {company.phone}.
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
          <Link href="/aide/faq" className="btn btn-primary">
            Lire la FAQ
          </Link>
          <Link href="/contact" className="btn btn-ghost">
            Nous contacter
          </Link>
        </div>
      </Callout>
    </>
  );
}
