import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageHeader } from './page-blocks';

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
      <div
        className={`mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-12 sm:px-6 ${columns}`}
      >
        {children}
      </div>
    </>
  );
}
