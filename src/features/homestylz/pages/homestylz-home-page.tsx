import { Link } from 'wouter';
import { company } from '../../../domain/company';
import { formatEuro } from '../../../domain/format';
import { homestylzOffers, unitLabel } from '../../../domain/homestylz-offers';
import {
  ArrowRightIcon,
  CheckIcon,
  EuroIcon,
  HandshakeIcon,
  HomeIcon,
  KeyIcon,
  MailIcon,
  Section,
  SparkleIcon,
  UsersIcon,
  StepsSection,
  Eyebrow,
} from '../../../ui';
import type { StepsBlock } from '../../../ui';
import { CtaCallLink, CtaLink, lineSteps, FeatureSection } from '../../../ui/page-blocks';
import type { FeatureBlock } from '../../../ui/page-blocks';
import { Illustration } from '../../../ui/illustration';

const benefits: FeatureBlock = {
  id: 'home-staging',
  title: 'Le home staging, l’art de donner envie',
  intro:
    'Préparer un logement pour la vente ou la location, ce n’est pas le redécorer à son goût\u00a0: c’est désencombrer, réagencer, rafraîchir et mettre en lumière ses atouts pour que le plus grand nombre s’y sente déjà chez soi.',
  features: [
    {
      icon: <SparkleIcon />,
      title: 'Une annonce qui se remarque',
      text: 'Des pièces claires, rangées et chaleureuses donnent des photos qui arrêtent le regard parmi des dizaines d’annonces.',
    },
    {
      icon: <HomeIcon />,
      title: 'Des visiteurs qui se projettent',
      text: 'Un intérieur neutre et harmonieux laisse chacun imaginer sa propre vie dans les lieux, plutôt que de voir la vôtre.',
    },
    {
      icon: <EuroIcon />,
      title: 'Un prix mieux défendu',
      text: 'Un bien soigné offre moins d’arguments à la négociation\u00a0: les défauts visibles ne servent plus à faire baisser le prix.',
    },
    {
      icon: <CheckIcon />,
      title: 'Un budget connu d’avance',
      text: 'Des forfaits TTC affichés, un devis ferme avant toute intervention, et vos meubles réutilisés chaque fois que c’est possible.',
    },
  ],
};

const audiences: FeatureBlock = {
  id: 'pour-qui',
  title: 'Pour qui\u202f?',
  intro: 'Un même savoir-faire, trois façons de l’utiliser.',
  features: [
    {
      icon: <KeyIcon />,
      title: 'Vous vendez',
      text: 'Votre bien, habité ou vide, est préparé pour les photos et les visites, sans travaux lourds et dans un budget maîtrisé.',
    },
    {
      icon: <HomeIcon />,
      title: 'Vous louez',
      text: 'Nous décorons et meublons votre logement pour attirer des locataires soigneux et réduire la vacance entre deux baux.',
    },
    {
      icon: <UsersIcon />,
      title: 'Vous êtes un professionnel',
      text: 'Agences, promoteurs, marchands de biens, investisseurs\u00a0: un partenaire déco fiable pour tous vos biens.',
    },
  ],
};

const steps: StepsBlock = {
  id: 'methode',
  title: 'Notre méthode en quatre temps',
  intro: 'De la première visite aux photos de l’annonce, une seule équipe vous accompagne.',
  steps: [
    {
      title: 'Visite conseil',
      text: 'Une décoratrice découvre votre bien, écoute votre projet et repère ce qui freine le coup de cœur.',
    },
    {
      title: 'Projet',
      text: 'Vous recevez un plan d’action pièce par pièce, une planche d’ambiance et un devis ferme à valider.',
    },
    {
      title: 'Mise en scène',
      text: 'Le jour J, nous réagençons, apportons linge, accessoires ou mobilier et soignons chaque détail.',
    },
    {
      title: 'Photos',
      text: 'Un photographe spécialisé en intérieur immortalise le résultat, prêt pour votre annonce.',
    },
  ],
};

