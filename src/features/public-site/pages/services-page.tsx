import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../../../domain/company';
import {
  ArrowRightIcon,
  ChatIcon,
  ActionRow,
  CheckList,
  EuroIcon,
  HandshakeIcon,
  HomeIcon,
  KeyIcon,
  SearchIcon,
  Section,
  outlineOnDark,
  ShieldIcon,
  SparkleIcon,
  UsersIcon,
  Eyebrow,
} from '../../../ui';
import { Illustration } from '../../../ui/illustration';
import { BlockTitle, Split, PageHeader, FeatureSection } from '../../../ui/page-blocks';
import type { FeatureBlock, PageHeaderContent } from '../../../ui/page-blocks';

interface Step {
  title: string;
  icon: ReactNode;
  text: ReactNode;
}

const steps: Step[] = [
  {
    title: 'Le cahier des charges',
    icon: <ChatIcon />,
    text: 'Lors d’un premier entretien, en agence, chez vous ou en visio, nous précisons vos critères : secteurs, surface, étage, extérieur, transports, écoles, budget global. Nous distinguons l’indispensable du souhaitable, puis formalisons le tout dans le mandat de recherche.',
  },
  {
    title: 'La recherche, on-market et off-market',
    icon: <SearchIcon />,
    text: 'Nous analysons chaque jour les annonces publiées et sollicitons notre réseau d’agences, de notaires, de gardiens et de propriétaires pour accéder aux biens vendus sans publicité, souvent avant tout le monde.',
  },
  {
    title: 'Les pré-visites',
    icon: <HomeIcon />,
    text: 'Nous visitons d’abord à votre place : état du bien, luminosité, nuisances, parties communes. Vous recevez un compte rendu avec photos et ne vous déplacez que pour les biens qui en valent la peine.',
  },
  {
    title: 'Les visites accompagnées',
    icon: <UsersIcon />,
    text: 'Nous vous accompagnons aux visites avec un regard technique : travaux à prévoir, diagnostics, charges de copropriété, procès-verbaux d’assemblée générale, potentiel de revente.',
  },
  {
    title: 'La négociation',
    icon: <HandshakeIcon />,
    text: 'Prix des ventes récentes du secteur, travaux votés, délai de mise en vente : nous construisons une offre argumentée et négocions en votre nom le prix comme les conditions.',
  },
  {
    title: 'Le financement',
    icon: <EuroIcon />,
    text: 'Nos courtiers partenaires comparent les offres de prêt et vous aident à monter un dossier solide. Votre plan de financement est validé avant l’offre, ce qui rassure le vendeur.',
  },
  {
    title: 'Jusqu’à l’acte authentique',
    icon: <KeyIcon />,
    text: 'Offre d’achat, compromis ou promesse de vente, conditions suspensives, échanges avec le notaire : nous suivons chaque étape jusqu’à la signature de l’acte authentique et la remise des clés.',
  },
  {
    title: 'Et après : travaux et home staging',
    icon: <SparkleIcon />,
    text: (
      <>
        Un rafraîchissement, un aménagement, une décoration à imaginer&nbsp;? Nos artisans
        partenaires et notre marque sœur{' '}
        <Link href="/homestylz" className="link link-primary">
          homestylz
        </Link>{' '}
        prennent le relais pour que vous emménagiez dans un logement à votre goût.
      </>
    ),
  },
];

const goodToKnow = [
  'Un mandat de recherche écrit précise votre projet et nos honoraires avant toute recherche.',
  'Nos honoraires ne sont dus qu’à la signature de l’acte authentique.',
  'Un chasseur vous contacte sous 48 heures après votre inscription.',
];

const audiences: FeatureBlock = {
  id: 'pour-qui',
  title: 'Pour qui ?',
  intro: 'Pour tous ceux qui veulent acheter bien, sans y passer leurs soirées et leurs week-ends.',
  features: [
    {
      icon: <KeyIcon />,
      title: 'Primo-accédants',
      text: 'Un premier achat soulève mille questions. Nous vous guidons sur le budget, le financement, les diagnostics et la copropriété.',
    },
    {
      icon: <ChatIcon />,
      title: 'Expatriés et mobilités',
      text: 'Vous vivez loin ou arrivez en Île-de-France\u00a0? Visites en visio, comptes rendus détaillés et procuration pour la signature si besoin.',
    },
    {
      icon: <EuroIcon />,
      title: 'Investisseurs',
      text: 'Rendement, tension locative, travaux, fiscalité\u00a0: nous sélectionnons des biens cohérents avec votre stratégie patrimoniale.',
    },
    {
      icon: <HomeIcon />,
      title: 'Familles',
      text: 'Une pièce de plus, une école, un extérieur, un trajet raisonnable\u00a0: nous cherchons le logement qui accompagnera votre famille.',
    },
  ],
};

