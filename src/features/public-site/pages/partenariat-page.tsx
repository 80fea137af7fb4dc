import { Link } from 'wouter';
import { company } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { SIGNUP_MINUTES, minutesText } from '../../../domain/form-duration';
import {
  ArrowRightIcon,
  CheckList,
  EuroIcon,
  HandshakeIcon,
  HomeIcon,
  KeyIcon,
  SearchIcon,
  Section,
  ShieldIcon,
  UsersIcon,
  StepsSection,
} from '../../../ui';
import type { StepsBlock } from '../../../ui';
import {
  BlockTitle,
  CtaBand,
  FeatureList,
  Split,
  PageHeader,
  circleSteps,
  FeatureSection,
} from '../../../ui/page-blocks';
import type { Feature, FeatureBlock, PageHeaderContent } from '../../../ui/page-blocks';
import { Illustration } from '../../../ui/illustration';

/** Address shown in the partner-link example, without the scheme. */
const siteHost = company.siteUrl.replace(/^https?:\/\//, '');

const partners: Feature[] = [
  {
    icon: <EuroIcon />,
    title: 'Courtiers en crédit',
    text: 'Vos emprunteurs ont un accord de principe\u00a0? Nous trouvons le bien\u00a0; vous finalisez le financement.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Notaires',
    text: 'Des dossiers complets et des acquéreurs préparés, pour des avant-contrats et des actes sereins.',
  },
  {
    icon: <SearchIcon />,
    title: 'Diagnostiqueurs',
    text: 'Des diagnostics lus et expliqués aux acheteurs, et des missions confiées par nos vendeurs.',
  },
  {
    icon: <HomeIcon />,
    title: 'Artisans et maîtres d’œuvre',
    text: 'Chiffrages avant offre, travaux après l’achat\u00a0: nos clients ont besoin de professionnels fiables.',
  },
  {
    icon: <UsersIcon />,
    title: 'Gestionnaires de patrimoine',
    text: 'Résidence principale ou investissement locatif, nous cherchons le bien qui s’inscrit dans la stratégie définie avec vous.',
  },
  {
    icon: <KeyIcon />,
    title: 'Agences de relocation',
    text: 'Salariés en mobilité, expatriés de retour\u00a0: nous prenons en charge leur recherche à l’achat, visites à distance comprises.',
  },
];

const commitments: FeatureBlock = {
  id: 'engagements',
  title: 'Nos engagements envers vos clients',
  features: [
    {
      icon: <HandshakeIcon />,
      title: 'Liberté de choix',
      text: 'Votre client reste libre de ses décisions et de ses prestataires, y compris du choix de son notaire et de son établissement de crédit.',
    },
    {
      icon: <EuroIcon />,
      title: 'Transparence',
      text: 'Des honoraires connus dès le départ, inscrits dans le mandat et dus uniquement à la signature de l’acte authentique.',
    },
    {
      icon: <ShieldIcon />,
      title: 'Confidentialité',
      text: 'Les informations de votre client ne sont partagées qu’avec son accord et pour les besoins de son projet.',
    },
  ],
};

const referralSteps: StepsBlock = {
  id: 'recommandation',
  title: 'Comment fonctionne la recommandation ?',
  intro:
    'Un fonctionnement simple, formalisé par écrit, sans démarche administrative pour vos clients.',
  steps: [
    {
      title: 'Nous faisons connaissance',
      text: 'Un échange pour comprendre votre activité et votre clientèle, puis une convention de partenariat écrite qui fixe le cadre de notre collaboration.',
    },
    {
      title: 'Vous recevez votre code partenaire',
      text: 'Un code personnel, à transmettre à vos clients avec le lien d’inscription. Il permet de savoir que le client vient de vous.',
    },
    {
      title: 'Votre client décrit son projet',
      text: `Il s’inscrit en ${minutesText(SIGNUP_MINUTES)} avec votre code. Un chasseur le contacte sous 48 heures et prend le projet en charge.`,
    },
    {
      title: 'Nous vous tenons informé',
      text: 'Avec l’accord de votre client, nous vous informons des grandes étapes, et nous vous recommandons à notre tour pour votre métier.',
    },
  ],
};

const header: PageHeaderContent = {
  eyebrow: 'Devenir partenaire',
  title: 'Recommandez vos clients à un chasseur immobilier de confiance',
  lead: 'Courtiers, notaires, artisans, conseillers en patrimoine : vos clients ont des projets immobiliers. Confiez-nous leur recherche, vous restez leur interlocuteur pour votre métier.',
  actions: [{ href: '/contact', label: 'Proposer un partenariat' }],
};

export default function PartenariatPage() {
  return (
    <>
      <PageHeader {...header} />

      <Section id="partenaires">
        <Split
          className="gap-10 lg:grid-cols-[1fr_24rem]"
          media={
            <Illustration
              name="main-reseau-partenaires"
              className="mx-auto h-auto w-full max-w-md rounded-box"
            />
          }
        >
          <BlockTitle
            title="Un réseau au service de l’acheteur"
            lead={
              <>
                Un achat immobilier mobilise de nombreux métiers. Depuis {companyLegal.foundedYear},
                nous travaillons avec des professionnels d’Île-de-France que nous recommandons à nos
                clients, et qui nous recommandent aux leurs. Chacun intervient dans son domaine de
                compétence, au bénéfice du même projet.
              </>
            }
          />
          <CheckList
            className="mt-6 space-y-3 text-base-content/80"
            items={[
              'Des clients accompagnés par un professionnel titulaire de la carte «\u00a0Transactions\u00a0»',
              'Un interlocuteur identifié pour chacun de vos clients',
              'Des recommandations réciproques, dans le respect de vos règles professionnelles',
            ]}
          />
        </Split>

        <h3 className="mt-16 text-2xl font-semibold">
          Les professionnels avec qui nous travaillons
        </h3>
        <FeatureList
          features={partners}
          className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        />
      </Section>

      <StepsSection block={referralSteps} tone="muted" look={circleSteps}>
        <p className="mt-8 max-w-3xl text-sm text-base-content/70">
          Lorsque la réglementation de votre profession le permet, la convention de partenariat
          précise l’éventuelle rémunération de vos recommandations. Elle n’a aucune incidence sur
          les honoraires de vos clients, qui restent ceux de notre barème public.
        </p>
      </StepsSection>

      <Section id="code-partenaire">
        <Split className="gap-10 lg:grid-cols-2" media={<PartnerLinkExample />}>
          <BlockTitle
            title="Votre code partenaire"
            lead={
              'Chaque partenaire dispose d’un code qui lui est propre. Vos clients l’utilisent au moment de s’inscrire\u00a0: il suffit d’ajouter votre code à l’adresse de la page d’inscription.'
            }
          />
          <CheckList
            className="mt-6 space-y-3 text-base-content/80"
            items={[
              `Votre client décrit son projet en ${minutesText(SIGNUP_MINUTES)}, gratuitement.`,
              'Le code est rattaché automatiquement à son dossier.',
              'Vous pouvez le partager par e-mail, sur une carte de visite ou un QR code.',
            ]}
          />
        </Split>
      </Section>

      <FeatureSection block={commitments} tone="muted" grid="md:grid-cols-3" />

      <CtaBand
        id="partenariat-cta-titre"
        layout="side"
        title="Travaillons ensemble"
        text={
          <>
            Présentez-nous votre activité&nbsp;: nous revenons vers vous pour un premier échange,
            sans engagement.
          </>
        }
      >
        <Link href="/contact" className="btn btn-secondary btn-lg shrink-0">
          Proposer un partenariat
          <ArrowRightIcon />
        </Link>
      </CtaBand>
    </>
  );
}

/** The partner link, shown in a browser-like frame. */
function PartnerLinkExample() {
  return (
    <figure className="rounded-box border border-base-300 bg-base-200 p-5 sm:p-7">
      <div className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
        <div
          className="flex items-center gap-2 border-b border-base-300 px-4 py-3"
          aria-hidden="true"
        >
          <span className="size-2.5 rounded-full bg-base-300" />
          <span className="size-2.5 rounded-full bg-base-300" />
          <span className="size-2.5 rounded-full bg-base-300" />
        </div>
        <div className="px-4 py-6 sm:px-6">
          <p className="text-sm text-base-content/70">Lien à transmettre à vos clients</p>
          <p className="mt-2 break-words rounded-field bg-base-200 px-3 py-2.5 font-mono text-sm sm:text-base">
            {siteHost}
            <wbr />
            /signup/
            <wbr />
            <span className="font-semibold text-secondary-strong">VOTRE-CODE</span>
          </p>
          <p className="mt-4 text-sm text-base-content/70">
            Exemple&nbsp;: avec le code <span className="font-mono font-semibold">DUPONT75</span>,
            le lien devient
          </p>
          <p className="mt-1 break-words font-mono text-sm text-base-content/80">
            {siteHost}
            <wbr />
            /signup/DUPONT75
          </p>
        </div>
      </div>
      <figcaption className="mt-4 text-sm text-base-content/70">
        Le code vous est communiqué à la signature de la convention de partenariat.
      </figcaption>
    </figure>
  );
}
