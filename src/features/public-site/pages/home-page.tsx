import { Link } from 'wouter';
import { company } from '../../../domain/company';
import { MINIMUM_FEE_TTC, buyerFeeScale } from '../../../domain/fees';
import { formatEuro, formatPercent } from '../../../domain/format';
import { SIGNUP_MINUTES, minutesText } from '../../../domain/form-duration';
import { KEPT_DEPARTMENTS } from '../../../domain/geography';
import {
  ArrowRightIcon,
  ActionRow,
  Callout,
  CheckList,
  Eyebrow,
  ClockIcon,
  EuroIcon,
  FeatureCard,
  HandshakeIcon,
  KeyIcon,
  raisedSteps,
  outlineOnDark,
  PhoneIcon,
  SearchIcon,
  Section,
  ShieldIcon,
  SparkleIcon,
  UsersIcon,
  StepsSection,
} from '../../../ui';
import type { StepsBlock } from '../../../ui';
import { Illustration } from '../../../ui/illustration';

type DepartmentCode = (typeof KEPT_DEPARTMENTS)[number];

const departmentInfo: Record<DepartmentCode, { name: string; places: string }> = {
  '75': {
    name: 'Paris',
    places:
      'Les vingt arrondissements, du Marais aux Batignolles, de Montmartre à la Butte-aux-Cailles.',
  },
  '92': {
    name: 'Hauts-de-Seine',
    places:
      'Boulogne-Billancourt, Neuilly-sur-Seine, Levallois-Perret, Issy-les-Moulineaux, Rueil-Malmaison…',
  },
  '93': {
    name: 'Seine-Saint-Denis',
    places: 'Montreuil, Saint-Ouen-sur-Seine, Pantin, Les Lilas, Le Raincy…',
  },
  '94': {
    name: 'Val-de-Marne',
    places: 'Vincennes, Saint-Mandé, Nogent-sur-Marne, Saint-Maur-des-Fossés, Charenton-le-Pont…',
  },
  '91': { name: 'Essonne', places: 'Massy, Palaiseau, Gif-sur-Yvette, Orsay, Montgeron…' },
};

const departments = KEPT_DEPARTMENTS.map((code) => ({ code, ...departmentInfo[code] }));

const steps: StepsBlock = {
  id: 'fonctionnement',
  title: 'Comment ça marche ?',
  intro:
    'Quatre étapes, un seul interlocuteur. Vous gardez la main sur chaque décision ; nous nous occupons du reste.',
  steps: [
    {
      title: 'Vous décrivez votre projet',
      text: `En ${minutesText(SIGNUP_MINUTES)} en ligne, gratuitement\u00a0: secteurs, type de bien, surface, budget. Aucun engagement à ce stade.`,
    },
    {
      title: 'Un chasseur vous appelle sous 48 heures',
      text: 'Il affine avec vous le cahier des charges, vérifie la cohérence du budget et vous présente le mandat de recherche.',
    },
    {
      title: 'Nous cherchons et visitons pour vous',
      text: 'Annonces, biens off-market, réseau d’agences et de notaires : nous pré-visitons et ne vous montrons que les biens qui correspondent.',
    },
    {
      title: 'Nous négocions jusqu’à la signature',
      text: 'Offre argumentée, négociation, financement, compromis puis acte authentique chez le notaire : nous restons à vos côtés jusqu’aux clés.',
    },
  ],
};

/** The two sides of the business, side by side under the hero. */
const audiences = [
  {
    eyebrow: 'Vous achetez',
    title: 'Nous trouvons, visitons et négocions pour vous',
    points: [
      'Un cahier des charges précis, établi avec vous',
      'Des biens publiés et des biens off-market',
      'Des pré-visites et des comptes rendus détaillés',
      'Une négociation argumentée sur le prix et les conditions',
      'Un suivi jusqu’à la signature de l’acte authentique',
    ],
    href: '/signup',
    action: 'Décrire mon projet',
    background: 'bg-base-100',
    button: 'btn btn-primary',
  },
  {
    eyebrow: 'Vous vendez',
    title: 'Des acheteurs sérieux, sans commission sur la vente',
    points: [
      'Des acheteurs dont le dossier et le financement sont vérifiés au préalable',
      'Une estimation gratuite de votre bien',
      'Des conseils de home staging et de décoration avec homestylz',
      'Aucune commission sur la vente à votre charge',
    ],
    href: '/questions-proprietaire',
    action: 'Propriétaire vendeur',
    background: 'bg-base-200',
    button: 'btn btn-outline btn-primary',
  },
];

