import { Link } from 'wouter';
import { company } from '../../../domain/company';
import { formatEuro } from '../../../domain/format';
import { KEPT_DEPARTMENTS } from '../../../domain/geography';
import { homestylzOffers, unitLabel, type HomestylzOffer } from '../../../domain/homestylz-offers';
import {
  ArrowRightIcon,
  CameraIcon,
  ChatIcon,
  CheckList,
  ClockIcon,
  HomeIcon,
  KeyIcon,
  MailIcon,
  Section,
  SofaIcon,
  SparkleIcon,
} from '../../../ui';
import {
  BlockTitle,
  CtaBand,
  CtaCallLink,
  CtaLink,
  Split,
  PageHeader,
  FeatureSection,
} from '../../../ui/page-blocks';
import type { FeatureBlock, PageHeaderContent } from '../../../ui/page-blocks';
import { Illustration } from '../../../ui/illustration';

type DepartmentCode = (typeof KEPT_DEPARTMENTS)[number];

/** Departments where travel is included in the price (spec 9). */
const departmentNames: Record<DepartmentCode, string> = {
  '75': 'Paris',
  '92': 'Hauts-de-Seine',
  '93': 'Seine-Saint-Denis',
  '94': 'Val-de-Marne',
  '91': 'Essonne',
};

const services: FeatureBlock = {
  id: 'prestations',
  title: 'Ce que nous faisons pour vous',
  intro: 'Six façons de révéler un intérieur, selon votre projet, votre bien et votre budget.',
  features: [
    {
      icon: <ChatIcon />,
      title: 'Visite conseil',
      text: 'Vous préférez préparer votre bien vous-même\u202f? Une décoratrice vous dit précisément quoi faire, dans quel ordre et pour quel budget.',
      points: ['Diagnostic pièce par pièce', 'Rapport écrit illustré', 'Liste d’achats chiffrée'],
    },
    {
      icon: <HomeIcon />,
      title: 'Home staging de bien occupé',
      text: 'Vous vivez dans le logement mis en vente\u00a0: nous le désencombrons, réagençons vos meubles et ajoutons les touches qui changent tout.',
      points: ['Intervention en une journée', 'Vos meubles mis en valeur', 'Accessoires prêtés'],
    },
    {
      icon: <SofaIcon />,
      title: 'Home staging de bien vide',
      text: 'Un logement vide paraît plus petit et plus froid. Nous le meublons et le décorons le temps de la commercialisation.',
      points: [
        'Mobilier loué pendant 3 mois',
        'Livraison, installation, reprise',
        'Photos professionnelles incluses',
      ],
    },
    {
      icon: <CameraIcon />,
      title: 'Photographie immobilière',
      text: 'La première visite se fait en ligne. Nos photographes spécialisés en intérieur soignent lumière, cadrage et perspectives.',
      points: [
        'Préparation des pièces',
        'Photos retouchées en haute définition',
        'Formats prêts pour les annonces',
      ],
    },
    {
      icon: <SparkleIcon />,
      title: 'Accompagnement décoration',
      text: 'Pour aménager, rafraîchir ou meubler votre propre intérieur, une décoratrice vous accompagne à l’heure, selon vos besoins.',
      points: ['Couleurs, matières, éclairage', 'Sélection de mobilier', 'Shopping accompagné'],
    },
    {
      icon: <KeyIcon />,
      title: 'Home staging sur mesure',
      text: 'Grande surface, maison, bien atypique\u00a0: la mise en scène est calculée au mètre carré, sur devis détaillé.',
      points: ['Projet adapté à la surface', 'Accessoires prêtés', 'Devis avant intervention'],
    },
  ],
};

const timeline = [
  {
    title: 'Prise de contact',
    text: 'Vous nous décrivez votre bien, vos délais et votre objectif\u00a0: vendre, louer ou vous installer.',
  },
  {
    title: 'Visite et devis',
    text: 'La décoratrice visite le bien et vous remet un devis ferme, TTC, sans engagement.',
  },
  {
    title: 'Projet validé',
    text: 'Plan d’action, planche d’ambiance, liste du mobilier\u00a0: rien ne se fait sans votre accord.',
  },
  {
    title: 'Intervention',
    text: 'Mise en scène sur place, à la date convenue, puis séance photo si elle est prévue.',
  },
];

