import { company } from '../../../domain/company';
import { PageHeader } from '../../../ui';
import { PersonCard } from '../../../ui/person-card';
import { useSession } from '../../auth';

/** /wh-dashboard, for admin, chasseur, directeur and manager (spec 6). Content comes later. */
export default function StaffDashboardPage() {
  const { user, roles } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader
        eyebrow="Espace de gestion"
        title={`Bonjour ${user.firstname}`}
        lead={`Le tableau de bord des équipes ${company.brand}.`}
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_1fr]">
        <section
          aria-labelledby="staff-files-title"
          className="rounded-box border border-dashed border-base-300 bg-base-200/50 p-6 sm:p-8"
        >
          <h2 id="staff-files-title" className="text-2xl font-semibold">
            Dossiers clients
          </h2>
          <p className="mt-3 text-base-content/75">
            Les dossiers des acquéreurs, les biens des propriétaires et le suivi des projets
            apparaîtront ici.
          </p>
        </section>
        <PersonCard person={user} roles={roles} />
      </div>
    </>
  );
}
