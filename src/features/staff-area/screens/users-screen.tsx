import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { roleLabels } from '../../../domain/role-names';
import { Role, type RoleCode } from '../../../domain/roles';
import type { StaffPage } from '../../../domain/staff-views';
import type { User } from '../../../domain/user.schema';
import { api, toApiFailure } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { LabelledInput } from '../../../ui/form/labelled-input';
import { useHunters } from '../components/hunters';
import {
  ListBar,
  Pager,
  SearchField,
  SelectFilter,
  useListQuery,
} from '../components/list-controls';
import { offlineSince } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';
import { StaffFrame } from '../components/staff-frame';
import { staffChange, useStaffApi } from '../staff-api';
import { withQuery } from '../staff-paths';
import { TableFrame } from '../components/table-frame';

const FILTERS = ['q', 'role', 'archived'] as const;

/** The roles in the order people think of them: the client first, the admin last. */
const roleCodes = Object.keys(roleLabels).map(Number) as RoleCode[];

const roleOptions = [
  { value: '', label: 'Tous' },
  ...roleCodes.map((code) => ({ value: String(code), label: roleLabels[code] })),
];

const archivedOptions = [
  { value: '', label: 'Tous' },
  { value: '0', label: 'Actifs' },
  { value: '1', label: 'Archivés' },
];

type Hunter = { id: string; name: string };

/** Actif, archivé, or waiting for the person to choose a password through the e-mailed link. */
function StatusBadge({ user }: { user: User }) {
  if (user.isArchived)
    return <span className="badge badge-neutral whitespace-nowrap">Archivé</span>;
  if (!user.isActive)
    return <span className="badge badge-warning whitespace-nowrap">En attente d’activation</span>;
  return <span className="badge badge-success whitespace-nowrap">Actif</span>;
}

const fullName = (u: Pick<User, 'firstname' | 'lastname'>) => `${u.lastname} ${u.firstname}`;

function hunterName(user: User, hunters: readonly Hunter[]): string {
  if (!user.idChasseur) return '—';
  return hunters.find((h) => h.id === user.idChasseur)?.name ?? 'Chasseur archivé';
}

interface Fields {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  roles: RoleCode[];
  idChasseur: string;
}

const emptyFields: Fields = {
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  roles: [Role.CLIENT],
  idChasseur: '',
};

const fieldsOf = (u: User): Fields => ({
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  phone: u.phone,
  roles: [...u.roles],
  idChasseur: u.idChasseur ?? '',
});

/**
 * The create and edit form: the server checks every field and answers French messages per field,
 * shown under each; what was typed stays on error.
 */