const header: PageHeaderContent = {
  eyebrow: 'Nos services',
  title: 'Un chasseur immobilier à vos côtés, de la recherche jusqu’aux clés',
  lead: 'Trouver le bon bien à Paris ou en petite couronne demande du temps, un réseau et un œil exercé. Nous prenons en charge toute la recherche pour que vous ne consacriez votre énergie qu’aux biens qui comptent.',
  actions: [
    { href: '/signup', label: 'Décrire mon projet' },
    {
      href: '/tarifs#tarifs',
      label: 'Voir nos tarifs',
      className: 'btn btn-outline btn-primary',
    },
  ],
};

export default function ServicesPage() {
  return (
    <>
      <PageHeader {...header} />

      <Section
        id="etapes"
        title="Ce que fait votre chasseur immobilier, étape par étape"
        intro="Vous restez décisionnaire à chaque moment ; nous faisons le travail de terrain et vous rendons compte."
      >
        <div className="grid gap-12 lg:grid-cols-[1fr_20rem]">
          <ol className="relative ml-5 space-y-10 border-l-2 border-base-300 pl-8 sm:pl-10">
            {steps.map((step, index) => (
              <li key={step.title} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute -left-[calc(3.25rem+1px)] top-0 inline-flex size-10 items-center justify-center rounded-full border-4 border-base-100 bg-primary text-lg text-primary-content sm:-left-[calc(3.875rem+1px)] sm:size-11"
                >
                  {step.icon}
                </span>
                <Eyebrow>Étape {index + 1}</Eyebrow>
                <h3 className="mt-1 text-xl font-semibold sm:text-2xl">{step.title}</h3>
                <p className="mt-2 max-w-2xl text-base-content/75">{step.text}</p>
              </li>
            ))}
          </ol>
          <aside className="lg:sticky lg:top-28 lg:self-start" aria-label="Bon à savoir">
            <Illustration
              name="main-carte-recherche"
              className="h-auto w-full max-w-md rounded-box"
            />
            <div className="mt-6 rounded-box border border-base-300 bg-base-200 p-6">
              <h3 className="font-sans text-base font-semibold">Bon à savoir</h3>
              <CheckList
                className="mt-3 space-y-2 text-sm text-base-content/75"
                itemClassName="flex gap-2"
                iconClassName="mt-0.5 shrink-0 text-accent"
                items={goodToKnow}
              />
            </div>
          </aside>
        </div>
      </Section>

      <FeatureSection block={audiences} tone="muted" grid="sm:grid-cols-2 lg:grid-cols-4" />

      <Section id="apres-achat">
        <Split
          className="gap-10 lg:grid-cols-2"
          media={
            <Illustration
              name="main-salon-homestylz"
              alt={'Salon aménagé par homestylz\u00a0: canapé, lampadaire, tableau et plante verte'}
              className="h-auto w-full rounded-box shadow-sm"
            />
          }
        >
          <BlockTitle
            title="Après l’achat, un logement prêt à vivre"
            lead={
              <>
                Avec {company.homestylzBrand}, notre marque dédiée au home staging et à la
                décoration, vous profitez de conseils d’aménagement, de packs décoration et
                d’artisans de confiance pour vos travaux. Une continuité appréciable lorsqu’on vient
                d’acheter.
              </>
            }
          />
          <ActionRow className="mt-7">
            <Link href="/homestylz" className="btn btn-outline btn-primary">
              Découvrir homestylz
            </Link>
            <Link href="/homestylz/services#tarifs" className="btn btn-ghost">
              Tarifs homestylz <ArrowRightIcon />
            </Link>
          </ActionRow>
        </Split>
      </Section>

      <section className="pb-16 sm:pb-20" aria-labelledby="services-cta-titre">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="grid gap-8 rounded-box bg-primary p-8 text-primary-content sm:p-12 md:grid-cols-[1fr_auto] md:items-center">
            <div>
              <h2 id="services-cta-titre" className="text-3xl font-semibold">
                Des honoraires au succès, un barème public
              </h2>
              <p className="mt-3 max-w-2xl text-primary-content/85">
                Vous ne payez rien avant la signature de l’acte authentique. Consultez notre barème
                d’honoraires TTC, puis décrivez votre projet&nbsp;: c’est gratuit et sans
                engagement.
              </p>
              <p className="mt-3 flex items-center gap-2 text-sm text-primary-content/75">
                <ShieldIcon className="shrink-0" /> Carte professionnelle n°{' '}
                {company.professionalCard.number}
              </p>
            </div>
            <div className="flex flex-col gap-3">
              <Link href="/signup" className="btn btn-secondary btn-lg">
                Décrire mon projet
              </Link>
              <Link href="/tarifs#tarifs" className={outlineOnDark}>
                Consulter le barème
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
