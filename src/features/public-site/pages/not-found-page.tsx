import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../../../domain/company';
import {
  ArrowRightIcon,
  ChatIcon,
  EuroIcon,
  Eyebrow,
  IconCircle,
  HomeIcon,
  MailIcon,
  SearchIcon,
  SparkleIcon,
} from '../../../ui';
import { Illustration } from '../../../ui/illustration';

interface Destination {
  href: string;
  title: string;
  text: string;
  icon: ReactNode;
}

const destinations: Destination[] = [
  { href: '/', title: 'Accueil', text: 'Découvrir la chasse immobilière', icon: <HomeIcon /> },
  {
    href: '/services',
    title: 'Nos services',
    text: 'De la recherche à l’acte',
    icon: <SearchIcon />,
  },
  {
    href: '/tarifs#tarifs',
    title: 'Tarifs',
    text: 'Notre barème d’honoraires TTC',
    icon: <EuroIcon />,
  },
  {
    href: '/homestylz',
    title: company.homestylzBrand,
    text: 'Home staging et décoration',
    icon: <SparkleIcon />,
  },
  {
    href: '/aide/faq',
    title: 'Questions fréquentes',
    text: 'Les réponses essentielles',
    icon: <ChatIcon />,
  },
  { href: '/contact', title: 'Contact', text: 'Écrivez-nous ou appelez-nous', icon: <MailIcon /> },
];

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 pb-20 pt-28 sm:px-6 lg:pt-36">
      <div className="flex flex-col items-center text-center">
        <Illustration name="help-not-found" className="w-52 sm:w-64" load="eager" />
        <Eyebrow className="mt-6">Erreur 404</Eyebrow>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Page introuvable</h1>
        <p className="mt-5 max-w-xl text-lg text-base-content/75">
          La page que vous cherchez n’existe pas ou a été déplacée. Vérifiez l’adresse saisie, ou
          repartez de l’une de ces pages&nbsp;:
        </p>
      </div>
      <ul className="mt-10 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {destinations.map((destination) => (
          <li key={destination.href}>
            <Link
              href={destination.href}
              className="group flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4 transition hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <IconCircle className="inline-flex size-10 shrink-0 text-xl">
                {destination.icon}
              </IconCircle>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{destination.title}</span>
                <span className="block text-sm text-base-content/70">{destination.text}</span>
              </span>
              <ArrowRightIcon className="shrink-0 text-primary opacity-60 transition group-hover:translate-x-0.5 group-hover:opacity-100" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