/** 'Chasseur immobilier en Île-de-France' → 'chasseur immobilier en Île-de-France'. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const packs = homestylzOffers.filter((offer) => offer.unit === 'forfait');
const perUnitOffers = homestylzOffers.filter((offer) => offer.unit !== 'forfait');

/** Home page of the homestylz sub-brand (/homestylz). */
export default function HomestylzHomePage() {
  return (
    <>
      <Hero />

      <FeatureSection block={benefits} grid="sm:grid-cols-2 lg:grid-cols-4" />

      <FeatureSection block={audiences} tone="muted" grid="md:grid-cols-3" />

      <StepsSection block={steps} look={lineSteps} />

      <Section
        id="offres"
        tone="muted"
        title="Des forfaits clairs, des prix affichés"
        intro="Tous nos prix sont TTC et connus avant toute intervention. Choisissez le pack qui correspond à votre bien."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {packs.map((offer) => (
            <li
              key={offer.id}
              className={`flex flex-col rounded-box border bg-base-100 p-6 shadow-sm ${
                offer.featured ? 'border-primary ring-1 ring-primary' : 'border-base-300'
              }`}
            >
              <p className="text-xs font-semibold uppercase tracking-widest text-secondary-strong">
                {offer.packname}
              </p>
              <h3 className="mt-2 text-2xl font-semibold">{offer.name}</h3>
              <p className="mt-3">
                <span className="font-display text-3xl font-semibold text-primary">
                  {formatEuro(offer.price)}
                </span>{' '}
                <span className="text-sm text-base-content/70">TTC {unitLabel(offer)}</span>
              </p>
              <p className="mt-3 flex-1 text-sm text-base-content/75">{offer.summary}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-2xl text-base-content/75">
            Également&nbsp;:{' '}
            {perUnitOffers.map((offer, index) => (
              <span key={offer.id}>
                {index > 0 ? ' et ' : ''}
                {offer.name.toLowerCase()} à {formatEuro(offer.price)} TTC {unitLabel(offer)}
              </span>
            ))}
            .
          </p>
          <Link href="/homestylz/services#tarifs" className="btn btn-outline btn-primary shrink-0">
            Voir le détail des tarifs
            <ArrowRightIcon />
          </Link>
        </div>
      </Section>

      <ProTeaser />

      <Section id="chassimmo">
        <div className="grid items-center gap-8 rounded-box border border-base-300 bg-base-200 p-8 sm:p-10 md:grid-cols-[1fr_auto]">
          <div>
            <Eyebrow>Une marque de {company.brand}</Eyebrow>
            <h2 className="mt-2 text-2xl font-semibold sm:text-3xl">
              Vous cherchez aussi votre prochain bien&#x202f;?
            </h2>
            <p className="mt-3 max-w-2xl text-base-content/75">
              {company.homestylzBrand} est la marque décoration de {company.brand},{' '}
              {lowerFirst(company.tagline)}. Nos chasseurs trouvent le bien qui vous
              correspond&#x202f;; nos décoratrices l’aident à vous ressembler.
            </p>
          </div>
          <Link href="/" className="btn btn-ghost border-base-300 bg-base-100">
            Découvrir {company.brand}
            <ArrowRightIcon />
          </Link>
        </div>
      </Section>

      <ClosingCta />
    </>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="homestylz-titre"
      className="relative overflow-hidden bg-neutral text-neutral-content"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-40 -top-40 size-[32rem] rounded-full bg-primary/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-48 -left-32 size-[28rem] rounded-full bg-secondary/25 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-28 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pb-24 lg:pt-36">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">
            Home staging &amp; décoration · Paris et Île-de-France
          </p>
          <h1
            id="homestylz-titre"
            className="mt-4 text-4xl font-semibold leading-tight sm:text-5xl lg:text-6xl"
          >
            Révélez tout le potentiel <em className="font-normal text-accent">de votre bien</em>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-neutral-content/80">
            Vendre plus sereinement, louer sans attendre, ou simplement se sentir enfin chez
            soi&nbsp;: nos décoratrices mettent en scène votre intérieur pour que chacun s’y
            projette dès la première photo.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href="/homestylz/contact" className="btn btn-primary btn-lg">
              Demander un devis
            </Link>
            <Link
              href="/homestylz/services#tarifs"
              className="btn btn-lg btn-outline border-neutral-content/40 text-neutral-content hover:border-neutral-content hover:bg-neutral-content hover:text-neutral"
            >
              Voir nos tarifs
            </Link>
          </div>
          <ul
            className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm text-neutral-content/80"
            aria-label="Nos clients"
          >
            {['Vendeurs', 'Propriétaires bailleurs', 'Professionnels de l’immobilier'].map(
              (who) => (
                <li key={who} className="inline-flex items-center gap-2">
                  <CheckIcon className="text-accent" />
                  {who}
                </li>
              ),
            )}
          </ul>
        </div>
        <div className="mx-auto w-full max-w-sm sm:max-w-md lg:max-w-none">
          <Illustration
            name="homestylz-hero"
            alt="Illustration d’un salon mis en scène&nbsp;: canapé terracotta, coussins, lampe, plante, tableaux et tapis"
            className="h-auto w-full"
            load="first"
          />
        </div>
      </div>
    </section>
  );
}

function ProTeaser() {
  return (
    <section aria-labelledby="pro-titre" className="bg-secondary text-secondary-content">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 md:grid-cols-2">
        <Illustration
          name="homestylz-bedroom"
          alt="Illustration d’une chambre meublée et décorée, prête à louer"
          className="order-last h-auto w-full max-w-md justify-self-center md:order-first"
        />
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-secondary-content/80">
            Offre professionnels
          </p>
          <h2 id="pro-titre" className="mt-2 text-3xl font-semibold sm:text-4xl">
            Professionnels de l’immobilier, gagnez un partenaire déco
          </h2>
          <p className="mt-4 text-lg text-secondary-content/85">
            Agents immobiliers, promoteurs, marchands de biens, investisseurs et gestionnaires
            locatifs&nbsp;: tarifs dégressifs au volume, home staging virtuel, photos et ameublement
            clé en main pour la location.
          </p>
          <Link
            href="/homestylz/pro"
            className="btn mt-8 border-0 bg-base-100 text-base-content hover:bg-base-200"
          >
            <HandshakeIcon />
            Découvrir l’offre pro
          </Link>
        </div>
      </div>
    </section>
  );
}

function ClosingCta() {
  return (
    <section aria-labelledby="devis-titre" className="bg-primary text-primary-content">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <h2 id="devis-titre" className="mx-auto max-w-2xl text-3xl font-semibold sm:text-4xl">
          Parlons de votre intérieur
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-primary-content/85">
          Décrivez-nous votre bien et votre calendrier&nbsp;: nous vous proposons la formule la plus
          juste, avec un devis ferme et sans engagement.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <CtaLink href="/homestylz/contact">Demander un devis</CtaLink>
          <CtaCallLink>{company.phone}</CtaCallLink>
        </div>
        <p className="mt-6 text-sm text-primary-content/85">
          Ou écrivez-nous à{' '}
          <a
            href={`mailto:${company.homestylzEmail}`}
            className="link inline-flex items-center gap-1"
          >
            <MailIcon />
            {company.homestylzEmail}
          </a>
        </p>
      </div>
    </section>
  );
}
