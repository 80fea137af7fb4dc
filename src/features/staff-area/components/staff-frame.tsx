import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { hasAnyRole, Role, SUPERVISORS, type RoleCode } from '../../../domain/roles';
import { formatUpdatedAt } from '../../../domain/dates';
import { useSession } from '../../auth';
import { OfflineNotice } from '../../../ui/offline-notice';
import { STAFF_BASE } from '../staff-paths';
import { UnreadCount } from './unread-count';

interface Tab {
  href: string;
  label: string;
  /** Who sees the tab; everyone on staff when absent. The server refuses the rest anyway. */
  roles?: readonly RoleCode[];
  /** The unread notifications' count beside the label (issue 31). */
  count?: boolean;
}

const tabs: Tab[] = [
  { href: STAFF_BASE, label: 'Aujourd’hui' },
  { href: `${STAFF_BASE}/notifications`, label: 'Notifications', count: true },
  { href: `${STAFF_BASE}/acquereurs`, label: 'Acquéreurs' },
  { href: `${STAFF_BASE}/pipeline`, label: 'Pipeline' },
  { href: `${STAFF_BASE}/proprietaires`, label: 'Propriétaires' },
  { href: `${STAFF_BASE}/chiffres`, label: 'Chiffres' },
  { href: `${STAFF_BASE}/commandes`, label: 'Commandes', roles: SUPERVISORS },
  { href: `${STAFF_BASE}/registre-des-mandats`, label: 'Registre des mandats', roles: SUPERVISORS },
  { href: `${STAFF_BASE}/utilisateurs`, label: 'Utilisateurs', roles: [Role.ADMIN] },
  { href: `${STAFF_BASE}/courriels`, label: 'Courriels', roles: SUPERVISORS },
  { href: `${STAFF_BASE}/conservation`, label: 'Conservation', roles: [Role.ADMIN] },
  { href: `${STAFF_BASE}/attribution`, label: 'Attribution' },
];

export const isSupervisor = (roles: readonly number[]) => hasAnyRole(roles, SUPERVISORS);

function isCurrent(href: string, location: string): boolean {
  return href === STAFF_BASE ? location === STAFF_BASE : location.startsWith(href);
}

/**
 * The back office's frame: a compact header with the screen's title, the area's tabs (those the
 * person's roles open), then the screen. `updatedAt`, when the screen shows a kept answer
 * without network: « à jour le 22/11 à 14 h 05 ».
 */
export function StaffFrame({
  title,
  lead,
  actions,
  updatedAt,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  updatedAt?: number | null;
  children: ReactNode;
}) {
  const { roles } = useSession();
  const [location] = useLocation();
  const shown = tabs.filter((t) => !t.roles || hasAnyRole(roles, t.roles));
  return (
    <>
      <header className="border-b border-base-300 bg-base-200">
        <div className="mx-auto max-w-7xl px-4 pt-24 sm:px-6 lg:pt-28">
          <p className="text-sm font-semibold uppercase tracking-wider text-secondary-strong">
            Espace de gestion
          </p>
          <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
              {lead ? <p className="mt-2 max-w-3xl text-base-content/75">{lead}</p> : null}
            </div>
            {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
          </div>
          {updatedAt ? (
            <OfflineNotice className="mt-3">
              Dernière version enregistrée sur cet appareil, {formatUpdatedAt(updatedAt)}.
            </OfflineNotice>
          ) : null}
          <nav
            aria-label="Espace de gestion"
            className="-mx-4 mt-6 overflow-x-auto px-4 sm:mx-0 sm:px-0"
          >
            <ul className="flex min-w-max gap-1">
              {shown.map((tab) => {
                const current = isCurrent(tab.href, location);
                return (
                  <li key={tab.href}>
                    <Link
                      href={tab.href}
                      aria-current={current ? 'page' : undefined}
                      className={`inline-block rounded-t-box border-b-2 px-4 py-3 text-sm font-medium ${
                        current
                          ? 'border-primary bg-base-100 text-primary'
                          : 'border-transparent text-base-content/80 hover:text-primary'
                      }`}
                    >
                      {tab.label}
                      {tab.count ? <UnreadCount /> : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">{children}</div>
    </>
  );
}
