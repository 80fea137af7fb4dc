import { company } from '../../../domain/company';
import { MyDashboard } from '../../auth/my-dashboard';
import { MyOrders } from '../components/my-orders';
import { ProjectSummary } from '../components/project-summary';

const nextSteps = [
  'Les étapes de votre recherche, de la validation du mandat à la signature de l’acte',
  'Les biens que votre chasseur immobilier vous propose et les comptes rendus de visite',
  'Les documents à fournir pour votre dossier d’acquéreur',
];

/** /dashboard, client only (spec 6): the buyer's project (criteria and stage) and the account. */
export default function ClientDashboardPage() {
  return (
    <MyDashboard
      eyebrow="Mon Espace"
      lead={
        'Bienvenue dans votre espace client\u00a0: vous y suivrez votre projet d’achat avec votre chasseur immobilier.'
      }
      titleId="client-project-title"
      title="Votre projet"
    >
      <ProjectSummary />
      <MyOrders />
      <p className="mt-6 text-base-content/75">Vous retrouverez bientôt ici&nbsp;:</p>
      <ul className="mt-4 space-y-2 text-base-content/75">
        {nextSteps.map((step) => (
          <li key={step} className="flex gap-2">
            <span aria-hidden="true" className="text-secondary-strong">
              —
            </span>
            {step}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-base-content/70">
        Une question d’ici là&nbsp;? Appelez-nous au{' '}
        <a href={`tel:${company.phoneE164}`} className="link link-primary">
          {company.phone}
        </a>
        .
      </p>
    </MyDashboard>
  );
}