const faq = [
  {
    q: 'Faut-il prévoir des travaux\u202f?',
    a: 'Non. Le home staging se fait sans gros travaux\u00a0: rangement, réagencement, décoration, parfois un coup de peinture ou le remplacement d’un luminaire. Si des travaux se justifient, nous vous le disons lors de la visite conseil.',
  },
  {
    q: 'Puis-je rester dans mon logement pendant la vente\u202f?',
    a: 'Oui. Le Pack Essentiel est conçu pour les logements habités\u00a0: nous travaillons avec vos meubles et vous laissons quelques conseils simples pour garder l’effet jour après jour.',
  },
  {
    q: 'Que se passe-t-il si la vente prend plus de trois mois\u202f?',
    a: 'Avec le Pack Signature, la location du mobilier peut être prolongée mois par mois, sur devis. Nous reprenons le mobilier à la date qui vous convient.',
  },
  {
    q: 'Travaillez-vous avec mon agence immobilière\u202f?',
    a: 'Bien sûr. Nous intervenons à la demande des propriétaires comme des professionnels et pouvons coordonner les rendez-vous directement avec votre agent.',
  },
];

const header: PageHeaderContent = {
  eyebrow: 'Home staging & décoration',
  title: 'Home staging, décoration et photos\u00a0: nos prestations',
  lead: 'Du simple conseil à la mise en scène complète d’un bien vide, chaque prestation a un prix TTC affiché et un contenu précis. Vous savez exactement ce que vous achetez.',
  actions: [
    { href: '#tarifs', label: 'Voir les tarifs' },
    { href: '/homestylz/contact', label: 'Demander un devis' },
  ],
};

