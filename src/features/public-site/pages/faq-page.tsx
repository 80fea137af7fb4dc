import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { MINIMUM_FEE_TTC } from '../../../domain/fees';
import { formatEuro } from '../../../domain/format';
import { MailIcon, PhoneIcon } from '../../../ui';
import { Illustration } from '../../../ui/illustration';
import { PageHeader } from '../../../ui/page-blocks';

interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

const link = 'link link-primary';

const groups: FaqGroup[] = [
  {
    id: 'acheter',
    title: 'Acheter avec un chasseur',
    items: [
      {
        id: 'role-chasseur',
        question: 'Que fait un chasseur immobilier pour moi ?',
        answer: (
          <>
            <p>
              Il cherche à votre place le bien qui correspond à votre projet. Après un premier
              entretien pour préciser vos critères et votre budget, votre chasseur sélectionne les
              annonces, repère les biens vendus sans publicité (off-market) grâce à son réseau,
              organise et fait les premières visites, puis vous présente uniquement les biens qui
              valent votre déplacement.
            </p>
            <p>
              Il négocie ensuite le prix avec le vendeur, vérifie les documents (copropriété,
              diagnostics, urbanisme) et vous accompagne jusqu’à la signature chez le notaire. Le
              détail figure sur la page{' '}
              <Link href="/services" className={link}>
                Nos services
              </Link>
              .
            </p>
          </>
        ),
      },
      {
        id: 'cout',
        question: 'Combien coûte un chasseur immobilier, et quand dois-je payer ?',
        answer: (
          <>
            <p>
              Nos honoraires dépendent du prix d’achat et sont indiqués toutes taxes comprises dans
              notre{' '}
              <Link href="/tarifs#tarifs" className={link}>
                barème d’honoraires
              </Link>
              , avec un minimum de {formatEuro(MINIMUM_FEE_TTC)} TTC. Le montant exact est écrit
              dans votre mandat de recherche avant le début de la recherche.
            </p>
            <p>
              Vous ne payez rien avant l’achat&nbsp;: comme le prévoit la loi Hoguet, les honoraires
              ne sont dus qu’une fois la vente conclue, à la signature de l’acte authentique chez le
              notaire. Si la recherche n’aboutit pas, vous ne devez rien.
            </p>
          </>
        ),
      },
      {
        id: 'demarrer',
        question: 'Comment démarrer ma recherche ?',
        answer: (
          <p>
            Cliquez sur{' '}
            <Link href="/signup" className={link}>
              Décrire mon projet
            </Link>
            &nbsp;: en 3 minutes environ, vous indiquez vos critères (secteur, type de bien,
            surface, budget, apport) puis créez votre compte. C’est entièrement gratuit et sans
            engagement. Vous recevez un e-mail de confirmation&nbsp;; son lien valide votre
            inscription et ouvre votre espace client. Un chasseur immobilier vous appelle ensuite
            sous 48 heures.
          </p>
        ),
      },
      {
        id: 'mandat',
        question: 'Dois-je signer un mandat de recherche ?',
        answer: (
          <>
            <p>
              Oui&nbsp;: la loi impose un mandat écrit avant toute recherche rémunérée. Votre
              chasseur vous le propose après le premier entretien, une fois votre projet validé
              ensemble. Il précise les caractéristiques du bien recherché, sa durée, le montant des
              honoraires et s’il est exclusif ou non.
            </p>
            <p>
              Un mandat exclusif ne peut pas être dénoncé pendant ses trois premiers mois&nbsp;;
              ensuite, chacun peut y mettre fin avec un préavis de quinze jours. Si vous le signez à
              distance ou hors de nos bureaux, vous disposez de 14 jours pour vous rétracter. Tout
              est détaillé dans nos{' '}
              <Link href="/aide/conditions-generales#article-3" className={link}>
                conditions générales
              </Link>
              .
            </p>
          </>
        ),
      },
      {
        id: 'secteurs',
        question: 'Dans quels secteurs intervenez-vous ?',
        answer: (
          <p>
            Nous cherchons à Paris (75), dans les Hauts-de-Seine (92), en Seine-Saint-Denis (93),
            dans le Val-de-Marne (94) et en Essonne (91). Vous pouvez retenir plusieurs départements
            et plusieurs communes lors de votre inscription. Pour un autre secteur d’Île-de-France,{' '}
            <Link href="/contact" className={link}>
              contactez-nous
            </Link>
            &nbsp;: nous vous dirons franchement si nous pouvons vous aider.
          </p>
        ),
      },
      {
        id: 'code-partenaire',
        question: 'Un partenaire m’a donné un code : comment l’utiliser ?',
        answer: (
          <p>
            Votre courtier, notaire ou conseiller vous a transmis un lien de la forme{' '}
            <span className="font-mono text-sm">
              {company.siteUrl.replace(/^https?:\/\//, '')}/signup/votre-code
            </span>
            . Ouvrez-le pour faire votre inscription&nbsp;: le code est enregistré avec votre
            dossier et nous savons qui vous a recommandé. Cela ne change ni nos honoraires ni le
            déroulement de votre recherche. Si vous avez déjà commencé sans le lien, indiquez
            simplement le code à votre chasseur lors de son appel.
          </p>
        ),
      },
    ],
  },
  {
    id: 'vendre',
    title: 'Vendre son bien',
    items: [
      {
        id: 'vendeur-cout',
        question: 'Je suis propriétaire : combien me coûte votre service ?',
        answer: (
          <p>
            Rien. Vous ne payez aucune commission sur la vente&nbsp;: nos honoraires sont réglés par
            l’acquéreur que nous accompagnons, dans le cadre de son mandat de recherche.
            L’estimation de votre bien est gratuite, tout comme nos conseils pour le préparer à la
            vente.
          </p>
        ),
      },
      {
        id: 'vendeur-questionnaire',
        question: 'Comment vous présenter mon bien ?',
        answer: (
          <>
            <p>
              Répondez au{' '}
              <Link href="/questions-proprietaire" className={link}>
                questionnaire propriétaire
              </Link>
              &nbsp;: type de bien, secteur, surface, nombre de pièces, prix souhaité et documents
              disponibles, puis vos coordonnées. Vous recevez un e-mail de confirmation et un
              chasseur immobilier vous contacte sous 48 heures.
            </p>
            <p>
              Pour gagner du temps, gardez à portée de main, si vous les avez&nbsp;: les
              procès-verbaux des trois dernières assemblées générales, les quatre derniers relevés
              de charges, le dernier avis de taxe foncière, le carnet d’entretien de l’immeuble, le
              pré-état daté et les diagnostics.
            </p>
          </>
        ),
      },
      {
        id: 'vendeur-acheteurs',
        question: 'Quels acheteurs me présentez-vous ?',
        answer: (
          <p>
            Uniquement des acquéreurs que nous accompagnons et dont nous avons vérifié le dossier au
            préalable&nbsp;: projet précis, budget, apport personnel, avis de leur banque ou de leur
            courtier. Vous organisez moins de visites, et celles-ci sont faites par des personnes
            réellement en mesure d’acheter. Vous restez libre d’accepter ou non leurs offres.
          </p>
        ),
      },
    ],
  },
  {
    id: 'homestylz',
    title: 'homestylz et home staging',
    items: [
      {
        id: 'home-staging',
        question: 'Qu’est-ce que le home staging, et à quoi sert-il ?',
        answer: (
          <p>
            Le home staging consiste à mettre en valeur un logement avant sa vente ou sa
            location&nbsp;: désencombrer, réorganiser, neutraliser la décoration, ajouter quelques
            meubles et accessoires. Les acheteurs se projettent plus facilement, les photos de
            l’annonce sont plus réussies et le bien part généralement plus vite. Notre marque{' '}
            <Link href="/homestylz" className={link}>
              {company.homestylzBrand}
            </Link>{' '}
            propose du conseil, du home staging de biens vides ou habités, de la décoration et des
            photos.
          </p>
        ),
      },
      {
        id: 'commander',
        question: 'Comment commander et payer un pack homestylz ?',
        answer: (
          <p>
            Ajoutez le pack choisi à votre panier depuis les{' '}
            <Link href="/homestylz/services#tarifs" className={link}>
              tarifs homestylz
            </Link>
            , vérifiez-le puis cliquez sur «&nbsp;Valider&nbsp;». Vous êtes redirigé vers la page de
            paiement sécurisée de notre prestataire Stripe, où vous réglez par carte bancaire. Nous
            ne voyons jamais votre numéro de carte. Une fois le paiement accepté, vous recevez une
            confirmation par e-mail et nous vous contactons pour fixer la date d’intervention.
          </p>
        ),
      },
      {
        id: 'retractation',
        question: 'Puis-je annuler ma commande ?',
        answer: (
          <p>
            Oui&nbsp;: vous disposez de 14 jours à compter de votre commande pour vous rétracter,
            sans avoir à vous justifier, en écrivant à{' '}
            <a href={`mailto:${company.homestylzEmail}`} className={link}>
              {company.homestylzEmail}
            </a>
            . Vous êtes remboursé dans les 14 jours. Si vous nous avez expressément demandé
            d’intervenir avant la fin de ce délai, vous payez seulement la part de la prestation
            déjà réalisée&nbsp;; une prestation entièrement exécutée à votre demande ne peut plus
            être annulée. Voir nos{' '}
            <Link href="/aide/conditions-generales#article-13" className={link}>
              conditions générales de vente
            </Link>
            .
          </p>
        ),
      },
    ],
  },
  {
    id: 'compte',
    title: 'Compte et données',
    items: [
      {
        id: 'email-confirmation',
        question: 'Je n’ai pas reçu l’e-mail de confirmation.',
        answer: (
          <p>
            Patientez quelques minutes, puis regardez dans vos courriers indésirables ou dans
            l’onglet «&nbsp;Promotions&nbsp;» de votre messagerie. Vérifiez aussi l’adresse saisie.
            Si vous ne trouvez toujours rien,{' '}
            <Link href="/contact" className={link}>
              écrivez-nous
            </Link>{' '}
            ou appelez-nous au{' '}
            <a href={`tel:${company.phoneE164}`} className={link}>
              {company.phone}
            </a>
            &nbsp;: nous validerons votre inscription avec vous.
          </p>
        ),
      },
      {
        id: 'hors-ligne',
        question: 'Puis-je remplir un formulaire sans connexion internet ?',
        answer: (
          <p>
            Oui. Ce que vous tapez dans le questionnaire propriétaire ou dans l’inscription est
            enregistré au fur et à mesure sur votre appareil&nbsp;: en cas de coupure ou si vous
            fermez la page, vous reprenez là où vous en étiez. Si vous validez sans réseau, votre
            envoi est mis en attente avec la mention «&nbsp;sera envoyé dès le retour du
            réseau&nbsp;» et part automatiquement dès que la connexion revient. Votre mot de passe
            n’est jamais conservé dans les brouillons.
          </p>
        ),
      },
      {
        id: 'installer',
        question: 'Comment installer l’application sur mon téléphone ?',
        answer: (
          <>
            <p>
              Le site s’installe comme une application, sans passer par un magasin
              d’applications&nbsp;:
            </p>
            <ul className="list-disc pl-6">
              <li>
                sur Android (Chrome)&nbsp;: ouvrez le menu ⋮ puis choisissez «&nbsp;Installer
                l’application&nbsp;» ou «&nbsp;Ajouter à l’écran d’accueil&nbsp;»&nbsp;;
              </li>
              <li>
                sur iPhone et iPad (Safari)&nbsp;: touchez le bouton Partager puis «&nbsp;Sur
                l’écran d’accueil&nbsp;»&nbsp;;
              </li>
              <li>
                sur ordinateur (Chrome, Edge)&nbsp;: cliquez sur l’icône d’installation à droite de
                la barre d’adresse.
              </li>
            </ul>
            <p>
              L’icône apparaît alors avec vos autres applications, et les pages déjà consultées
              restent disponibles hors connexion.
            </p>
          </>
        ),
      },
      {
        id: 'donnees',
        question: 'Comment consulter, corriger ou supprimer mes données ?',
        answer: (
          <p>
            Écrivez à notre délégué à la protection des données,{' '}
            <a href={`mailto:${companyLegal.dpo}`} className={link}>
              {companyLegal.dpo}
            </a>
            , en précisant votre demande&nbsp;: nous vous répondons dans un délai d’un mois. Vous
            pouvez aussi modifier vos coordonnées depuis votre espace client. Toutes les
            informations figurent dans notre{' '}
            <Link href="/aide/politique-confidentialite" className={link}>
              politique de confidentialité
            </Link>
            .
          </p>
        ),
      },
    ],
  },
];

export default function FaqPage() {
  return (
    <>
      <PageHeader
        eyebrow="Centre d’aide"
        title="Questions fréquentes"
        lead="Honoraires, mandat, vente de votre bien, home staging ou utilisation de l’application : l’essentiel en quelques lignes."
      >
        <nav aria-label="Thèmes de la FAQ" className="mt-8 flex flex-wrap gap-2">
          {groups.map((group) => (
            <a
              key={group.id}
              href={`#${group.id}`}
              className="btn btn-sm rounded-full border-base-300 bg-base-100"
            >
              {group.title}
            </a>
          ))}
        </nav>
      </PageHeader>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_19rem] lg:gap-14">
          <div className="min-w-0 space-y-12">
            {groups.map((group) => (
              <section key={group.id} id={group.id} aria-labelledby={`${group.id}-titre`}>
                <h2 id={`${group.id}-titre`} className="mb-5 text-2xl font-semibold sm:text-3xl">
                  {group.title}
                </h2>
                <div className="space-y-3">
                  {group.items.map((item) => (
                    <details
                      key={item.id}
                      id={item.id}
                      className="collapse collapse-arrow rounded-box border border-base-300 bg-base-100 open:border-primary/30 open:bg-base-200/50"
                    >
                      <summary className="collapse-title pe-12 font-semibold">
                        {item.question}
                      </summary>
                      <div className="collapse-content space-y-3 leading-7 text-base-content/85">
                        {item.answer}
                      </div>
                    </details>
                  ))}
                </div>
              </section>
            ))}
          </div>

          <aside aria-labelledby="faq-contact" className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-box bg-primary p-6 text-primary-content sm:p-8 lg:p-6">
              <Illustration name="help-support" className="mx-auto mb-4 hidden w-44 lg:block" />
              <h2 id="faq-contact" className="text-2xl font-semibold">
                Vous n’avez pas trouvé votre réponse&nbsp;?
              </h2>
              <p className="mt-3 opacity-85">
                Nos équipes vous répondent par téléphone ou par écrit. {company.openingHours}.
              </p>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row lg:flex-col">
                <Link href="/contact" className="btn btn-secondary">
                  <MailIcon /> Nous écrire
                </Link>
                <a
                  href={`tel:${company.phoneE164}`}
                  className="btn btn-outline border-primary-content/60 text-primary-content hover:bg-primary-content hover:text-primary"
                >
                  <PhoneIcon /> {company.phone}
                </a>
              </div>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
