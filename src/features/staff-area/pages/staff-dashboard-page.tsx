import { company } from '../../../domain/company';
import { MyDashboard } from '../../auth/my-dashboard';

/** /wh-dashboard, for admin, chasseur, directeur and manager (spec 6). Content comes later. */
export default function StaffDashboardPage() {
  return (
    <MyDashboard
      eyebrow="Espace de gestion"
      lead={`Le tableau de bord des équipes ${company.brand}.`}
      titleId="staff-files-title"
      title="Dossiers clients"
    >
      <p className="mt-3 text-base-content/75">
        Les dossiers des acquéreurs, les biens des propriétaires et le suivi des projets
        apparaîtront ici.
      </p>
    </MyDashboard>
  );
}
