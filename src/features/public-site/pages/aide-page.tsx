import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company, fullAddress } from '../../../domain/company';
import {
  ArrowRightIcon,
  ChatIcon,
  ClockIcon,
  DocumentIcon,
  EuroIcon,
  IconCircle,
  MailIcon,
  PhoneIcon,
  PinIcon,
  ScaleIcon,
  ShieldIcon,
} from '../../../ui';
import { Illustration } from '../../../ui/illustration';
import { PageHeader } from '../../../ui/page-blocks';

interface HelpTopic {
  href: string;
  title: string;
  text: string;
  icon: ReactNode;
}

const topics: HelpTopic[] = [
  {
    href: '/aide/faq',
    title: 'Questions fréquentes',
    text: 'Honoraires, mandat de recherche, vente de votre bien, home staging, compte et application : les réponses aux questions que l’on nous pose le plus.',
    icon: <ChatIcon />,
  },
  {
    href: '/tarifs#tarifs',
    title: 'Barème d’honoraires',
    text: 'Nos honoraires TTC, tranche par tranche. Ils ne sont dus qu’à la signature de l’acte authentique, jamais avant.',
    icon: <EuroIcon />,
  },
  {
    href: '/aide/conditions-generales',
    title: 'Conditions générales',
    text: 'Les règles du mandat de recherche et les conditions de vente des packs homestylz achetés en ligne, dont votre droit de rétractation.',
    icon: <DocumentIcon />,
  },
  {
    href: '/aide/mentions-legales',
    title: 'Mentions légales',
    text: 'Qui édite ce site : société, carte professionnelle, assurance, médiateur de la consommation et hébergeur.',
    icon: <ScaleIcon />,
  },
  {
    href: '/aide/politique-confidentialite',
    title: 'Confidentialité et cookies',
    text: 'Les données que nous recueillons, pourquoi, combien de temps nous les gardons et comment exercer vos droits.',
    icon: <ShieldIcon />,
  },
  {
    href: '/contact',
    title: 'Nous contacter',
    text: 'Une question sur votre projet ou sur une commande ? Écrivez-nous : un chasseur immobilier vous répond rapidement.',
    icon: <MailIcon />,
  },
];

/** The ways to reach the team, as a list of terms (the icon and a label for screen readers). */
const ways = [
  {
    icon: <PhoneIcon />,
    label: 'Téléphone',
    plain: false,
    value: (
      <>
        <a href={`tel:${company.phoneE164}`} className="link link-hover text-lg font-semibold">
          {company.phone}
        </a>
        <p className="text-sm text-base-content/70">Appel non surtaxé</p>
      </>
    ),
  },
  {
    icon: <MailIcon />,
    label: 'E-mail',
    plain: false,
    value: (
      <>
        <a
          href={`mailto:${company.email}`}
          className="link link-hover text-lg font-semibold break-all"
        >
          {company.email}
        </a>
        <p className="text-sm text-base-content/70">
          homestylz&nbsp;:{' '}
          <a href={`mailto:${company.homestylzEmail}`} className="link link-hover">
            {company.homestylzEmail}
          </a>
        </p>
      </>
    ),
  },
  { icon: <ClockIcon />, label: 'Horaires d’ouverture', plain: true, value: company.openingHours },
  { icon: <PinIcon />, label: 'Adresse', plain: true, value: fullAddress },
];

function TopicCard({ topic }: { topic: HelpTopic }) {
  return (
    <Link
      href={topic.href}
      className="group flex h-full flex-col rounded-box border border-base-300 bg-base-100 p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <IconCircle>{topic.icon}</IconCircle>
      <h2 className="font-sans text-lg font-semibold">{topic.title}</h2>
      <p className="mt-2 flex-1 text-base-content/75">{topic.text}</p>
      <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
        Consulter
        <ArrowRightIcon className="transition group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}

export default function AidePage() {
  return (
    <>
      <PageHeader
        eyebrow="Centre d’aide"
        title="Comment pouvons-nous vous aider ?"
        lead="Retrouvez les réponses aux questions les plus fréquentes, nos conditions et nos engagements, ou contactez directement notre équipe."
      />

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Rubriques d’aide">
          {topics.map((topic) => (
            <li key={topic.href}>
              <TopicCard topic={topic} />
            </li>
          ))}
        </ul>
      </div>

      <section aria-labelledby="aide-joindre" className="bg-base-200 py-14 sm:py-16">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_20rem]">
          <div>
            <h2 id="aide-joindre" className="text-3xl font-semibold sm:text-4xl">
              Parler à quelqu’un
            </h2>
            <p className="mt-4 max-w-2xl text-lg text-base-content/75">
              Notre équipe vous répond par téléphone aux heures d’ouverture et par e-mail tous les
              jours ouvrés. Après une inscription ou un questionnaire propriétaire, un chasseur
              immobilier vous rappelle sous 48 heures.
            </p>
            <dl className="mt-8 grid gap-5 sm:grid-cols-2">
              {ways.map((way) => (
                <div key={way.label} className="flex gap-3">
                  <dt className="mt-0.5 text-xl text-primary">
                    {way.icon}
                    <span className="sr-only">{way.label}</span>
                  </dt>
                  <dd className={way.plain ? 'text-base-content/85' : undefined}>{way.value}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/contact" className="btn btn-primary">
                Écrire un message
              </Link>
              <a href={`tel:${company.phoneE164}`} className="btn btn-outline btn-primary">
                <PhoneIcon /> Appeler
              </a>
            </div>
          </div>
          <Illustration name="help-support" className="mx-auto hidden w-full max-w-80 sm:block" />
        </div>
      </section>
    </>
  );
}
