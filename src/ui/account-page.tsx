import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { User } from '../domain/user.schema';
import { PageHeader } from './page-blocks';
import { PersonCard } from './person-card';

/**
 * The frame of a signed-in person's pages (settings, dashboards): the page header, then a grid
 * of columns (`columns`, from lg up). Imported by path (not through ui/index.ts): only the
 * account areas need it.
 */
export function AccountPage({
  eyebrow,
  title,
  lead,
  backTo,
  columns,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** The person's area, linked back to under the lead. */
  backTo?: string;
  columns: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead}>
        {backTo ? (
          <Link href={backTo} className="btn btn-ghost btn-sm mt-6 -ml-3">
            ← Retour à Mon Espace
          </Link>
        ) : null}
      </PageHeader>
      <div className={`mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 ${columns}`}>{children}</div>
    </>
  );
}

/**
 * A dashboard (client or staff area): a greeting, the area's main section (`title`, `children`)
 * and, beside it, the person's card.
 */
export interface DashboardProps {
  person: Pick<User, 'firstname' | 'lastname' | 'email' | 'phone'>;
  roles: readonly number[];
  eyebrow: string;
  lead: ReactNode;
  /** The id of the section's title, which names the section. */
  titleId: string;
  title: string;
  children: ReactNode;
}

export function Dashboard({
  person,
  roles,
  eyebrow,
  lead,
  titleId,
  title,
  children,
}: DashboardProps) {
  return (
    <AccountPage
      eyebrow={eyebrow}
      title={`Bonjour ${person.firstname}`}
      lead={lead}
      columns="lg:grid-cols-[2fr_1fr]"
    >
      <section
        aria-labelledby={titleId}
        className="rounded-box border border-dashed border-base-300 bg-base-200/50 p-6 sm:p-8"
      >
        <h2 id={titleId} className="text-2xl font-semibold">
          {title}
        </h2>
        {children}
      </section>
      <PersonCard person={person} roles={roles} />
    </AccountPage>
  );
}
