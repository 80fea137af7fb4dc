import { Link } from 'wouter';
import { company } from '../../../domain/company';
import {
  ArrowRightIcon,
  CheckList,
  BuildingIcon,
  CameraIcon,
  Eyebrow,
  EuroIcon,
  HandshakeIcon,
  HomeIcon,
  KeyIcon,
  MailIcon,
  PhoneIcon,
  Section,
  SparkleIcon,
  UsersIcon,
  StepsSection,
} from '../../../ui';
import type { StepsBlock } from '../../../ui';
import {
  BlockTitle,
  CtaLink,
  Split,
  PageHeader,
  lineSteps,
  FeatureSection,
} from '../../../ui/page-blocks';
import type { FeatureBlock, PageHeaderContent } from '../../../ui/page-blocks';
import { Illustration } from '../../../ui/illustration';

const audiences: FeatureBlock = {
  id: 'pour-qui',
  title: 'Vous êtes…',
  intro: 'Chaque métier a ses contraintes\u202f; notre offre s’adapte à la vôtre.',
  features: [
    {
      icon: <KeyIcon />,
      title: 'Agents immobiliers',
      text: 'Des mandats mis en valeur dès la prise de photos, un argument de plus pour convaincre vos vendeurs.',
    },
    {
      icon: <BuildingIcon />,
      title: 'Promoteurs',
      text: 'Appartements témoins, espaces de vente et visuels de programmes qui donnent vie aux plans.',
    },
    {
      icon: <HomeIcon />,
      title: 'Marchands de biens',
      text: 'Une mise en scène soignée après travaux, pour revendre un bien rénové sous son meilleur jour.',
    },
    {
      icon: <EuroIcon />,
      title: 'Investisseurs',
      text: 'Des logements meublés et décorés clé en main, prêts à louer, sans que vous ayez à vous déplacer.',
    },
    {
      icon: <UsersIcon />,
      title: 'Gestionnaires locatifs',
      text: 'Remise en beauté entre deux locataires, photos d’annonce et renouvellement du mobilier.',
    },
  ],
};

const solutions: FeatureBlock = {
  id: 'solutions',
  title: 'Nos solutions pour les professionnels',
  intro: 'Des prestations que vous pouvez combiner selon le bien, le budget et le calendrier.',
  features: [
    {
      icon: <EuroIcon />,
      title: 'Tarifs dégressifs au volume',
      text: 'Plusieurs biens par mois ou un programme entier\u00a0: nous établissons une grille tarifaire adaptée à votre activité, sur devis.',
    },
    {
      icon: <SparkleIcon />,
      title: 'Home staging virtuel',
      text: 'Vos photos de pièces vides meublées et décorées en images de synthèse réalistes. Nous livrons toujours la photo d’origine, et la mention «\u00a0aménagement virtuel\u00a0» accompagne les visuels.',
    },
    {
      icon: <CameraIcon />,
      title: 'Photographie immobilière',
      text: 'Un photographe spécialisé en intérieur, des retouches soignées et des formats prêts pour vos portails d’annonces.',
    },
    {
      icon: <KeyIcon />,
      title: 'Ameublement clé en main',
      text: 'Sélection, achat, livraison et montage du mobilier pour la location meublée, jusqu’à la pose du dernier cadre.',
    },
  ],
};

const furnishing = [
  'Mobilier et équipements conformes à la liste du décret n°\u00a02015-981 pour la location meublée',
  'Un budget par logement validé avec vous avant toute commande',
  'Réception des livraisons, montage et installation sur place',
  'Décoration, linge de maison et vaisselle\u00a0: le logement est prêt à vivre',
  'Reportage photo pour l’annonce de location',
];

const steps: StepsBlock = {
  id: 'collaboration',
  title: 'Comment nous travaillons ensemble',
  intro: 'Un cadre posé une fois, puis des interventions sans formalités à chaque nouveau bien.',
  steps: [
    {
      title: 'Premier échange',
      text: 'Vos volumes, vos types de biens, vos délais habituels\u00a0: nous comprenons votre façon de travailler.',
    },
    {
      title: 'Proposition sur mesure',
      text: 'Une grille de prix dégressive et un cahier des charges communs, valables pour tous vos dossiers.',
    },
    {
      title: 'Commandes simplifiées',
      text: 'Un message suffit pour lancer un bien\u00a0: une interlocutrice dédiée planifie et coordonne l’intervention.',
    },
    {
      title: 'Livraison et suivi',
      text: 'Photos, visuels et compte rendu livrés à chaque intervention, avec un point régulier sur vos dossiers.',
    },
  ],
};