/** Services and prices of homestylz (/homestylz/services, fragment #tarifs). */
export default function HomestylzServicesPage() {
  return (
    <>
      <PageHeader {...header} />

      <FeatureSection block={services} grid="sm:grid-cols-2 lg:grid-cols-3" />

      <Section tone="muted">
        <Split
          className="gap-12 lg:grid-cols-2"
          media={
            <Illustration
              name="homestylz-moodboard"
              alt={
                'Illustration d’une planche d’ambiance\u00a0: nuancier terracotta, ocre et sauge, échantillon de tissu, photo de fauteuil'
              }
              className="mx-auto h-auto w-full max-w-lg"
            />
          }
        >
          <BlockTitle
            id="deroulement-titre"
            title="Comment se déroule une intervention"
            lead="Une seule interlocutrice suit votre projet du premier appel jusqu’à la remise des photos."
            leadClassName="max-w-xl text-lg text-base-content/75"
          />
          <ol className="mt-8 space-y-6">
            {timeline.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-display text-lg font-semibold text-primary-content"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-sans text-lg font-semibold">
                    <span className="sr-only">Étape {index + 1}&nbsp;: </span>
                    {step.title}
                  </h3>
                  <p className="mt-1 text-base-content/75">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Split>
      </Section>

      <Section
        id="tarifs"
        title="Nos tarifs"
        intro="Des prix fermes et TTC, affichés sans surprise. Les forfaits couvrent tout ce qui est listé&#x202f;; l’accompagnement à l’heure et le home staging au m² se calculent selon vos besoins."
      >
        {/* Rows of equal height (auto-rows-fr): every card as tall as the tallest, each button at
            its card's bottom, on one column as on three. */}
        <ul className="grid auto-rows-fr gap-6 md:grid-cols-2 lg:grid-cols-3">
          {homestylzOffers.map((offer) => (
            <li key={offer.id} className="flex">
              <OfferCard offer={offer} />
            </li>
          ))}
        </ul>

        <div className="mt-10 flex items-start gap-4 rounded-box border border-accent/50 bg-accent/10 p-6">
          <ClockIcon className="mt-1 shrink-0 text-2xl text-primary" />
          <div>
            <h3 className="font-sans text-lg font-semibold">
              Commande en ligne&nbsp;: bientôt disponible
            </h3>
            <p className="mt-1 text-base-content/80">
              Vous pourrez prochainement commander nos packs directement sur le site et les régler
              par carte bancaire. En attendant, demandez le pack de votre choix via notre formulaire
              de contact&nbsp;: nous vous rappelons pour fixer la date d’intervention.
            </p>
          </div>
        </div>

        <div className="mt-8 text-sm text-base-content/70">
          <h3 className="font-sans font-semibold text-base-content">Informations sur les prix</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              Prix exprimés en euros toutes taxes comprises (TVA au taux de 20&nbsp;% incluse).
            </li>
            <li>
              Déplacements inclus à Paris et en petite couronne ainsi qu’en Essonne&nbsp;:{' '}
              {KEPT_DEPARTMENTS.map((code) => `${departmentNames[code]} (${code})`).join(', ')}.
              Au-delà, frais de déplacement indiqués sur devis.
            </li>
            <li>
              Home staging au m²&nbsp;: surface habitable du bien&#x202f;; accompagnement
              décoration&nbsp;: facturé au temps réellement passé.
            </li>
            <li>
              Pack Signature&nbsp;: location du mobilier pour 3 mois&#x202f;; prolongation possible
              sur devis.
            </li>
            <li>Un devis détaillé vous est remis et doit être accepté avant toute intervention.</li>
          </ul>
        </div>
      </Section>

      <Section id="questions" tone="muted" title="Vos questions">
        <div className="space-y-3">
          {faq.map((item) => (
            <details
              key={item.q}
              className="collapse collapse-arrow rounded-box border border-base-300 bg-base-100"
            >
              <summary className="collapse-title font-semibold">{item.q}</summary>
              <div className="collapse-content text-base-content/80">
                <p>{item.a}</p>
              </div>
            </details>
          ))}
        </div>
      </Section>

      <CtaBand
        id="contact-titre"
        layout="wide"
        title={<>Un projet, une question&#x202f;?</>}
        text={
          <>
            Appelez-nous au{' '}
            <a href={`tel:${company.phoneE164}`} className="link whitespace-nowrap">
              {company.phone}
            </a>{' '}
            ou écrivez à{' '}
            <a href={`mailto:${company.homestylzEmail}`} className="link">
              {company.homestylzEmail}
            </a>
            . {company.openingHours}.
          </>
        }
      >
        <CtaLink href="/homestylz/contact">
          <MailIcon />
          Demander un devis
        </CtaLink>
        <CtaCallLink>Appeler</CtaCallLink>
      </CtaBand>
    </>
  );
}

function OfferCard({ offer }: { offer: HomestylzOffer }) {
  const isPack = offer.unit === 'forfait';
  return (
    <article
      aria-labelledby={`offre-${offer.slug}`}
      className={`relative flex w-full flex-col rounded-box border bg-base-100 p-6 shadow-sm sm:p-7 ${
        offer.featured ? 'border-primary ring-1 ring-primary' : 'border-base-300'
      }`}
    >
      {offer.featured ? (
        <span className="badge badge-primary absolute -top-3 right-6 shadow-sm">
          Notre conseil pour vendre
        </span>
      ) : null}
      <p className="text-xs font-semibold uppercase tracking-widest text-secondary-strong">
        {offer.packname}
      </p>
      <h3 id={`offre-${offer.slug}`} className="mt-2 text-2xl font-semibold">
        {offer.name}
      </h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="font-display text-4xl font-semibold text-primary">
          {formatEuro(offer.price)}
        </span>
        <span className="text-base-content/70">{unitLabel(offer)}</span>
      </p>
      <p className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
        Prix TTC
      </p>
      <p className="mt-4 text-base-content/75">{offer.summary}</p>
      <h4 className="sr-only">Ce qui est inclus</h4>
      <CheckList
        className="mb-6 mt-5 space-y-2 border-t border-base-300 pt-5 text-sm"
        itemClassName="flex gap-2"
        iconClassName="mt-0.5 shrink-0 text-secondary-strong"
        items={offer.includes}
      />
      <Link
        href="/homestylz/contact"
        className={`btn mt-auto ${offer.featured ? 'btn-primary' : 'btn-outline btn-primary'}`}
      >
        {isPack ? 'Demander ce pack' : 'Demander cette prestation'}
        <ArrowRightIcon />
      </Link>
    </article>
  );
}
