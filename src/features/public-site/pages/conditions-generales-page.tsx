import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company, fullAddress } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { buyerFeeScale, MINIMUM_FEE_TTC, type FeeBracket } from '../../../domain/fees';
import { formatEuro, formatPercent } from '../../../domain/format';
import { ContentsLayout, ContentsLinks, PageHeader } from '../../../ui/page-blocks';
import { bracketRange, FeeScaleColumns } from '../components/fee-scale';

const VERSION_DATE = (
  <>
    1<sup>er</sup> janvier 2026
  </>
);

interface Article {
  title: string;
  body: ReactNode;
}

interface Part {
  title: string;
  articles: Article[];
}

function feeRule(bracket: FeeBracket): string {
  if (bracket.rate === 0) return `Forfait de ${formatEuro(MINIMUM_FEE_TTC)}`;
  return `${formatPercent(bracket.rate)} du prix`;
}

function FeeTable() {
  return (
    <>
      <div className="mb-2 overflow-x-auto rounded-box border border-base-300">
        <table className="table text-sm">
          <caption className="sr-only">Barème d’honoraires TTC à la charge de l’acquéreur</caption>
          <thead className="bg-base-200 text-base-content">
            <FeeScaleColumns />
          </thead>
          <tbody>
            {buyerFeeScale.map((bracket) => (
              <tr key={bracket.from}>
                <td>{bracketRange(bracket)}</td>
                <td className="font-semibold">{feeRule(bracket)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-base-content/75">
        Minimum de perception&nbsp;: {formatEuro(MINIMUM_FEE_TTC)} TTC, quel que soit le prix.
      </p>
    </>
  );
}

const mediator = companyLegal.mediator;
const card = company.professionalCard;

const parts: Part[] = [
  {
    title: 'Dispositions générales',
    articles: [
      {
        title: 'Objet et champ d’application',
        body: (
          <>
            <p>
              Les présentes conditions générales sont proposées par {companyLegal.legalName},{' '}
              {companyLegal.legalForm.toLowerCase()} au capital de {companyLegal.shareCapital}, dont
              le siège est situé {fullAddress}, immatriculée au {companyLegal.rcs}, titulaire de la
              carte professionnelle n°&nbsp;{card.number} «&nbsp;{card.mention}&nbsp;» délivrée par
              la {card.issuer} (ci-après «&nbsp;l’Agence&nbsp;»). {company.homestylzBrand} est une
              marque de home staging exploitée par l’Agence.
            </p>
            <p>Elles se composent de deux parties&nbsp;:</p>
            <ul>
              <li>
                les <strong>conditions générales de prestation</strong> (articles 2 à 9), qui
                encadrent la mission de recherche confiée à l’Agence par un acquéreur au moyen d’un
                mandat de recherche&nbsp;;
              </li>
              <li>
                les <strong>conditions générales de vente</strong> (articles 10 à 15), qui
                s’appliquent aux packs {company.homestylzBrand} commandés et payés en ligne sur le
                site.
              </li>
            </ul>
            <p>
              Les articles 16 à 18 sont communs aux deux parties. En cas de contradiction, les
              stipulations du mandat signé ou du bon de commande priment sur les présentes
              conditions générales. La mission de recherche n’est jamais vendue en ligne et ne donne
              lieu à aucun paiement à la commande.
            </p>
            <p>
              Les conditions générales en vigueur sont consultables à tout moment sur cette page et
              peuvent être enregistrées ou imprimées. Celles qui s’appliquent à un contrat sont
              celles en vigueur au jour de sa conclusion.
            </p>
          </>
        ),
      },
    ],
  },
  {
    title: 'Conditions générales de prestation : mandat de recherche',
    articles: [
      {
        title: 'Objet du mandat de recherche',
        body: (
          <>
            <p>
              Par le mandat de recherche, le client acquéreur (ci-après «&nbsp;le Mandant&nbsp;»)
              charge l’Agence de rechercher, en vue de son acquisition, un bien immobilier répondant
              aux caractéristiques qu’il a définies&nbsp;: secteur géographique, type de bien,
              surface, nombre de pièces, budget et conditions de financement.
            </p>
            <p>
              La mission comprend la sélection de biens, y compris ceux qui ne font pas l’objet
              d’une publicité, les premières visites, la présentation au Mandant des biens retenus,
              la négociation du prix et des conditions de la vente, la vérification des documents du
              bien et l’accompagnement du Mandant jusqu’à la signature de l’acte authentique.
            </p>
            <p>
              Les chasseurs immobiliers qui interviennent pour le compte de l’Agence sont titulaires
              d’une attestation d’habilitation délivrée par l’Agence, conformément à l’article 9 du
              décret n°&nbsp;72-678 du 20 juillet 1972.
            </p>
          </>
        ),
      },
      {
        title: 'Forme, durée et exclusivité du mandat',
        body: (
          <>
            <p>
              Conformément à l’article 6 de la loi n°&nbsp;70-9 du 2 janvier 1970 (loi Hoguet), le
              mandat est écrit, établi en autant d’exemplaires que de parties et inscrit, dès sa
              signature, sous un numéro d’ordre au registre des mandats de l’Agence. Il précise les
              caractéristiques du bien recherché, le montant des honoraires et la partie qui en a la
              charge.
            </p>
            <p>
              Le mandat est conclu pour une durée initiale de trois mois. Sauf dénonciation, il se
              renouvelle ensuite par périodes de trois mois, dans la limite d’une durée totale de
              douze mois, au terme de laquelle il prend fin de plein droit.
            </p>
            <p>Le Mandant choisit, à la signature, entre deux formes de mandat&nbsp;:</p>
            <ul>
              <li>
                <strong>le mandat simple</strong>, qui laisse au Mandant la liberté de chercher par
                lui-même ou de confier une recherche à d’autres professionnels&nbsp;;
              </li>
              <li>
                <strong>le mandat exclusif</strong>, par lequel le Mandant s’engage à ne confier la
                même recherche à aucun autre intermédiaire pendant la durée du mandat. En
                contrepartie, l’Agence lui rend compte de ses démarches au moins une fois par mois.
              </li>
            </ul>
            <p>
              Le mandat exclusif, comme tout mandat comportant la clause prévue à l’article 7, ne
              peut être dénoncé pendant les trois mois qui suivent sa signature. Passé ce délai,
              chaque partie peut y mettre fin à tout moment, moyennant un préavis de quinze jours,
              par lettre recommandée avec demande d’avis de réception (article 78 du décret n°
              72-678 du 20 juillet 1972).
            </p>
          </>
        ),
      },
      {
        title: 'Honoraires',
        body: (
          <>
            <p>
              Les honoraires de l’Agence sont à la charge du Mandant. Ils sont fixés par le barème
              affiché sur le site (page <Link href="/tarifs#tarifs">Tarifs</Link>) et dans les
              locaux de l’Agence, en vigueur à la date de signature du mandat. Ils sont exprimés
              toutes taxes comprises, TVA au taux de 20&nbsp;% incluse.
            </p>
            <p>Barème en vigueur au {VERSION_DATE}&nbsp;:</p>
            <FeeTable />
            <p>
              Le taux de la tranche dans laquelle se situe le prix s’applique à la totalité du prix
              net vendeur, c’est-à-dire au prix du bien hors honoraires et hors frais d’acte. Le
              montant ou le mode de calcul exact des honoraires est reporté dans le mandat.
            </p>
          </>
        ),
      },
      {
        title: 'Exigibilité des honoraires',
        body: (
          <>
            <p>
              Conformément à l’article 6 de la loi Hoguet, aucune somme n’est due, ni ne peut être
              exigée ou acceptée par l’Agence, avant que l’opération ait été effectivement conclue.
            </p>
            <p>
              Les honoraires deviennent exigibles le jour de la signature de l’acte authentique de
              vente, après réalisation de toutes les conditions suspensives de l’avant-contrat. Ils
              sont réglés à cette date, le plus souvent par l’intermédiaire du notaire, sur
              présentation de la facture de l’Agence. Si la vente ne se réalise pas, notamment faute
              d’obtention du prêt, aucune somme n’est due.
            </p>
            <p>
              {companyLegal.financialGuarantee} Le dépôt de garantie et le prix de vente sont versés
              exclusivement entre les mains du notaire.
            </p>
          </>
        ),
      },
      {
        title: 'Obligations de l’Agence',
        body: (
          <>
            <p>L’Agence est tenue d’une obligation de moyens. Elle s’engage à&nbsp;:</p>
            <ul>
              <li>
                rechercher activement des biens conformes au cahier des charges du Mandant&nbsp;;
              </li>
              <li>
                ne présenter que des biens visités au préalable, en signalant les défauts qu’elle a
                pu constater&nbsp;;
              </li>
              <li>
                informer le Mandant de toute offre, contre-proposition ou information utile à sa
                décision, et le conseiller loyalement&nbsp;;
              </li>
              <li>
                vérifier les documents remis par le vendeur (copropriété, diagnostics, situation
                locative) et les transmettre au Mandant&nbsp;;
              </li>
              <li>
                garder confidentielles les informations personnelles et financières que le Mandant
                lui confie.
              </li>
            </ul>
            <p>
              L’Agence ne peut garantir qu’un bien répondant aux critères sera trouvé pendant la
              durée du mandat, ni qu’un vendeur acceptera l’offre du Mandant.
            </p>
          </>
        ),
      },
      {
        title: 'Obligations du Mandant',
        body: (
          <>
            <p>Le Mandant s’engage à&nbsp;:</p>
            <ul>
              <li>
                fournir des informations exactes sur son projet, son budget, son apport et son
                financement, et signaler sans délai tout changement&nbsp;;
              </li>
              <li>
                remettre les justificatifs nécessaires à la constitution de son dossier
                d’acquéreur&nbsp;;
              </li>
              <li>
                se rendre disponible pour les visites et donner rapidement sa réponse sur les biens
                présentés&nbsp;;
              </li>
              <li>
                informer l’Agence de toute acquisition réalisée par ailleurs, afin qu’elle cesse ses
                recherches&nbsp;;
              </li>
              <li>
                en cas de mandat exclusif, ne pas confier la même recherche à un autre
                intermédiaire.
              </li>
            </ul>
            <p>
              <strong>
                Le Mandant s’interdit, pendant la durée du mandat et les douze mois qui suivent son
                expiration, d’acquérir directement ou par un autre intermédiaire un bien que
                l’Agence lui a présenté. À défaut, il devra à l’Agence une indemnité forfaitaire
                égale au montant des honoraires prévus au mandat.
              </strong>
            </p>
          </>
        ),
      },
      {
        title: 'Droit de rétractation du Mandant',
        body: (
          <>
            <p>
              Lorsque le mandat est signé à distance (par voie électronique notamment) ou hors des
              locaux de l’Agence, le Mandant consommateur dispose d’un délai de quatorze jours à
              compter de sa signature pour se rétracter, sans avoir à motiver sa décision (article
              L221-18 du code de la consommation). Il peut utiliser le formulaire figurant en{' '}
              <a href="#annexe">annexe</a> ou toute autre déclaration dénuée d’ambiguïté adressée à
              l’Agence.
            </p>
            <p>
              Si le Mandant souhaite que les recherches commencent avant la fin de ce délai, il en
              fait la demande expresse par écrit. Les honoraires n’étant dus qu’à la signature de
              l’acte authentique, sa rétractation n’entraîne alors aucun frais.
            </p>
          </>
        ),
      },
      {
        title: 'Résiliation et fin du mandat',
        body: (
          <>
            <p>Le mandat prend fin&nbsp;:</p>
            <ul>
              <li>
                à la signature de l’acte authentique d’acquisition d’un bien, la mission étant
                accomplie&nbsp;;
              </li>
              <li>
                à l’arrivée de son terme ou à l’expiration de la durée maximale de douze mois&nbsp;;
              </li>
              <li>
                par dénonciation de l’une des parties, moyennant un préavis de quinze jours notifié
                par lettre recommandée avec demande d’avis de réception, une fois écoulée la période
                de trois mois prévue à l’article 3&nbsp;;
              </li>
              <li>
                par résiliation pour manquement grave de l’autre partie à ses obligations, quinze
                jours après une mise en demeure restée sans effet.
              </li>
            </ul>
            <p>
              La fin du mandat ne donne lieu au paiement d’aucune somme, sous réserve de
              l’application de l’article 7 lorsque le Mandant acquiert un bien que l’Agence lui a
              présenté.
            </p>
          </>
        ),
      },
    ],
  },
  {
    title: `Conditions générales de vente des packs ${company.homestylzBrand}`,
    articles: [
      {
        title: 'Prestations et prix',
        body: (
          <>
            <p>
              Les packs {company.homestylzBrand} (conseil, home staging, décoration, photographie)
              sont décrits sur la page{' '}
              <Link href="/homestylz/services#tarifs">Services et tarifs</Link>. Les photographies
              et visuels qui les illustrent n’ont pas de valeur contractuelle.
            </p>
            <p>
              Les prix sont indiqués en euros toutes taxes comprises, TVA au taux de 20&nbsp;%
              incluse. Certaines prestations sont facturées à l’heure ou au mètre carré&nbsp;: la
              quantité choisie figure alors dans le panier à côté du nom du pack. Le prix applicable
              est celui affiché au moment de la commande. Les interventions sont réalisées à Paris,
              dans les Hauts-de-Seine, la Seine-Saint-Denis, le Val-de-Marne et l’Essonne&nbsp;;
              pour toute autre adresse, un devis est établi au préalable.
            </p>
          </>
        ),
      },
      {
        title: 'Commande',
        body: (
          <>
            <p>Pour commander, le client&nbsp;:</p>
            <ol>
              <li>
                ajoute un ou plusieurs packs à son panier et, le cas échéant, en ajuste la
                quantité&nbsp;;
              </li>
              <li>
                vérifie le contenu de son panier et le sous-total, puis clique sur
                «&nbsp;Valider&nbsp;»&nbsp;;
              </li>
              <li>
                est redirigé vers la page de paiement sécurisée de Stripe, où il saisit ses
                coordonnées bancaires&nbsp;;
              </li>
              <li>revient sur le site, qui lui confirme que le paiement a réussi.</li>
            </ol>
            <p>
              Le contrat est conclu dès l’acceptation du paiement. L’Agence adresse au client, par
              e-mail, une confirmation de commande reprenant les prestations, leur prix et les
              présentes conditions générales. Les commandes sont réservées aux personnes majeures et
              capables. L’Agence peut refuser une commande anormale ou passée de mauvaise foi.
            </p>
          </>
        ),
      },
      {
        title: 'Paiement',
        body: (
          <>
            <p>
              Le prix est payable en totalité à la commande, par carte bancaire, sur la page de
              paiement hébergée par Stripe Payments Europe, Ltd., prestataire de services de
              paiement agréé. Le paiement est protégé par le chiffrement des échanges et, lorsque la
              banque du client le demande, par une authentification forte (3-D Secure).
            </p>
            <p>
              Les données de la carte sont transmises directement à Stripe&nbsp;: l’Agence n’a
              jamais connaissance du numéro de carte. Si le client abandonne le paiement, il revient
              sur le site sans qu’aucune somme soit débitée, et son panier est conservé. Une facture
              est adressée au client par e-mail.
            </p>
          </>
        ),
      },
      {
        title: 'Droit de rétractation',
        body: (
          <>
            <p>
              Le client consommateur dispose d’un délai de quatorze jours à compter de la conclusion
              du contrat pour exercer son droit de rétractation, sans avoir à justifier de motifs ni
              à payer de pénalités (articles L221-18 et suivants du code de la consommation).
            </p>
            <p>
              Pour l’exercer, il adresse avant l’expiration du délai une déclaration dénuée
              d’ambiguïté, par e-mail à{' '}
              <a href={`mailto:${company.homestylzEmail}`}>{company.homestylzEmail}</a> ou par
              courrier au {fullAddress}. Il peut utiliser le formulaire type figurant en{' '}
              <a href="#annexe">annexe</a>, sans que ce soit obligatoire. L’Agence rembourse la
              totalité des sommes versées au plus tard quatorze jours après avoir été informée de la
              décision, par le même moyen de paiement que celui utilisé pour la commande.
            </p>
            <p>
              <strong>Prestation commencée pendant le délai de rétractation.</strong> Si le client
              souhaite que l’intervention ait lieu avant la fin du délai de quatorze jours, il en
              fait la demande expresse, par écrit, lors de la prise de rendez-vous. S’il se rétracte
              ensuite, il paie un montant proportionnel à la prestation fournie jusqu’à la
              communication de sa décision de se rétracter (article L221-25 du code de la
              consommation), et le surplus lui est remboursé.
            </p>
            <p>
              Conformément à l’article L221-28, 1° du même code, le droit de rétractation ne peut
              plus être exercé lorsque la prestation a été pleinement exécutée avant la fin du
              délai, après accord préalable exprès du client et renoncement exprès à son droit de
              rétractation.
            </p>
          </>
        ),
      },
      {
        title: 'Exécution des prestations',
        body: (
          <>
            <p>
              Dans les deux jours ouvrés qui suivent la commande, {company.homestylzBrand} contacte
              le client pour convenir de la date de l’intervention. Sauf autre date fixée d’un
              commun accord, la prestation est exécutée au plus tard trente jours après la commande.
              À défaut, le client peut, après avoir enjoint l’Agence de s’exécuter dans un délai
              supplémentaire raisonnable, résoudre le contrat et obtenir le remboursement des sommes
              versées (articles L216-1 et suivants du code de la consommation).
            </p>
            <p>
              Le client garantit l’accès au logement à la date convenue, dans des conditions
              permettant l’intervention (électricité, accès aux pièces concernées), et met à l’abri
              les objets de valeur ou fragiles. Il peut reporter un rendez-vous sans frais en
              prévenant au moins 48 heures à l’avance&nbsp;; l’intervention est alors fixée à la
              prochaine date disponible.
            </p>
          </>
        ),
      },
      {
        title: 'Responsabilité et garanties',
        body: (
          <>
            <p>
              {company.homestylzBrand} s’engage à exécuter ses prestations avec soin, selon les
              règles de l’art. Les conseils et la mise en scène du bien visent à faciliter sa vente
              ou sa location, mais ne sauraient garantir un prix ou un délai de vente.
            </p>
            <p>
              La responsabilité de l’Agence ne peut être engagée qu’en cas de faute prouvée, pour
              les dommages directs causés lors de l’intervention. Elle est couverte par son
              assurance de responsabilité civile professionnelle souscrite auprès de{' '}
              {companyLegal.liabilityInsurance.insurer}. Elle n’est pas engagée en cas de force
              majeure ou de fait du client, notamment s’il n’a pas donné accès au logement.
            </p>
          </>
        ),
      },
    ],
  },
  {
    title: 'Dispositions communes',
    articles: [
      {
        title: 'Données personnelles',
        body: (
          <p>
            Les données recueillies pour l’exécution du mandat ou de la commande sont traitées par
            l’Agence, responsable de traitement, dans les conditions décrites dans la{' '}
            <Link href="/aide/politique-confidentialite">politique de confidentialité</Link>. Le
            client peut exercer ses droits en écrivant à{' '}
            <a href={`mailto:${companyLegal.dpo}`}>{companyLegal.dpo}</a>.
          </p>
        ),
      },
      {
        title: 'Réclamations et médiation',
        body: (
          <>
            <p>
              Toute réclamation est à adresser en priorité au service client&nbsp;: par e-mail à{' '}
              <a href={`mailto:${company.email}`}>{company.email}</a> (ou{' '}
              <a href={`mailto:${company.homestylzEmail}`}>{company.homestylzEmail}</a> pour une
              commande {company.homestylzBrand}), par téléphone au{' '}
              <a href={`tel:${company.phoneE164}`}>{company.phone}</a>, ou par courrier au{' '}
              {fullAddress}.
            </p>
            <p>
              À défaut de solution amiable, et au plus tard un an après sa réclamation écrite, le
              client consommateur peut saisir gratuitement le médiateur de la consommation dont
              relève l’Agence (articles L612-1 et suivants du code de la consommation)&nbsp;:
            </p>
            <ul>
              <li>{mediator.name}</li>
              <li>{mediator.address}</li>
              <li>
                <a href={mediator.url} target="_blank" rel="noopener noreferrer">
                  {mediator.url.replace(/^https?:\/\//, '')}
                </a>
              </li>
            </ul>
          </>
        ),
      },
      {
        title: 'Loi applicable et litiges',
        body: (
          <p>
            Les présentes conditions générales et les contrats qu’elles régissent sont soumis au
            droit français et rédigés en langue française. À défaut d’accord amiable ou de
            médiation, tout litige est porté devant la juridiction compétente selon les règles de
            droit commun&nbsp;; le client consommateur peut saisir, à son choix, la juridiction du
            lieu où il demeurait au moment de la conclusion du contrat (article R631-3 du code de la
            consommation).
          </p>
        ),
      },
    ],
  },
];

/** Articles are numbered continuously across the parts. */
const numberedParts = parts.reduce<{ title: string; articles: (Article & { number: number })[] }[]>(
  (acc, part) => {
    const start = acc.reduce((n, p) => n + p.articles.length, 0);
    acc.push({
      title: part.title,
      articles: part.articles.map((a, i) => ({ ...a, number: start + i + 1 })),
    });
    return acc;
  },
  [],
);

function TableOfContents() {
  return (
    <ol className="space-y-5 text-sm">
      {numberedParts.map((part) => (
        <li key={part.title}>
          <p className="font-semibold text-base-content/70">{part.title}</p>
          <ContentsLinks
            className="mt-2 space-y-1.5 border-l border-base-300"
            links={part.articles.map((article) => ({
              href: `#article-${article.number}`,
              label: (
                <>
                  {article.number}. {article.title}
                </>
              ),
            }))}
          />
        </li>
      ))}
      <li>
        <a
          href="#annexe"
          className="block py-0.5 font-semibold text-base-content/70 hover:text-primary"
        >
          Annexe&nbsp;: formulaire de rétractation
        </a>
      </li>
    </ol>
  );
}

export default function ConditionsGeneralesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Centre d’aide"
        title="Conditions générales"
        lead={`Conditions générales de prestation du mandat de recherche et conditions générales de vente des packs ${company.homestylzBrand}.`}
      >
        <p className="mt-4 text-sm font-medium text-base-content/70">
          Version en vigueur au {VERSION_DATE}
        </p>
      </PageHeader>

      <ContentsLayout label="Sommaire des conditions générales" contents={<TableOfContents />}>
        {numberedParts.map((part, index) => (
          <div key={part.title} className={index === 0 ? '' : 'mt-14'}>
            <p className="border-b border-base-300 pb-2 font-sans text-xs font-bold uppercase tracking-[0.18em] text-secondary-strong">
              {index === 0 ? part.title : `Partie ${index} — ${part.title}`}
            </p>
            {part.articles.map((article) => (
              <section key={article.number} aria-labelledby={`article-${article.number}`}>
                <h2 id={`article-${article.number}`}>
                  Article {article.number} — {article.title}
                </h2>
                {article.body}
              </section>
            ))}
          </div>
        ))}

        <section
          aria-labelledby="annexe"
          className="mt-14 rounded-box border border-base-300 bg-base-200/60 p-5 sm:p-8"
        >
          <h2 id="annexe" className="mt-0!">
            Annexe — Formulaire de rétractation
          </h2>
          <p className="text-sm text-base-content/75">
            Modèle prévu par l’article R221-1 du code de la consommation. Complétez et renvoyez ce
            formulaire uniquement si vous souhaitez vous rétracter du contrat.
          </p>
          <div className="mt-5 space-y-3 rounded-box bg-base-100 p-5 text-sm leading-6">
            <p>
              À l’attention de {companyLegal.legalName} ({company.homestylzBrand}), {fullAddress} —{' '}
              {company.homestylzEmail}&nbsp;:
            </p>
            <p>
              Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du
              contrat portant sur la prestation de services (*) ci-dessous&nbsp;:
            </p>
            <ul className="list-none! pl-0! space-y-2">
              <li>Commandé le (*) / signé le (*)&nbsp;: ……………………</li>
              <li>Nom du (des) consommateur(s)&nbsp;: ……………………</li>
              <li>Adresse du (des) consommateur(s)&nbsp;: ……………………</li>
              <li>
                Signature du (des) consommateur(s) (uniquement en cas de notification du présent
                formulaire sur papier)&nbsp;: ……………………
              </li>
              <li>Date&nbsp;: ……………………</li>
            </ul>
            <p className="text-base-content/70">(*) Rayez la mention inutile.</p>
          </div>
        </section>
      </ContentsLayout>
    </>
  );
}