function UserForm({
  user,
  hunters,
  onSaved,
  onCancel,
}: {
  /** Absent: a new account (POST), the person then chooses a password through an e-mailed link. */
  user?: User;
  hunters: readonly Hunter[];
  onSaved: (saved: User) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(user ? fieldsOf(user) : emptyFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const isClient = fields.roles.includes(Role.CLIENT);
  const update = (changes: Partial<Fields>) => setFields((f) => ({ ...f, ...changes }));
  const errorOf = (name: string) =>
    errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      const saved = await api<User>(
        user ? `/api/admin/users/${encodeURIComponent(user._id)}` : '/api/admin/users',
        {
          method: user ? 'PUT' : 'POST',
          body: {
            firstname: fields.firstname,
            lastname: fields.lastname,
            email: fields.email,
            phone: fields.phone,
            roles: fields.roles,
            idChasseur: isClient && fields.idChasseur ? fields.idChasseur : null,
          },
        },
      );
      setErrors({});
      onSaved(saved);
    } catch (error) {
      const failure = toApiFailure(error);
      const fieldErrors = { ...failure.fieldErrors };
      // « Un compte existe déjà avec cette adresse e-mail. »: said next to the e-mail too.
      if (failure.status === 409 && /adresse e-mail/.test(failure.message))
        fieldErrors.email = failure.message;
      if (
        failure.status === 400 &&
        !failure.fieldErrors.idChasseur &&
        /chasseur/i.test(failure.message)
      )
        fieldErrors.idChasseur = failure.message;
      setErrors(fieldErrors);
      setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const input = (
    name: 'firstname' | 'lastname' | 'email' | 'phone',
    label: string,
    extra: { type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' },
  ) => {
    const error = errorOf(name);
    return (
      <LabelledInput
        id={`${id}-${name}`}
        label={label}
        labelClassName="mb-1 block text-sm font-medium"
        invalid={!!error}
        messageId={`${id}-${name}-message`}
        value={fields[name]}
        onChange={(event) => update({ [name]: event.target.value })}
        {...extra}
      >
        {error ? (
          <p id={`${id}-${name}-message`} className="mt-1 text-sm text-error">
            {error}
          </p>
        ) : null}
      </LabelledInput>
    );
  };

  const rolesError = errorOf('roles');
  const hunterError = errorOf('idChasseur');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {input('firstname', 'Prénom', { autoComplete: 'off' })}
        {input('lastname', 'Nom', { autoComplete: 'off' })}
      </div>
      {input('email', 'Adresse e-mail', { type: 'email', inputMode: 'email', autoComplete: 'off' })}
      {input('phone', 'Téléphone (facultatif)', {
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'off',
      })}
      <fieldset aria-describedby={rolesError ? `${id}-roles-message` : undefined}>
        <legend className="mb-1 text-sm font-medium">Rôles</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {roleCodes.map((code) => (
            <label key={code} className="flex cursor-pointer items-center gap-2 py-1">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={fields.roles.includes(code)}
                onChange={(event) =>
                  update({
                    roles: event.target.checked
                      ? roleCodes.filter((c) => c === code || fields.roles.includes(c))
                      : fields.roles.filter((c) => c !== code),
                  })
                }
              />
              {roleLabels[code]}
            </label>
          ))}
        </div>
        {rolesError ? (
          <p id={`${id}-roles-message`} className="mt-1 text-sm text-error">
            {rolesError}
          </p>
        ) : null}
      </fieldset>
      {isClient ? (
        <div>
          <label htmlFor={`${id}-hunter`} className="mb-1 block text-sm font-medium">
            Chasseur du client
          </label>
          <select
            id={`${id}-hunter`}
            className={`select w-full ${hunterError ? 'select-error' : ''}`}
            value={fields.idChasseur}
            aria-invalid={!!hunterError}
            aria-describedby={hunterError ? `${id}-hunter-message` : undefined}
            onChange={(event) => update({ idChasseur: event.target.value })}
          >
            <option value="">Aucun pour l’instant</option>
            {fields.idChasseur && !hunters.some((h) => h.id === fields.idChasseur) ? (
              <option value={fields.idChasseur}>Chasseur archivé</option>
            ) : null}
            {hunters.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
          {hunterError ? (
            <p id={`${id}-hunter-message`} className="mt-1 text-sm text-error">
              {hunterError}
            </p>
          ) : null}
        </div>
      ) : null}
      {message ? (
        <p role="alert" className="alert alert-error text-sm">
          {message}
        </p>
      ) : null}
      {user ? null : (
        <p className="text-sm text-base-content/75">
          La personne reçoit un e-mail pour choisir son mot de passe&nbsp;; son compte est actif dès
          qu’elle l’a fait (lien valable 48&nbsp;heures).
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {user ? 'Enregistrer les modifications' : 'Créer l’utilisateur'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </form>
  );
}

/** « Supprimer », confirmed in a modal dialog; the server's refusal is shown in it. */
function DeleteButton({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [refusal, setRefusal] = useState('');
  const remove = async () => {
    const answer = await staffChange<null>(
      `/api/admin/users/${encodeURIComponent(user._id)}`,
      'DELETE',
    );
    if (answer.ok) {
      dialog.current?.close();
      onDeleted();
    } else setRefusal(answer.message);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        onClick={() => {
          setRefusal('');
          dialog.current?.showModal();
        }}
      >
        Supprimer
      </button>
      <dialog
        ref={dialog}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <div className="modal-box">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            Supprimer le compte de {user.firstname} {user.lastname}&#8239;?
          </h2>
          <p id={`${id}-text`} className="mt-3 text-base-content/75">
            Le compte est effacé définitivement. Un utilisateur qui a des projets, des commandes ou
            des clients attribués ne peut pas être supprimé&nbsp;: archivez-le plutôt.
          </p>
          {refusal ? (
            <p role="alert" className="alert alert-error mt-4 text-sm">
              {refusal}
            </p>
          ) : null}
          <div className="modal-action">
            <form method="dialog">
              <button type="submit" className="btn btn-ghost">
                Annuler
              </button>
            </form>
            <BusyButton className="btn btn-error" run={remove}>
              Supprimer définitivement
            </BusyButton>
          </div>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1}>
            Fermer
          </button>
        </form>
      </dialog>
    </>
  );
}

type Panel = { kind: 'new' } | { kind: 'edit'; user: User };

/** The panel beside the list (below it on a phone): its heading takes the focus when it opens. */
function UserPanel({
  panel,
  hunters,
  onSaved,
  onDeleted,
  onClose,
}: {
  panel: Panel;
  hunters: readonly Hunter[];
  onSaved: (user: User, created: boolean) => void;
  onDeleted: (user: User) => void;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const user = panel.kind === 'edit' ? panel.user : undefined;

  const archive = async (u: User) => {
    const answer = await staffChange<User>(`/api/users/${encodeURIComponent(u._id)}`, 'PUT', {
      isArchived: !u.isArchived,
    });
    if (answer.ok) {
      notify.success(
        answer.data.isArchived
          ? `Le compte de ${u.firstname} ${u.lastname} est archivé.`
          : `Le compte de ${u.firstname} ${u.lastname} est de nouveau actif.`,
      );
      onSaved(answer.data, false);
    } else notify.error(answer.message);
  };

  const resend = async (u: User) => {
    const answer = await staffChange<{ sent: boolean }>(
      `/api/admin/users/${encodeURIComponent(u._id)}/resend-activation`,
      'POST',
    );
    if (answer.ok) notify.success(`Un nouveau lien d’activation a été envoyé à ${u.email}.`);
    else notify.error(answer.message);
  };

  return (
    <section
      aria-labelledby="user-panel-title"
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <h2
        id="user-panel-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {user ? fullName(user) : 'Nouvel utilisateur'}
      </h2>
      {user ? (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-base-content/75">Statut&nbsp;:</span>
            <StatusBadge user={user} />
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <BusyButton className="btn btn-outline btn-sm" run={() => archive(user)}>
              {user.isArchived ? 'Désarchiver' : 'Archiver'}
            </BusyButton>
            {!user.isActive && !user.isArchived ? (
              <BusyButton className="btn btn-outline btn-sm" run={() => resend(user)}>
                Renvoyer le lien d’activation
              </BusyButton>
            ) : null}
            <DeleteButton user={user} onDeleted={() => onDeleted(user)} />
          </div>
          <h3 className="mt-6 mb-3 font-semibold">Modifier le compte</h3>
        </>
      ) : (
        <div className="mb-3" />
      )}
      <UserForm
        key={user ? `${user._id}-${user.email}` : 'new'}
        user={user}
        hunters={hunters}
        onSaved={(saved) => onSaved(saved, !user)}
        onCancel={onClose}
      />
    </section>
  );
}

/**
 * « Utilisateurs » (admins): every account, searched, filtered and paginated on the server
 * (GET /api/admin/users); create, edit, archive, delete, and the activation link sent again.
 */
export function UsersScreen() {
  const { values, page, set } = useListQuery(FILTERS);
  const hunters = useHunters(true);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [load, reload] = useStaffApi<StaffPage<User>>(
    withQuery('/api/admin/users', { ...values, page }),
  );
  const selectedId = panel?.kind === 'edit' ? panel.user._id : null;

  return (
    <StaffFrame
      title="Utilisateurs"
      lead="Les comptes des clients et de l’équipe. Un compte archivé ne peut plus se connecter."
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setPanel({ kind: 'new' })}>
          Nouvel utilisateur
        </button>
      }
      updatedAt={offlineSince(load)}
    >
      <ListBar>
        <SearchField
          label="Rechercher un utilisateur"
          placeholder="Nom, e-mail ou téléphone"
          value={values.q}
          onSearch={(q) => set({ q })}
        />
        <SelectFilter
          label="Rôle"
          value={values.role}
          options={roleOptions}
          onChange={(role) => set({ role })}
        />
        <SelectFilter
          label="Comptes"
          value={values.archived}
          options={archivedOptions}
          onChange={(archived) => set({ archived })}
        />
      </ListBar>
      <div
        className={`grid items-start gap-6 ${panel ? 'lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]' : ''}`}
      >
        <section aria-labelledby="users-list-title" className="min-w-0">
          <h2 id="users-list-title" className="sr-only">
            Liste des utilisateurs
          </h2>
          <LoadGate load={load} loading="Chargement des utilisateurs…">
            {(data) =>
              data.items.length === 0 ? (
                <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
                  Aucun utilisateur ne correspond à cette recherche.
                </p>
              ) : (
                <>
                  <TableFrame label="Tableau des utilisateurs">
                    <table className="table">
                      <caption className="sr-only">Utilisateurs, page {data.page}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Nom</th>
                          <th scope="col">Rôles</th>
                          <th scope="col">Chasseur</th>
                          <th scope="col">Statut</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.items.map((u) => (
                          <tr
                            key={u._id}
                            className={u._id === selectedId ? 'bg-base-200' : undefined}
                          >
                            <td>
                              <button
                                type="button"
                                className="link link-primary text-left font-medium"
                                aria-current={u._id === selectedId ? 'true' : undefined}
                                onClick={() => setPanel({ kind: 'edit', user: u })}
                              >
                                {fullName(u)}
                              </button>
                              <div className="whitespace-nowrap text-sm text-base-content/75">
                                {u.email}
                              </div>
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
                        ))}
                      </tbody>
                    </table>
                  </TableFrame>
                  <Pager
                    page={data.page}
                    pageSize={data.pageSize}
                    total={data.total}
                    noun={['utilisateur', 'utilisateurs']}
                    onPage={(p) => set({ page: p })}
                  />
                </>
              )
            }
          </LoadGate>
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
              reload();
            }}
            onDeleted={(user) => {
              notify.success(`Le compte de ${user.firstname} ${user.lastname} est supprimé.`);
              setPanel(null);
              reload();
            }}
            onClose={() => setPanel(null)}
          />
        ) : null}
      </div>
    </StaffFrame>
  );
}
