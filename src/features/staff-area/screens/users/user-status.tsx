import type { User } from '../../../../domain/user.schema';

export type Hunter = { id: string; name: string };

/** Actif, archivé, or waiting for the person to choose a password through the e-mailed link. */
export function StatusBadge({ user }: { user: User }) {
  if (user.isArchived)
    return <span className="badge badge-neutral whitespace-nowrap">Archivé</span>;
  if (!user.isActive)
    return <span className="badge badge-warning whitespace-nowrap">En attente d’activation</span>;
  return <span className="badge badge-success whitespace-nowrap">Actif</span>;
}

/** « Élodie Martin », as every screen writes a name (the list still sorts by the last name). */
export { fullName } from '../../../../domain/person-name';

/** A client's hunter by name; a dash without one. */
export function hunterName(user: User, hunters: readonly Hunter[]): string {
  if (!user.idChasseur) return '—';
  return hunters.find((h) => h.id === user.idChasseur)?.name ?? 'Chasseur archivé';
}
