import { Link } from 'wouter';
import { company, fullAddress } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import {
  ArrowRightIcon,
  CheckIcon,
  ChatIcon,
  EuroIcon,
  FeatureCard,
  HandshakeIcon,
  Section,
  outlineOnDark,
  ShieldIcon,
} from '../../../ui';
import { BlockTitle, CtaBand, Split, PageHeader } from '../../../ui/page-blocks';
import { Illustration } from '../../../ui/illustration';

const ways = [
  'Un chasseur dédié, qui connaît votre secteur et vous suit du premier appel à la remise des clés.',
  'Un mandat de recherche écrit, qui précise votre cahier des charges, la durée de la mission et nos honoraires.',
  'Un compte rendu après chaque pré-visite, pour décider sur pièces, sans vous déplacer inutilement.',
  'Des honoraires au succès, selon un barème public, réglés à la signature de l’acte authentique.',
  'Un réseau de courtiers, notaires et artisans partenaires, sollicités seulement si vous le souhaitez.',
  'Pour les vendeurs : une mise en relation gratuite avec des acheteurs vérifiés, sans commission sur la vente.',
];

export default function InformationEntreprisePage() {
  const legalIdentity = [
    { term: 'Dénomination sociale', value: companyLegal.legalName },
    {
      term: 'Forme juridique',
      value: `${companyLegal.legalForm} au capital de ${companyLegal.shareCapital}`,
    },
    { term: 'Immatriculation', value: companyLegal.rcs },
    { term: 'Siège social', value: fullAddress },
    {
      term: 'Carte professionnelle',
      value: `n°\u00a0${company.professionalCard.number}, «\u00a0${company.professionalCard.mention}\u00a0», délivrée par la ${company.professionalCard.issuer}`,
    },
    { term: 'Garantie financière', value: companyLegal.financialGuarantee },
  ];

  return (
    <>
      <PageHeader
        eyebrow="Notre projet"
        title="Qui sommes-nous ?"
        lead={`${company.brand} est né à Paris en ${companyLegal.foundedYear} d’une conviction simple\u00a0: acheter un logement devrait être un projet serein, pas un parcours d’obstacles.`}
      />

      <Section id="histoire">
        <Split
          className="gap-12 lg:grid-cols-2"
          media={
            <Illustration
              name="main-hero-toits-paris"
              alt="Immeubles haussmanniens parisiens, toits de zinc et cheminées"
              className="h-auto w-full rounded-box shadow-sm"
            />
          }
        >
          <BlockTitle title="Une équipe parisienne, au service des acheteurs" />
          <div className="mt-5 space-y-4 text-lg text-base-content/75">
            <p>
              En Île-de-France, les bons biens partent vite, les annonces se ressemblent et les
              visites s’enchaînent le samedi matin. Beaucoup d’acheteurs y consacrent des mois, au
              détriment de leur vie de famille et de leur travail.
            </p>
            <p>
              Nous avons créé {company.brand} en {companyLegal.foundedYear} pour changer cela&nbsp;:
              un chasseur immobilier qui travaille pour l’acheteur, connaît son secteur rue par rue
              et prend en charge la recherche, les visites et la négociation jusqu’à la signature.
            </p>
            <p>
              Avec {company.homestylzBrand}, notre marque de home staging et de décoration, nous
              accompagnons aussi les propriétaires qui vendent et les acheteurs qui emménagent.
            </p>
          </div>
        </Split>
      </Section>

      <Section
        id="valeurs"
        tone="muted"
        title="Notre mission et nos valeurs"
        intro="Défendre les intérêts de l’acheteur, avec la même exigence qu’il s’agisse d’un studio ou d’une maison familiale."
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={<EuroIcon />} title="Transparence">
            Un barème public, des honoraires TTC connus dès le départ et aucun frais caché.
          </FeatureCard>
          <FeatureCard icon={<ShieldIcon />} title="Indépendance">
            Nous sommes mandatés et rémunérés par l’acheteur&nbsp;: nous n’avons aucun bien à
            «&nbsp;placer&nbsp;».
          </FeatureCard>
          <FeatureCard icon={<ChatIcon />} title="Proximité">
            Un interlocuteur unique, joignable, qui vous rend compte régulièrement de l’avancement.
          </FeatureCard>
          <FeatureCard icon={<HandshakeIcon />} title="Exigence">
            Des biens pré-visités, des analyses étayées et une négociation fondée sur des faits.
          </FeatureCard>
        </div>
      </Section>

      <Section id="methode" title="Notre façon de travailler">
        <ul className="grid gap-4 md:grid-cols-2">
          {ways.map((item) => (
            <li
              key={item}
              className="flex gap-3 rounded-box border border-base-300 p-5 text-base-content/80"
            >
              <CheckIcon className="mt-1 shrink-0 text-lg text-accent" />
              {item}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="identite"
        tone="muted"
        title="Identité de l’entreprise"
        intro="Une agence immobilière encadrée par la loi Hoguet, titulaire de la carte professionnelle."
      >
        <div className="rounded-box border border-base-300 bg-base-100 p-6 sm:p-8">
          <dl className="grid gap-x-10 gap-y-5 md:grid-cols-2">
            {legalIdentity.map(({ term, value }) => (
              <div key={term} className="border-b border-base-300 pb-4">
                <dt className="text-sm font-semibold uppercase tracking-wide text-base-content/70">
                  {term}
                </dt>
                <dd className="mt-1">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-6 text-sm text-base-content/70">
            Informations complètes (assurance, médiation, hébergeur) dans nos{' '}
            <Link href="/aide/mentions-legales" className="link link-primary">
              mentions légales
            </Link>
            .
          </p>
        </div>
      </Section>

      <CtaBand
        id="entreprise-cta-titre"
        layout="center"
        title={<>Un projet d’achat ou de vente&nbsp;?</>}
        text="Parlons-en. Un chasseur immobilier vous répond sous 48 heures."
      >
        <Link href="/signup" className="btn btn-secondary btn-lg">
          Décrire mon projet
        </Link>
        <Link href="/contact" className={outlineOnDark}>
          Nous contacter
          <ArrowRightIcon />
        </Link>
      </CtaBand>
    </>
  );
}
