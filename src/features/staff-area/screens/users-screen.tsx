import { useState } from 'react';
import { USERS_PATH, type UserRow } from '../../../domain/api/users';
import { roleLabels } from '../../../domain/role-names';
import { Role } from '../../../domain/roles';
import { notify } from '../../../lib/toast';
import { useHunters } from '../components/hunters';
import { ListFilters, ListFrame, PagedTable, useStaffList } from '../components/staff-list';
import { roleCodes } from './users/user-form';
import { UserPanel, type Panel } from './users/user-panel';
import { fullName, hunterName, StatusBadge } from './users/user-status';

const FILTERS = ['q', 'role', 'archived'] as const;

const roleOptions = [
  { value: '', label: 'Tous' },
  ...roleCodes.map((code) => ({ value: String(code), label: roleLabels[code] })),
];

const archivedOptions = [
  { value: '', label: 'Tous' },
  { value: '0', label: 'Actifs' },
  { value: '1', label: 'Archivés' },
];

const columns = ['Nom', 'Rôles', 'Chasseur', 'Statut'];

/**
 * « Utilisateurs » (admins): every account, searched, filtered and paginated on the server
 * (GET /api/admin/users); create, edit, archive, delete, and the activation link sent again
 * (the panel: ./users/user-panel.tsx).
 */
export function UsersScreen() {
  const list = useStaffList<UserRow>(USERS_PATH, FILTERS);
  const hunters = useHunters(true);
  const [panel, setPanel] = useState<Panel | null>(null);
  const selectedId = panel?.kind === 'edit' ? panel.user._id : null;

  return (
    <ListFrame
      list={list}
      title="Utilisateurs"
      lead="Les comptes des clients et de l’équipe. Un compte archivé ne peut plus se connecter."
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setPanel({ kind: 'new' })}>
          Nouvel utilisateur
        </button>
      }
    >
      <ListFilters
        list={list}
        search={{ label: 'Rechercher un utilisateur', placeholder: 'Nom, e-mail ou téléphone' }}
        filters={[
          { name: 'role', label: 'Rôle', options: roleOptions },
          { name: 'archived', label: 'Comptes', options: archivedOptions },
        ]}
      />
      <div
        className={`grid items-start gap-6 ${panel ? 'lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]' : ''}`}
      >
        <section aria-labelledby="users-list-title" className="min-w-0">
          <h2 id="users-list-title" className="sr-only">
            Liste des utilisateurs
          </h2>
          <PagedTable
            list={list}
            what={['utilisateur', 'utilisateurs']}
            columns={columns}
            row={(u) => (
              <tr key={u._id} className={u._id === selectedId ? 'bg-base-200' : undefined}>
                <td>
                  <button
                    type="button"
                    className="link link-primary text-left font-medium"
                    aria-current={u._id === selectedId ? 'true' : undefined}
                    onClick={() => setPanel({ kind: 'edit', user: u })}
                  >
                    {fullName(u)}
                  </button>
                  <div className="whitespace-nowrap text-sm text-base-content/75">{u.email}</div>
                </td>
                <td>
                  <ul className="flex flex-wrap gap-1">
                    {u.roles.map((r) => (
                      <li key={r} className="badge badge-outline whitespace-nowrap">
                        {roleLabels[r]}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{u.roles.includes(Role.CLIENT) ? hunterName(u, hunters) : '—'}</td>
                <td>
                  <StatusBadge user={u} />
                </td>
              </tr>
            )}
          />
        </section>
        {panel ? (
          <UserPanel
            key={panel.kind === 'edit' ? panel.user._id : 'new'}
            panel={panel}
            hunters={hunters}
            onSaved={(user, created) => {
              if (created)
                notify.success(
                  `Le compte de ${user.firstname} ${user.lastname} est créé\u00a0: un e-mail lui a été envoyé pour choisir son mot de passe.`,
                );
              else if (panel.kind === 'edit' && panel.user.isArchived === user.isArchived)
                notify.success('Les modifications sont enregistrées.');
              setPanel({ kind: 'edit', user });
              list.reload();
            }}
            onReloaded={(user) => {
              setPanel({ kind: 'edit', user });
              list.reload();
            }}
            onDeleted={(user) => {
              notify.success(`Le compte de ${user.firstname} ${user.lastname} est supprimé.`);
              setPanel(null);
              list.reload();
            }}
            onClose={() => setPanel(null)}
          />
        ) : null}
      </div>
    </ListFrame>
  );
}
