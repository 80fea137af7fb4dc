import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company, fullAddress } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { openCookieSettings } from '../../consent';
import { ContentsLinks, PageHeader } from '../../../ui/page-blocks';

interface Fact {
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a definition list, one row per fact. */
function Facts({ facts, label }: { facts: Fact[]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 px-5"
    >
      {facts.map((fact) => (
        <div
          key={fact.label}
          className="grid gap-0.5 py-3 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-6"
        >
          <dt className="text-sm font-semibold text-base-content/70 sm:pt-0.5">{fact.label}</dt>
          <dd className="break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const siteHost = company.siteUrl.replace(/^https?:\/\//, '');

const publisher: Fact[] = [
  { label: 'Dénomination sociale', value: companyLegal.legalName },
  { label: 'Forme juridique', value: companyLegal.legalForm },
  { label: 'Capital social', value: companyLegal.shareCapital },
  { label: 'Siège social', value: fullAddress },
  { label: 'Immatriculation', value: companyLegal.rcs },
  { label: 'SIRET', value: companyLegal.siret },
  { label: 'N° de TVA intracommunautaire', value: companyLegal.vatNumber },
  { label: 'Téléphone', value: <a href={`tel:${company.phoneE164}`}>{company.phone}</a> },
  {
    label: 'E-mail',
    value: <a href={`mailto:${company.email}`}>{company.email}</a>,
  },
  {
    label: 'Marque',
    value: (
      <>
        {company.homestylzBrand} (home staging), exploitée par {companyLegal.legalName} —{' '}
        <a href={`mailto:${company.homestylzEmail}`}>{company.homestylzEmail}</a>
      </>
    ),
  },
];

const professionalCard: Fact[] = [
  { label: 'Carte professionnelle', value: `n°\u00a0${company.professionalCard.number}` },
  { label: 'Mention', value: `«\u00a0${company.professionalCard.mention}\u00a0»` },
  { label: 'Délivrée par', value: company.professionalCard.issuer },
];

const insurance: Fact[] = [
  { label: 'Assureur', value: companyLegal.liabilityInsurance.insurer },
  { label: 'Contrat', value: companyLegal.liabilityInsurance.policy },
  { label: 'Couverture géographique', value: companyLegal.liabilityInsurance.scope },
];

const host: Fact[] = [
  { label: 'Hébergeur', value: companyLegal.host.name },
  { label: 'Adresse', value: companyLegal.host.address },
  { label: 'Téléphone', value: companyLegal.host.phone },
];

interface Chapter {
  id: string;
  title: string;
  body: ReactNode;
}

const chapters: Chapter[] = [
  {
    id: 'editeur',
    title: 'Éditeur du site',
    body: (
      <>
        <p>
          Le site <a href={company.siteUrl}>{siteHost}</a> et l’application qui l’accompagne sont
          édités par&nbsp;:
        </p>
        <Facts facts={publisher} label="Identité de l’éditeur" />
      </>
    ),
  },
  {
    id: 'directeur-publication',
    title: 'Directeur de la publication',
    body: (
      <>
        <p>{companyLegal.publicationDirector}.</p>
      </>
    ),
  },
  {
    id: 'carte-professionnelle',
    title: 'Activité réglementée et carte professionnelle',
    body: (
      <>
        <p>
          {company.brand} exerce une activité d’intermédiaire en transactions immobilières, régie
          par la loi n°&nbsp;70-9 du 2 janvier 1970 (loi Hoguet) et son décret d’application
          n°&nbsp;72-678 du 20 juillet 1972. Elle respecte le code de déontologie des professionnels
          de l’immobilier (décret n°&nbsp;2015-1090 du 28 août 2015).
        </p>
        <Facts facts={professionalCard} label="Carte professionnelle" />
        <p className="mt-4">
          Les chasseurs immobiliers qui agissent pour le compte de {company.brand} sont titulaires
          d’une attestation d’habilitation délivrée par la société.
        </p>
      </>
    ),
  },
  {
    id: 'garantie-financiere',
    title: 'Garantie financière',
    body: (
      <>
        {companyLegal.holdsClientFunds ? (
          <p>{companyLegal.financialGuarantee}</p>
        ) : (
          <p>
            {companyLegal.financialGuarantee} Elle n’est donc pas tenue de justifier d’une garantie
            financière (article 3 de la loi n°&nbsp;70-9 du 2 janvier 1970). Le dépôt de garantie et
            le prix de vente sont versés au notaire.
          </p>
        )}
      </>
    ),
  },
  {
    id: 'assurance',
    title: 'Assurance responsabilité civile professionnelle',
    body: (
      <>
        <p>
          Conformément à l’article 3 de la loi Hoguet, {company.brand} a souscrit une assurance
          garantissant les conséquences pécuniaires de sa responsabilité civile
          professionnelle&nbsp;:
        </p>
        <Facts facts={insurance} label="Assurance responsabilité civile professionnelle" />
      </>
    ),
  },
  {
    id: 'honoraires',
    title: 'Honoraires',
    body: (
      <>
        <p>
          Nos honoraires, exprimés toutes taxes comprises, figurent dans notre{' '}
          <Link href="/tarifs#tarifs">barème d’honoraires</Link>, accessible depuis chaque page du
          site. Ils ne sont dus qu’à la signature de l’acte authentique. Les conditions de nos
          mandats et de nos ventes en ligne sont décrites dans nos{' '}
          <Link href="/aide/conditions-generales">conditions générales</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'mediation',
    title: 'Médiation de la consommation',
    body: (
      <>
        <p>
          En cas de litige, adressez d’abord une réclamation écrite à{' '}
          <a href={`mailto:${company.email}`}>{company.email}</a>. À défaut de solution amiable,
          vous pouvez saisir gratuitement, dans un délai d’un an à compter de cette réclamation, le
          médiateur de la consommation dont nous relevons (articles L612-1 et suivants du code de la
          consommation)&nbsp;:
        </p>
        <ul>
          <li>{companyLegal.mediator.name}</li>
          <li>{companyLegal.mediator.address}</li>
          <li>
            <a href={companyLegal.mediator.url} target="_blank" rel="noopener noreferrer">
              {companyLegal.mediator.url.replace(/^https?:\/\//, '')}
            </a>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'hebergement',
    title: 'Hébergement',
    body: (
      <>
        <p>Le site et les données qu’il recueille sont hébergés par&nbsp;:</p>
        <Facts facts={host} label="Hébergeur" />
      </>
    ),
  },
  {
    id: 'propriete-intellectuelle',
    title: 'Propriété intellectuelle',
    body: (
      <>
        <p>
          L’ensemble des contenus de ce site (textes, illustrations, photographies, logos, marques{' '}
          {company.brand} et {company.homestylzBrand}, charte graphique, logiciels) est la propriété
          de {companyLegal.legalName} ou de ses partenaires, et protégé par le code de la propriété
          intellectuelle. Toute reproduction, représentation ou adaptation, totale ou partielle,
          sans autorisation écrite préalable est interdite et constitue une contrefaçon (articles
          L122-4 et L335-2 du code de la propriété intellectuelle).
        </p>
        <p>
          Les liens vers d’autres sites sont fournis pour votre information&nbsp;: nous ne
          contrôlons pas leur contenu et n’en sommes pas responsables.
        </p>
      </>
    ),
  },
  {
    id: 'donnees-personnelles',
    title: 'Données personnelles',
    body: (
      <>
        <p>
          {companyLegal.legalName} est responsable des traitements de données personnelles réalisés
          sur ce site. Les données recueillies, leurs finalités, leurs durées de conservation et vos
          droits sont décrits dans notre{' '}
          <Link href="/aide/politique-confidentialite">politique de confidentialité</Link>. Pour
          toute question, écrivez à notre délégué à la protection des données&nbsp;:{' '}
          <a href={`mailto:${companyLegal.dpo}`}>{companyLegal.dpo}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Les cookies de mesure d’audience ne sont déposés qu’avec votre accord&nbsp;; votre choix
          est conservé six mois. Vous pouvez le modifier à tout moment avec le bouton ci-dessous ou
          le lien «&nbsp;Gestion des cookies&nbsp;» en bas de chaque page. Pour en savoir plus,
          consultez la <Link href="/aide/politique-confidentialite#cookies">rubrique Cookies</Link>{' '}
          de notre politique de confidentialité.
        </p>
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm"
          onClick={openCookieSettings}
        >
          Gérer mes cookies
        </button>
      </>
    ),
  },
];

const contents = chapters.map((chapter) => ({ href: `#${chapter.id}`, label: chapter.title }));

export default function MentionsLegalesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Centre d’aide"
        title="Mentions légales"
        lead={`Les informations légales sur ${company.brand}, éditeur de ce site, et sur son activité d’agent immobilier réglementée par la loi Hoguet.`}
      />

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
          <aside className="hidden lg:block">
            <nav aria-label="Sommaire des mentions légales" className="sticky top-24 pb-6">
              <p className="mb-4 font-sans text-xs font-bold uppercase tracking-[0.18em] text-secondary-strong">
                Sommaire
              </p>
              <ContentsLinks links={contents} />
            </nav>
          </aside>

          <div className="prose-page">
            {chapters.map((chapter, index) => (
              <section key={chapter.id} aria-labelledby={chapter.id}>
                <h2 id={chapter.id} className={index === 0 ? 'mt-0!' : undefined}>
                  {chapter.title}
                </h2>
                {chapter.body}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
