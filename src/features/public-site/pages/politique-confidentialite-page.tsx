import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company, fullAddress } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { ContentsLayout, ContentsLinks, PageHeader } from '../../../ui/page-blocks';
import { openCookieSettings } from '../../consent';

const LAST_UPDATE = (
  <>
    1<sup>er</sup> janvier 2026
  </>
);

/**
 * A table on wide screens, a stack of cards on phones: three columns of legal text do not fit
 * in 390 px. The first cell of each row names the row.
 */
function ResponsiveTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: ReactNode[][];
}) {
  return (
    <div className="mb-6">
      <div className="hidden overflow-hidden rounded-box border border-base-300 md:block">
        <table className="table text-sm leading-6 [&_td]:align-top [&_th]:align-top">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-base-200 text-base-content">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="font-semibold">
                      {cell}
                    </th>
                  ) : (
                    <td key={c}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="list-none! space-y-3 pl-0! md:hidden">
        {rows.map((row, r) => (
          <li key={r} className="rounded-box border border-base-300 p-4 text-sm leading-6">
            <p className="mb-2! font-semibold">{row[0]}</p>
            <dl className="mb-0! space-y-2">
              {row.slice(1).map((cell, c) => (
                <div key={c}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-base-content/70">
                    {columns[c + 1]}
                  </dt>
                  <dd>{cell}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

const purposes: ReactNode[][] = [
  [
    'Répondre à vos messages envoyés par le formulaire de contact',
    'Intérêt légitime à répondre aux personnes qui nous sollicitent ; mesures précontractuelles lorsque la demande porte sur nos services',
    '3 ans à compter du dernier contact',
  ],
  [
    'Prévenir les abus du formulaire de contact (empreinte pseudonymisée de l’adresse IP)',
    'Intérêt légitime à protéger le service contre les envois abusifs',
    'Supprimée en même temps que le message',
  ],
  [
    'Étudier votre bien et vous présenter des acquéreurs (questionnaire propriétaire)',
    'Mesures précontractuelles prises à votre demande',
    '3 ans à compter du dernier contact',
  ],
  [
    'Créer votre compte et traiter votre projet d’achat (inscription, espace client, mandat de recherche)',
    'Mesures précontractuelles, puis exécution du mandat',
    'Prospect : 3 ans à compter du dernier contact. Client : durée du mandat, puis 5 ans (prescription civile)',
  ],
  [
    'Constituer votre dossier d’acquéreur et vérifier l’origine des fonds',
    'Obligation légale de lutte contre le blanchiment (articles L561-2 et suivants du code monétaire et financier) ; exécution du mandat',
    '5 ans à compter de la fin de la relation d’affaires',
  ],
  [
    `Traiter vos commandes ${company.homestylzBrand} et leur paiement`,
    'Exécution du contrat',
    'Durée de la commande, puis 5 ans (prescription civile)',
  ],
  [
    'Tenir notre comptabilité (factures, pièces comptables)',
    'Obligation légale',
    '10 ans à compter de la clôture de l’exercice',
  ],
  [
    'Savoir quel partenaire vous a recommandé (code partenaire)',
    'Intérêt légitime à suivre les recommandations de nos partenaires',
    'Même durée que votre dossier',
  ],
  [
    'Vous informer de nos services, si vous êtes client',
    'Intérêt légitime ; vous pouvez vous y opposer à tout moment, par le lien présent dans chaque message',
    '3 ans à compter du dernier contact',
  ],
  [
    'Mesure d’audience et messagerie instantanée',
    'Consentement',
    'Choix conservé 6 mois ; cookies 13 mois au plus ; statistiques 25 mois au plus',
  ],
  [
    'Sécurité du site (journaux techniques du serveur)',
    'Intérêt légitime ; obligation légale de conservation des données de connexion',
    '1 an',
  ],
  [
    'Répondre à vos demandes d’exercice de droits',
    'Obligation légale',
    '5 ans à compter de la réponse',
  ],
];

const deviceData: ReactNode[][] = [
  [
    'Brouillons du questionnaire propriétaire et de l’inscription',
    'IndexedDB',
    'Vos réponses et l’étape atteinte, pour que rien de ce que vous avez tapé ne soit perdu en cas de coupure ou de fermeture de la page. Jamais votre mot de passe.',
    'Jusqu’à ce que le serveur confirme la réception de votre envoi',
  ],
  [
    'Envois en attente de réseau',
    'IndexedDB (file d’envoi de l’application)',
    'Les formulaires validés hors connexion et leur état (en attente, envoyé, échoué), pour les envoyer dès le retour du réseau. Une inscription en attente contient votre mot de passe, effacé dès que l’envoi est traité.',
    'Jusqu’à l’envoi',
  ],
  [
    'Panier',
    'IndexedDB',
    `Les packs ${company.homestylzBrand} choisis et leurs quantités.`,
    'Jusqu’au paiement ou jusqu’à ce que vous vidiez le panier',
  ],
  [
    'Listes des départements et des communes',
    'IndexedDB',
    'Données publiques, pour proposer les secteurs même sans connexion.',
    'Mises à jour régulièrement',
  ],
  [
    'Jeton de session (« token »)',
    'localStorage',
    'Vous garder connecté à votre espace.',
    'Jusqu’à la déconnexion ou l’expiration du jeton',
  ],
  [
    'Choix en matière de cookies (« cookie_consent »)',
    'localStorage',
    'Votre acceptation ou votre refus, et sa date.',
    '6 mois',
  ],
  [
    'Pages et fichiers du site',
    'Cache de l’application',
    'Pour afficher le site rapidement et hors connexion.',
    'Remplacés à chaque nouvelle version',
  ],
];

interface Chapter {
  id: string;
  title: string;
  body: ReactNode;
}

const chapters: Chapter[] = [
  {
    id: 'responsable',
    title: 'Qui est responsable de vos données ?',
    body: (
      <>
        <p>
          Le responsable des traitements décrits ici est {companyLegal.legalName},{' '}
          {companyLegal.legalForm.toLowerCase()} dont le siège est situé {fullAddress}, immatriculée
          au {companyLegal.rcs}, qui exploite les marques {company.brand} et{' '}
          {company.homestylzBrand}. Ses informations légales complètes figurent dans les{' '}
          <Link href="/aide/mentions-legales">mentions légales</Link>.
        </p>
        <p>
          Nous avons désigné un délégué à la protection des données (DPO), que vous pouvez joindre
          pour toute question sur vos données&nbsp;:
        </p>
        <ul>
          <li>
            par e-mail&nbsp;: <a href={`mailto:${companyLegal.dpo}`}>{companyLegal.dpo}</a>&#x202f;;
          </li>
          <li>
            par courrier&nbsp;: {companyLegal.legalName}, à l’attention du délégué à la protection
            des données, {fullAddress}.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'donnees',
    title: 'Quelles données recueillons-nous ?',
    body: (
      <>
        <p>
          Nous ne recueillons que ce qui est utile à votre demande. Les champs obligatoires sont
          signalés dans chaque formulaire&nbsp;; sans eux, nous ne pouvons pas traiter votre
          demande.
        </p>
        <h3>Formulaire de contact</h3>
        <ul>
          <li>vos nom, adresse e-mail et, si vous le souhaitez, numéro de téléphone&nbsp;;</li>
          <li>l’objet et le texte de votre message, ainsi que sa date&nbsp;;</li>
          <li>
            une empreinte pseudonymisée de votre adresse IP, calculée par une fonction à sens
            unique&nbsp;: nous ne conservons pas l’adresse elle-même. Elle sert uniquement à repérer
            les envois abusifs.
          </li>
        </ul>
        <h3>Questionnaire propriétaire</h3>
        <ul>
          <li>
            les caractéristiques de votre bien&nbsp;: usage, nombre de biens à vendre, département,
            commune, type, état (ancien ou neuf), surface, nombre de pièces et de chambres, visites
            déjà réalisées, prix souhaité&nbsp;;
          </li>
          <li>
            les documents de vente dont vous disposez, et la description libre que vous choisissez
            d’ajouter&nbsp;;
          </li>
          <li>vos nom, prénom, adresse e-mail et numéro de téléphone.</li>
        </ul>
        <h3>Inscription acquéreur et espace client</h3>
        <ul>
          <li>
            votre projet&nbsp;: nombre de personnes concernées, objectif (résidence principale ou
            investissement locatif), départements et communes recherchés, types de bien et d’achat,
            surface, pièces, chambres, budget, tranche d’apport, contact déjà pris ou non avec une
            banque ou un courtier, précisions libres&nbsp;;
          </li>
          <li>
            votre compte&nbsp;: nom, prénom, adresse e-mail, téléphone et mot de passe. Le mot de
            passe est enregistré sous forme d’empreinte irréversible&nbsp;: personne, chez nous, ne
            peut le lire&nbsp;;
          </li>
          <li>
            le code du partenaire qui vous a recommandé, si vous êtes arrivé par son lien&nbsp;;
          </li>
          <li>
            une fois le mandat signé, les pièces de votre dossier d’acquéreur&nbsp;: pièce
            d’identité, justificatif de domicile, livret de famille, justificatifs de ressources,
            avis d’imposition, plan de financement, justificatif d’apport personnel et mandat de
            recherche, ainsi que le suivi de votre projet.
          </li>
        </ul>
        <h3>Panier, commande et paiement</h3>
        <ul>
          <li>
            les packs commandés, leurs quantités, le montant, la date et la référence de la
            commande&nbsp;;
          </li>
          <li>votre nom et votre adresse e-mail, pour la confirmation et la facture.</li>
        </ul>
        <p>
          Le paiement se fait sur la page sécurisée de notre prestataire Stripe, qui recueille et
          traite vos données de carte bancaire.{' '}
          <strong>Nous ne voyons jamais votre numéro de carte</strong>&nbsp;: Stripe nous indique
          seulement si le paiement a réussi, avec sa référence.
        </p>
        <h3>Navigation</h3>
        <p>
          Notre serveur enregistre des journaux techniques (date, page demandée, adresse IP,
          navigateur) pour assurer la sécurité du site. Les statistiques de visite et la messagerie
          instantanée ne fonctionnent qu’avec votre accord (voir{' '}
          <a href="#cookies">Cookies et consentement</a>).
        </p>
        <p>
          Nos services s’adressent aux personnes majeures. Nous ne recueillons pas sciemment de
          données concernant des mineurs.
        </p>
      </>
    ),
  },
  {
    id: 'finalites',
    title: 'Pourquoi, sur quelle base et combien de temps ?',
    body: (
      <>
        <p>
          Chaque traitement repose sur l’une des bases légales prévues par l’article 6 du règlement
          général sur la protection des données (RGPD). À l’issue des durées indiquées, les données
          sont supprimées ou rendues anonymes.
        </p>
        <ResponsiveTable
          caption="Finalités, bases légales et durées de conservation"
          columns={['Finalité', 'Base légale', 'Durée de conservation']}
          rows={purposes}
        />
        <p>
          Nous ne prenons aucune décision fondée exclusivement sur un traitement automatisé, et nous
          ne vendons ni ne louons vos données.
        </p>
      </>
    ),
  },
  {
    id: 'destinataires',
    title: 'Qui reçoit vos données ?',
    body: (
      <>
        <p>Vos données ne sont communiquées qu’aux personnes qui en ont besoin&nbsp;:</p>
        <ul>
          <li>
            <strong>nos équipes</strong>&nbsp;: le chasseur immobilier qui suit votre dossier, son
            manager et la direction, chacun dans la limite de son rôle&nbsp;;
          </li>
          <li>
            <strong>notre hébergeur</strong>, {companyLegal.host.name} ({companyLegal.host.address}
            ), qui stocke le site et sa base de données&nbsp;;
          </li>
          <li>
            <strong>notre prestataire d’envoi d’e-mails</strong>, pour les messages de confirmation,
            de réinitialisation de mot de passe et de suivi&nbsp;;
          </li>
          <li>
            <strong>Stripe Payments Europe, Ltd.</strong> (Dublin, Irlande), pour le paiement des
            commandes. Stripe agit en responsable de traitement distinct pour les données de carte,
            selon sa propre{' '}
            <a href="https://stripe.com/fr/privacy" target="_blank" rel="noopener noreferrer">
              politique de confidentialité
            </a>
            &nbsp;;
          </li>
          <li>
            <strong>nos outils de mesure d’audience et de messagerie instantanée</strong>,
            uniquement si vous les avez acceptés&nbsp;;
          </li>
          <li>
            <strong>avec votre accord, pour faire avancer votre projet</strong>&nbsp;: le vendeur ou
            l’acquéreur concerné, pour les seules informations utiles à la transaction, le notaire,
            votre banque ou votre courtier&nbsp;;
          </li>
          <li>
            <strong>le partenaire qui vous a recommandé</strong>, si vous avez utilisé son
            code&nbsp;: il est seulement informé de votre inscription et de l’avancement général de
            votre projet, jamais de votre situation financière&nbsp;;
          </li>
          <li>
            <strong>les autorités</strong> habilitées, lorsque la loi nous y oblige.
          </li>
        </ul>
        <p>
          Nos prestataires agissent sur nos instructions, dans le cadre d’un contrat conforme à
          l’article 28 du RGPD qui leur impose confidentialité et sécurité.
        </p>
      </>
    ),
  },
  {
    id: 'transferts',
    title: 'Vos données quittent-elles l’Union européenne ?',
    body: (
      <p>
        Nos serveurs sont situés en France. Certains prestataires, comme Stripe, peuvent transférer
        des données vers des sociétés de leur groupe situées aux États-Unis. Ces transferts sont
        encadrés par la décision d’adéquation de la Commission européenne relative au cadre de
        protection des données UE–États-Unis ou, à défaut, par les clauses contractuelles types
        adoptées par la Commission. Vous pouvez en obtenir une copie auprès de notre délégué à la
        protection des données.
      </p>
    ),
  },
  {
    id: 'appareil',
    title: 'Données enregistrées sur votre appareil',
    body: (
      <>
        <p>
          Le site fonctionne comme une application installable, y compris avec une connexion
          instable. Pour cela, il enregistre certaines informations dans votre navigateur, sur votre
          appareil. Elles ne nous sont transmises que lorsque vous envoyez un formulaire.
        </p>
        <ResponsiveTable
          caption="Données enregistrées sur votre appareil"
          columns={['Donnée', 'Emplacement', 'À quoi elle sert', 'Durée']}
          rows={deviceData}
        />
        <p>
          Ces enregistrements sont strictement nécessaires au service que vous demandez&nbsp;: ils
          ne requièrent pas votre consentement (article 82 de la loi Informatique et Libertés). Vous
          pouvez les effacer à tout moment depuis les réglages de votre navigateur («&nbsp;Effacer
          les données du site&nbsp;») ou en désinstallant l’application&nbsp;; les brouillons non
          envoyés seront alors perdus.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies et consentement',
    body: (
      <>
        <p>
          Lors de votre première visite, un bandeau vous propose d’accepter ou de refuser, d’un seul
          clic et avec la même facilité, les outils de mesure d’audience et de messagerie
          instantanée. Rien n’est chargé avant votre accord, et refuser ne vous prive d’aucune
          fonctionnalité du site.
        </p>
        <p>
          Votre choix, qu’il s’agisse d’une acceptation ou d’un refus, est conservé pendant 6
          mois&nbsp;; le bandeau vous est ensuite présenté de nouveau. Vous pouvez le modifier à
          tout moment grâce au lien «&nbsp;Gestion des cookies&nbsp;» en bas de chaque page ou au
          bouton ci-dessous. Le retrait de votre consentement vaut pour l’avenir.
        </p>
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm mb-4"
          onClick={openCookieSettings}
        >
          Gérer mes cookies
        </button>
      </>
    ),
  },
  {
    id: 'securite',
    title: 'Comment protégeons-nous vos données ?',
    body: (
      <ul>
        <li>tous les échanges avec le site sont chiffrés (HTTPS)&nbsp;;</li>
        <li>les mots de passe sont enregistrés sous forme d’empreinte irréversible&nbsp;;</li>
        <li>l’accès aux dossiers est réservé aux personnes habilitées, selon leur rôle&nbsp;;</li>
        <li>l’adresse IP des messages de contact est pseudonymisée&nbsp;;</li>
        <li>les données sont sauvegardées régulièrement chez notre hébergeur.</li>
      </ul>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits et comment les exercer',
    body: (
      <>
        <p>
          Conformément au RGPD et à la loi Informatique et Libertés, vous disposez des droits
          suivants&nbsp;:
        </p>
        <ul>
          <li>
            <strong>accès</strong>&nbsp;: savoir si nous traitons des données vous concernant et en
            obtenir une copie&nbsp;;
          </li>
          <li>
            <strong>rectification</strong>&nbsp;: faire corriger des données inexactes ou compléter
            des données incomplètes&nbsp;;
          </li>
          <li>
            <strong>effacement</strong>&nbsp;: obtenir la suppression de vos données, sauf lorsque
            la loi nous impose de les conserver&nbsp;;
          </li>
          <li>
            <strong>opposition</strong>&nbsp;: vous opposer à un traitement fondé sur notre intérêt
            légitime, et à tout moment, sans justification, à la prospection&nbsp;;
          </li>
          <li>
            <strong>limitation</strong>&nbsp;: demander le gel temporaire de l’utilisation de vos
            données, par exemple le temps de vérifier leur exactitude&nbsp;;
          </li>
          <li>
            <strong>portabilité</strong>&nbsp;: recevoir les données que vous nous avez fournies
            dans un format structuré et couramment utilisé, ou les faire transmettre à un autre
            organisme&nbsp;;
          </li>
          <li>
            <strong>retrait du consentement</strong>, à tout moment, pour les traitements qui
            reposent sur lui&nbsp;;
          </li>
          <li>
            <strong>directives post-mortem</strong>&nbsp;: définir le sort de vos données après
            votre décès (article 85 de la loi Informatique et Libertés).
          </li>
        </ul>
        <p>
          Pour exercer ces droits, écrivez à{' '}
          <a href={`mailto:${companyLegal.dpo}`}>{companyLegal.dpo}</a> ou par courrier à{' '}
          {companyLegal.legalName}, à l’attention du délégué à la protection des données,{' '}
          {fullAddress}. Nous vous répondons dans un délai d’un mois, qui peut être prolongé de deux
          mois pour une demande complexe&nbsp;; nous vous en informons alors. En cas de doute
          raisonnable sur votre identité, nous pouvons vous demander un justificatif. Vous pouvez
          aussi corriger vos coordonnées directement depuis votre espace client.
        </p>
        <p>
          Si vous ne souhaitez pas faire l’objet de prospection commerciale par téléphone, vous
          pouvez vous inscrire gratuitement sur la liste d’opposition{' '}
          <a href="https://www.bloctel.gouv.fr" target="_blank" rel="noopener noreferrer">
            Bloctel
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: 'cnil',
    title: 'Réclamation auprès de la CNIL',
    body: (
      <p>
        Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous
        pouvez adresser une réclamation à la Commission nationale de l’informatique et des libertés
        (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur{' '}
        <a href="https://www.cnil.fr" target="_blank" rel="noopener noreferrer">
          www.cnil.fr
        </a>
        .
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications de cette politique',
    body: (
      <p>
        Nous pouvons faire évoluer cette politique, notamment lorsque nos services ou la
        réglementation changent. La date de dernière mise à jour figure en haut de cette page&nbsp;;
        en cas de changement important, nous vous en informerons par e-mail ou par un message sur le
        site. Dernière mise à jour&nbsp;: {LAST_UPDATE}.
      </p>
    ),
  },
];

const contents = chapters.map((chapter, index) => ({
  href: `#${chapter.id}`,
  label: (
    <>
      {index + 1}. {chapter.title}
    </>
  ),
}));

export default function PolitiqueConfidentialitePage() {
  return (
    <>
      <PageHeader
        eyebrow="Centre d’aide"
        title="Politique de confidentialité"
        lead="Les données que nous recueillons, ce que nous en faisons, combien de temps nous les gardons et comment exercer vos droits."
      >
        <p className="mt-4 text-sm font-medium text-base-content/70">
          Dernière mise à jour&nbsp;: {LAST_UPDATE}
        </p>
      </PageHeader>

      <ContentsLayout
        label="Sommaire de la politique de confidentialité"
        contents={<ContentsLinks links={contents} />}
      >
        <p className="text-lg text-base-content/80">
          {company.brand} accompagne des acquéreurs et des propriétaires dans des projets personnels
          et financiers importants. Nous traitons les informations que vous nous confiez avec la
          discrétion que vous attendez d’un professionnel de l’immobilier, dans le respect du
          règlement (UE) 2016/679 (RGPD) et de la loi n°&nbsp;78-17 du 6 janvier 1978 dite
          «&nbsp;Informatique et Libertés&nbsp;».
        </p>
        {chapters.map((chapter, index) => (
          <section key={chapter.id} aria-labelledby={chapter.id}>
            <h2 id={chapter.id}>
              {index + 1}. {chapter.title}
            </h2>
            {chapter.body}
          </section>
        ))}
      </ContentsLayout>
    </>
  );
}
