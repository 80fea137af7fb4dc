import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { INVALID_FIELDS } from '../../../../domain/api/errors';
import {
  USERS_PATH,
  userFieldsSchema,
  type UserFields,
  type UserFieldsInput,
  type UserRow,
} from '../../../../domain/api/users';
import { roleLabels } from '../../../../domain/role-names';
import { Role, type RoleCode } from '../../../../domain/roles';
import { LabelledInput } from '../../../../ui/form/labelled-input';
import { staffChange } from '../../staff-api';
import type { Hunter } from './user-status';

/** The roles in the order people think of them: the client first, the admin last. */
export const roleCodes = Object.keys(roleLabels).map(Number) as RoleCode[];

type Values = UserFieldsInput;

const emptyValues: Values = {
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  roles: [Role.CLIENT],
  idChasseur: null,
};

const valuesOf = (u: UserRow): Values => ({
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  phone: u.phone,
  roles: [...u.roles],
  idChasseur: u.idChasseur,
});

const fieldNames = new Set<string>(Object.keys(emptyValues));

/**
 * The create and edit form (react-hook-form, checked with the contract's userFieldsSchema, the
 * one the server checks): each field's French message under it, the server's by the field's
 * name; what was typed stays on error. An edit carries the version it was read at: a stale one
 * (409) hands the account as it is now to `onStale`.
 */
export function UserForm({
  user,
  hunters,
  onSaved,
  onStale,
  onCancel,
}: {
  /** Absent: a new account (POST), the person then chooses a password through an e-mailed link. */
  user?: UserRow;
  hunters: readonly Hunter[];
  onSaved: (saved: UserRow) => void;
  onStale: (message: string, current: UserRow) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [message, setMessage] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, UserFields>({
    resolver: zodResolver(userFieldsSchema),
    defaultValues: user ? valuesOf(user) : emptyValues,
    // The focus stays on the button pressed; the messages say what to fix.
    shouldFocusError: false,
  });
  const roles = useWatch({ control, name: 'roles' });
  const idChasseur = useWatch({ control, name: 'idChasseur' }) ?? '';
  const isClient = roles.includes(Role.CLIENT);

  const submit = handleSubmit(
    async (fields) => {
      setMessage('');
      const body = { ...fields, idChasseur: isClient ? fields.idChasseur : null };
      const answer = await staffChange<UserRow>(
        user ? `${USERS_PATH}/${encodeURIComponent(user._id)}` : USERS_PATH,
        user ? 'PUT' : 'POST',
        user ? { ...body, version: user.version } : body,
      );
      if (answer.ok) return onSaved(answer.data);
      if (answer.status === 409 && answer.current)
        return onStale(answer.message, answer.current as UserRow);
      for (const [path, text] of Object.entries(answer.fieldErrors)) {
        const name = path.split('.')[0] ?? path;
        if (fieldNames.has(name)) setError(name as FieldPath<Values>, { message: text });
      }
      setMessage(answer.message);
    },
    () => setMessage(INVALID_FIELDS),
  );

  const input = (
    name: 'firstname' | 'lastname' | 'email' | 'phone',
    label: string,
    extra: { type?: string; inputMode?: 'tel' | 'email' },
  ) => {
    const error = errors[name]?.message;
    return (
      <LabelledInput
        id={`${id}-${name}`}
        label={label}
        labelClassName="mb-1 block text-sm font-medium"
        invalid={!!error}
        messageId={`${id}-${name}-message`}
        autoComplete="off"
        {...extra}
        {...register(name)}
      >
        {error ? (
          <p id={`${id}-${name}-message`} className="mt-1 text-sm text-error">
            {error}
          </p>
        ) : null}
      </LabelledInput>
    );
  };

  const rolesError = errors.roles?.message ?? errors.roles?.root?.message;
  const hunterError = errors.idChasseur?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {input('firstname', 'Prénom', {})}
        {input('lastname', 'Nom', {})}
      </div>
      {input('email', 'Adresse e-mail', { type: 'email', inputMode: 'email' })}
      {input('phone', 'Téléphone (facultatif)', { type: 'tel', inputMode: 'tel' })}
      <fieldset aria-describedby={rolesError ? `${id}-roles-message` : undefined}>
        <legend className="mb-1 text-sm font-medium">Rôles</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {roleCodes.map((code) => (
            <label key={code} className="flex cursor-pointer items-center gap-2 py-1">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={roles.includes(code)}
                onChange={(event) =>
                  setValue(
                    'roles',
                    event.target.checked
                      ? roleCodes.filter((c) => c === code || roles.includes(c))
                      : roles.filter((c) => c !== code),
                    { shouldDirty: true },
                  )
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
            value={idChasseur}
            aria-invalid={!!hunterError}
            aria-describedby={hunterError ? `${id}-hunter-message` : undefined}
            onChange={(event) =>
              setValue('idChasseur', event.target.value || null, { shouldDirty: true })
            }
          >
            <option value="">Aucun pour l’instant</option>
            {idChasseur && !hunters.some((h) => h.id === idChasseur) ? (
              <option value={idChasseur}>Chasseur archivé</option>
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
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {user ? 'Enregistrer les modifications' : 'Créer l’utilisateur'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </form>
  );
}