/** How to reach the team, in the closing band. */
const contacts = [
  {
    href: `tel:${company.phoneE164}`,
    label: company.phone,
    icon: <PhoneIcon className="shrink-0 text-xl" />,
    wrap: '',
  },
  {
    href: `mailto:${company.homestylzEmail}`,
    label: company.homestylzEmail,
    icon: <MailIcon className="shrink-0 text-xl" />,
    wrap: 'break-all',
  },
];

const header: PageHeaderContent = {
  eyebrow: 'Offre professionnels',
  title: 'Le partenaire déco des professionnels de l’immobilier',
  lead: 'Home staging physique ou virtuel, photos, ameublement clé en main\u00a0: une équipe de décoratrices au service de vos biens, avec des tarifs pensés pour le volume.',
  actions: [
    { href: '/homestylz/contact', label: 'Demander un devis pro' },
    { href: '#solutions', label: 'Nos solutions' },
  ],
};

/** Offer for real-estate professionals (/homestylz/pro). */
export default function HomestylzProPage() {
  return (
    <>
      <PageHeader {...header} />

      <FeatureSection block={audiences} grid="sm:grid-cols-2 lg:grid-cols-3">
        <li className="flex flex-col justify-center rounded-box bg-primary p-6 text-primary-content">
          <p className="font-display text-2xl font-semibold">Un autre métier&#x202f;?</p>
          <p className="mt-2 text-primary-content/85">
            Syndics, conciergeries, résidences de services&nbsp;: parlons de votre besoin.
          </p>
          <Link
            href="/homestylz/contact"
            className="btn mt-5 self-start border-0 bg-base-100 text-base-content hover:bg-base-200"
          >
            Nous écrire
            <ArrowRightIcon />
          </Link>
        </li>
      </FeatureSection>

      <FeatureSection block={solutions} tone="muted" grid="sm:grid-cols-2" />

      <Section>
        <Split
          className="gap-12 lg:grid-cols-2"
          mediaFirst
          media={
            <Illustration
              name="homestylz-bedroom"
              alt="Illustration d’une chambre meublée et décorée, prête à louer, avec ses clés sur la table de chevet"
              className="mx-auto h-auto w-full max-w-lg"
            />
          }
        >
          <BlockTitle
            eyebrow={<Eyebrow>Location meublée</Eyebrow>}
            id="cle-en-main-titre"
            title="Un logement prêt à louer, les clés en main"
            lead={
              'Vous achetez pour louer\u202f? Nous transformons un logement nu en meublé confortable et cohérent, pensé pour plaire aux locataires et résister à l’usage.'
            }
          />
          <CheckList
            className="mt-6 space-y-3"
            iconClassName="mt-1 shrink-0 text-secondary-strong"
            items={furnishing}
          />
        </Split>
      </Section>

      <StepsSection block={steps} tone="muted" look={lineSteps} />

      <section aria-labelledby="devis-pro-titre" className="bg-primary text-primary-content">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20 md:grid-cols-[1.4fr_1fr] md:items-center">
          <div>
            <h2 id="devis-pro-titre" className="text-3xl font-semibold sm:text-4xl">
              Parlons de vos prochains biens
            </h2>
            <p className="mt-4 max-w-xl text-lg text-primary-content/85">
              Dites-nous combien de biens vous confiez chaque mois et de quoi ils ont besoin&nbsp;:
              nous vous adressons une proposition tarifaire sur mesure, sans engagement.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <CtaLink href="/homestylz/contact">
                <HandshakeIcon />
                Demander un devis pro
              </CtaLink>
            </div>
          </div>
          <ul className="space-y-4 rounded-box border border-primary-content/25 bg-primary-content/10 p-6">
            {contacts.map((contact) => (
              <li key={contact.href}>
                <a
                  href={contact.href}
                  className={`flex items-center gap-3 hover:underline ${contact.wrap}`}
                >
                  {contact.icon}
                  {contact.label}
                </a>
              </li>
            ))}
            <li className="border-t border-primary-content/25 pt-4 text-sm text-primary-content">
              Agent immobilier&#x202f;? Découvrez aussi le{' '}
              <Link href="/partenariat" className="link">
                réseau de partenaires {company.brand}
              </Link>
              .
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
