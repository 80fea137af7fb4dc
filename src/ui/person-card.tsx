import { Link } from 'wouter';
import { formatPhone } from '../domain/phone';
import { isRoleCode, roleLabels } from '../domain/role-names';
import type { User } from '../domain/user.schema';

type Person = Pick<User, 'firstname' | 'lastname' | 'email' | 'phone'>;

function initials({ firstname, lastname }: Person): string {
  return `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase() || '?';
}

/**
 * The signed-in person, as the client and staff areas show it, with the way to their settings.
 * Imported by path (not through ui/index.ts): only the account areas need it.
 */
export function PersonCard({
  person,
  roles,
  level: Heading = 'h2',
}: {
  person: Person;
  roles: readonly number[];
  /** The name's heading level: h3 inside a section of its own (the client's « Mon compte »). */
  level?: 'h2' | 'h3';
}) {
  const labels = roles.filter(isRoleCode).map((r) => roleLabels[r]);
  return (
    <section
      aria-labelledby="person-card-name"
      data-testid="person-card"
      className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-content"
        >
          {initials(person)}
        </span>
        <div className="min-w-0">
          <Heading id="person-card-name" className="truncate font-sans text-lg font-semibold">
            {person.firstname} {person.lastname}
          </Heading>
          <p className="flex flex-wrap gap-1.5 pt-1">
            {labels.map((label) => (
              <span
                key={label}
                className="badge badge-soft badge-secondary badge-sm text-secondary-strong"
              >
                {label}
              </span>
            ))}
          </p>
        </div>
      </div>
      <dl className="mt-5 space-y-3 border-t border-base-300 pt-5 text-sm">
        <div>
          <dt className="text-base-content/70">Adresse e-mail</dt>
          <dd className="break-all font-medium">{person.email}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Téléphone</dt>
          <dd className="font-medium">
            {person.phone ? formatPhone(person.phone) : 'Non renseigné'}
          </dd>
        </div>
      </dl>
      <Link href="/parametres" className="btn btn-outline btn-primary btn-block mt-6">
        Paramètres du compte
      </Link>
    </section>
  );
}
