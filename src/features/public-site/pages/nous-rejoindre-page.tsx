import { Link } from 'wouter';
import { company } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import {
  ArrowRightIcon,
  CheckList,
  ChatIcon,
  EuroIcon,
  HandshakeIcon,
  SearchIcon,
  Section,
  ShieldIcon,
  SparkleIcon,
  UsersIcon,
  StepsSection,
} from '../../../ui';
import type { StepsBlock } from '../../../ui';
import {
  BlockTitle,
  CtaBand,
  Split,
  PageHeader,
  cardSteps,
  FeatureSection,
} from '../../../ui/page-blocks';
import type { FeatureBlock, PageHeaderContent } from '../../../ui/page-blocks';
import { Illustration } from '../../../ui/illustration';

const profile = [
  'Vous connaissez finement un ou plusieurs secteurs de Paris, des Hauts-de-Seine, de la Seine-Saint-Denis, du Val-de-Marne ou de l’Essonne.',
  'Vous avez une expérience en transaction immobilière, en banque, en gestion de patrimoine ou dans la vente de services exigeants. Les reconversions motivées sont les bienvenues.',
  'Vous aimez le terrain, l’analyse et la négociation, et vous savez dire à un client qu’un bien n’est pas le bon.',
  'Vous êtes autonome et organisé, à l’aise avec les outils numériques et attaché à un travail soigné.',
];

const offers: FeatureBlock = {
  id: 'ce-que-nous-offrons',
  title: 'Ce que nous vous offrons',
  intro:
    'Vous êtes indépendant, mais pas seul : nous vous donnons un cadre, des outils et des clients.',
  features: [
    {
      icon: <SparkleIcon />,
      title: 'Une formation complète',
      text: 'Méthode de recherche, analyse de copropriété, négociation, aspects juridiques\u00a0: une formation de démarrage, puis la formation continue obligatoire prévue par la loi ALUR.',
    },
    {
      icon: <SearchIcon />,
      title: 'Des outils métier',
      text: 'Suivi des clients et des biens, alertes sur les nouvelles annonces, modèles de comptes rendus de visite, espace client partagé.',
    },
    {
      icon: <UsersIcon />,
      title: 'Des clients qualifiés',
      text: 'Les acheteurs décrivent leur projet en ligne et indiquent leur apport et l’état de leur financement\u00a0: vous commencez sur des bases claires.',
    },
    {
      icon: <ShieldIcon />,
      title: 'Le statut d’agent commercial',
      text: `Vous exercez en indépendant, immatriculé au registre spécial des agents commerciaux, avec une attestation d’habilitation rattachée à la carte professionnelle de ${companyLegal.legalName}.`,
    },
    {
      icon: <EuroIcon />,
      title: 'Une rémunération motivante',
      text: 'Une commission proportionnelle aux honoraires encaissés sur vos dossiers, définie dans votre contrat d’agent commercial.',
    },
    {
      icon: <HandshakeIcon />,
      title: 'Un réseau et une équipe',
      text: 'Courtiers, notaires, artisans et notre marque de home staging homestylz, ainsi que des points réguliers avec les autres chasseurs.',
    },
  ],
};

const recruitmentSteps: StepsBlock = {
  id: 'recrutement',
  title: 'Comment se déroule le recrutement ?',
  intro:
    'Quatre étapes pour vérifier ensemble que le métier et notre façon de l’exercer vous correspondent.',
  steps: [
    {
      title: 'Votre candidature',
      text: 'Écrivez-nous depuis la page contact en précisant votre parcours et les secteurs que vous connaissez. Joignez votre CV si vous le souhaitez.',
    },
    {
      title: 'Un premier entretien',
      text: 'Un échange d’une heure environ pour parler de votre projet, de notre méthode et des conditions de collaboration.',
    },
    {
      title: 'Une journée sur le terrain',
      text: 'Vous accompagnez un chasseur de l’équipe : pré-visites, rendez-vous client, échanges avec des agences. De quoi vous faire une idée précise du métier.',
    },
    {
      title: 'Votre intégration',
      text: 'Contrat d’agent commercial, attestation d’habilitation, formation de démarrage, puis vos premiers clients, accompagné d’un référent.',
    },
  ],
};

const header: PageHeaderContent = {
  eyebrow: 'Nous rejoindre',
  title: 'Devenez chasseur immobilier en Île-de-France',
  lead: 'Vous aimez l’immobilier, le contact et la négociation ? Rejoignez une équipe qui défend les intérêts des acheteurs, avec une méthode, des outils et des clients déjà qualifiés.',
  actions: [{ href: '/contact', label: 'Envoyer ma candidature' }],
};

export default function NousRejoindrePage() {
  return (
    <>
      <PageHeader {...header} />

      <Section id="profil">
        <Split
          className="gap-12 lg:grid-cols-[1fr_24rem]"
          media={
            <Illustration
              name="main-carte-recherche"
              className="mx-auto h-auto w-full max-w-md rounded-box"
            />
          }
        >
          <BlockTitle
            title="Le profil que nous recherchons"
            lead="Le métier de chasseur demande autant de rigueur que de sens relationnel. Plus que le diplôme, nous regardons votre connaissance du terrain et votre façon de travailler."
          />
          <CheckList
            className="mt-6 space-y-4"
            itemClassName="flex gap-3 text-base-content/80"
            items={profile}
          />
        </Split>
      </Section>

      <FeatureSection block={offers} tone="muted" grid="md:grid-cols-2 lg:grid-cols-3" />

      <StepsSection block={recruitmentSteps} look={cardSteps}>
        <div className="mt-10 flex gap-4 rounded-box border border-base-300 bg-base-200 p-6">
          <ChatIcon className="mt-0.5 shrink-0 text-2xl text-primary" />
          <p className="text-sm text-base-content/80">
            <strong className="font-semibold text-base-content">Bon à savoir&nbsp;:</strong>{' '}
            l’exercice du métier pour le compte d’une agence suppose une attestation d’habilitation,
            délivrée par la {company.professionalCard.issuer} à la demande du titulaire de la carte
            professionnelle, et une immatriculation au registre spécial des agents commerciaux
            (RSAC). Nous vous accompagnons dans ces démarches.
          </p>
        </div>
      </StepsSection>

      <CtaBand
        id="rejoindre-cta-titre"
        layout="side"
        title={<>Envie de nous rejoindre&nbsp;?</>}
        text="Parlez-nous de votre parcours et de vos secteurs. Nous répondons à chaque candidature."
      >
        <Link href="/contact" className="btn btn-secondary btn-lg shrink-0">
          Envoyer ma candidature
          <ArrowRightIcon />
        </Link>
      </CtaBand>
    </>
  );
}