const paidRates = buyerFeeScale.map((b) => b.rate).filter((r) => r > 0);
const lowestRate = Math.min(...paidRates);
const highestRate = Math.max(...paidRates);

export default function HomePage() {
  return (
    <>
      {/* Hero: starts under the transparent header, dark enough for its white text. */}
      <section className="relative overflow-hidden bg-linear-to-br from-neutral via-primary to-primary text-primary-content">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-40 -top-40 size-[32rem] rounded-full bg-secondary/15 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-28 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:pb-24 lg:pt-36">
          <div>
            <Eyebrow className="mb-4">{company.tagline}</Eyebrow>
            <h1 className="text-4xl font-semibold leading-tight sm:text-5xl lg:text-[3.4rem]">
              Votre chasseur immobilier à Paris et en Île-de-France
            </h1>
            <p className="mt-6 max-w-xl text-lg text-primary-content/85">
              Vous achetez&nbsp;? Nous trouvons, visitons et négocions le bien qui vous correspond,
              y compris hors des annonces. Vous vendez&nbsp;? Nous vous présentons des acheteurs
              dont le dossier a été vérifié au préalable, sans aucune commission sur la vente.
            </p>
            <ActionRow>
              <Link href="/signup" className="btn btn-secondary btn-lg">
                Décrire mon projet
                <ArrowRightIcon />
              </Link>
              <Link href="/questions-proprietaire" className={outlineOnDark}>
                Vendre mon bien
              </Link>
            </ActionRow>
            <CheckList
              className="mt-8 flex flex-col gap-3 text-sm text-primary-content/90 sm:flex-row sm:flex-wrap sm:gap-x-6"
              itemClassName="flex items-center gap-2"
              iconClassName="shrink-0 text-lg text-secondary-strong"
              items={['Réponse sous 48\u00a0h', 'Honoraires au succès', 'Inscription gratuite']}
            />
          </div>
          <div className="relative">
            <Illustration
              name="main-hero-toits-paris"
              alt="Façades haussmanniennes et toits de zinc de Paris au coucher du soleil"
              className="h-auto w-full rounded-box shadow-2xl ring-1 ring-white/15"
              load="first"
            />
            <div className="absolute -bottom-6 left-4 hidden items-center gap-3 rounded-box bg-base-100 px-4 py-3 text-base-content shadow-xl sm:flex">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-accent/15 text-xl text-accent">
                <KeyIcon />
              </span>
              <span className="text-sm leading-tight">
                <strong className="block font-semibold">Un chasseur dédié</strong>
                <span className="text-base-content/70">de la recherche jusqu’à l’acte</span>
              </span>
            </div>
          </div>
        </div>
      </section>

      <Section
        title="Acheteurs et vendeurs, un même savoir-faire"
        intro="Nous connaissons les quartiers, les prix réels et les copropriétés. Ce savoir sert autant à ceux qui cherchent qu’à ceux qui vendent."
      >
        <div className="grid gap-6 md:grid-cols-2">
          {audiences.map((audience) => (
            <article
              key={audience.eyebrow}
              className={`flex flex-col rounded-box border border-base-300 p-7 shadow-sm ${audience.background}`}
            >
              <Eyebrow>{audience.eyebrow}</Eyebrow>
              <h3 className="mt-2 text-2xl font-semibold">{audience.title}</h3>
              <CheckList className="mt-5 space-y-3 text-base-content/80" items={audience.points} />
              <div className="mt-auto pt-7">
                <Link href={audience.href} className={audience.button}>
                  {audience.action}
                </Link>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <StepsSection block={steps} tone="muted" look={raisedSteps}>
        <p className="mt-8">
          <Link
            href="/services"
            className="link link-primary inline-flex items-center gap-1 font-medium"
          >
            Découvrir nos services en détail <ArrowRightIcon />
          </Link>
        </p>
      </StepsSection>

      <Section
        id="secteurs"
        title="Paris et quatre départements d’Île-de-France"
        intro="Nos chasseurs travaillent chacun sur des secteurs qu’ils connaissent rue par rue : écoles, transports, copropriétés, prix constatés."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {departments.map((d) => (
            <li key={d.code} className="rounded-box border border-base-300 bg-base-100 p-5">
              <p className="font-display text-3xl font-semibold text-primary">{d.code}</p>
              <h3 className="mt-1 font-sans text-base font-semibold">{d.name}</h3>
              <p className="mt-2 text-sm text-base-content/70">{d.places}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="pourquoi"
        tone="muted"
        title="Pourquoi passer par Chassimmo ?"
        intro="Des engagements concrets, écrits noir sur blanc dans votre mandat de recherche."
      >
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon={<ClockIcon />} title="Réponse sous 48 heures">
            Après votre inscription, un chasseur vous contacte sous 48 heures pour faire le point
            sur votre projet.
          </FeatureCard>
          <FeatureCard icon={<EuroIcon />} title="Honoraires uniquement au succès">
            Rien à payer avant la signature de l’acte authentique. Notre barème est public et
            affiché en TTC.
          </FeatureCard>
          <FeatureCard icon={<UsersIcon />} title="Un interlocuteur unique">
            Le même chasseur vous suit du premier appel à la remise des clés, et rend compte après
            chaque visite.
          </FeatureCard>
          <FeatureCard icon={<SearchIcon />} title="Accès aux biens off-market">
            Une partie des biens se vend sans annonce. Notre réseau local nous permet de vous les
            présenter.
          </FeatureCard>
          <FeatureCard icon={<HandshakeIcon />} title="Une négociation argumentée">
            Ventes récentes, état de la copropriété, travaux à prévoir&nbsp;: chaque offre repose
            sur des faits.
          </FeatureCard>
          <FeatureCard icon={<ShieldIcon />} title="Un professionnel encadré">
            Carte professionnelle «&nbsp;{company.professionalCard.mention}&nbsp;» délivrée par la{' '}
            {company.professionalCard.issuer}, conformément à la loi Hoguet.
          </FeatureCard>
        </div>
      </Section>

      <Section id="homestylz">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <Illustration
            name="main-salon-homestylz"
            alt="Salon aménagé et décoré : canapé, coussins colorés, lampadaire et plante"
            className="h-auto w-full rounded-box shadow-sm"
          />
          <div>
            <p className="inline-flex items-center gap-2 font-display text-2xl font-semibold lowercase text-secondary">
              <SparkleIcon /> {company.homestylzBrand}
            </p>
            <h2 className="mt-3 text-3xl font-semibold sm:text-4xl">
              Home staging et décoration, par notre marque sœur
            </h2>
            <p className="mt-4 text-lg text-base-content/75">
              Avant une vente, quelques choix bien pensés aident les acheteurs à se projeter. Après
              un achat, homestylz vous aide à aménager et décorer votre nouveau logement, avec des
              packs clairs et des artisans de confiance.
            </p>
            <Link href="/homestylz" className="btn btn-outline btn-primary mt-7">
              Découvrir homestylz
              <ArrowRightIcon />
            </Link>
          </div>
        </div>
      </Section>

      <Callout id="honoraires-titre">
        <div className="max-w-2xl">
          <h2 id="honoraires-titre" className="text-2xl font-semibold sm:text-3xl">
            Des honoraires clairs, payés uniquement au succès
          </h2>
          <p className="mt-3 text-base-content/75">
            De {formatPercent(lowestRate)} à {formatPercent(highestRate)} TTC du prix net vendeur
            selon la tranche, avec un minimum de {formatEuro(MINIMUM_FEE_TTC)} TTC, à la charge de
            l’acquéreur et réglés à la signature de l’acte authentique. Pour les propriétaires
            vendeurs&nbsp;: aucune commission.
          </p>
        </div>
        <Link href="/tarifs#tarifs" className="btn btn-primary shrink-0">
          Voir le barème d’honoraires
        </Link>
      </Callout>

      <section className="bg-primary text-primary-content" aria-labelledby="cta-titre">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <h2 id="cta-titre" className="text-3xl font-semibold sm:text-4xl">
            Prêt à trouver votre futur chez-vous&nbsp;?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-primary-content/85">
            Décrivez votre recherche en {minutesText(SIGNUP_MINUTES)}. Un chasseur immobilier vous
            rappelle sous 48 heures, sans engagement.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/signup" className="btn btn-secondary btn-lg">
              Décrire mon projet
            </Link>
            <a href={`tel:${company.phoneE164}`} className={outlineOnDark}>
              <PhoneIcon /> {company.phone}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
