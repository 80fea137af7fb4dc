import { useId, useRef, useState } from 'react';
import {
  CLIENT_EXPORT_PATH,
  DELETE_ACCOUNT_PATH,
  deletionSchema,
} from '../../../domain/api/client';
import { api, toApiFailure } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { PersonCard } from '../../../ui/person-card';
import { logout, useSession } from '../../auth';

/** « Télécharger mes données » (RGPD art. 15 and 20): one JSON file, fetched with the token. */
function ExportButton() {
  return (
    <BusyButton
      className="btn btn-outline"
      run={async () => {
        try {
          const blob = await api(CLIENT_EXPORT_PATH, { responseType: 'blob' });
          const url = URL.createObjectURL(blob);
          const link = document.createElement('a');
          link.href = url;
          link.download = 'mes-donnees-chassimmo.json';
          document.body.append(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
          notify.success('Vos données sont téléchargées. Un e-mail vous le confirme.');
        } catch (error) {
          notify.error(toApiFailure(error).message);
        }
      }}
    >
      Télécharger mes données
    </BusyButton>
  );
}

/**
 * « Supprimer mon compte »: a native dialog that says what goes and what stays, asks the
 * password, and shows the server's refusal beside it (the password typed is kept). Once deleted,
 * the dialog says so; « Terminer » signs out (the server has already ended every session).
 */
function DeleteAccount() {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [deleted, setDeleted] = useState(false);
  const { register, submit, reset, formState, failure, setFailure, clearErrors } = useSchemaForm(
    deletionSchema,
    // Said when « Supprimer définitivement » is pressed, not as the field is left.
    { defaultValues: { password: '' }, mode: 'onSubmit' },
  );
  const error = formState.errors.password?.message ?? failure;
  const busy = formState.isSubmitting;

  const finish = () => void logout({ revoke: false });

  const send = submit(async ({ password }) => {
    await api(DELETE_ACCOUNT_PATH, { method: 'POST', body: { password } });
    reset();
    setDeleted(true);
  });

  return (
    <>
      <button
        type="button"
        className="btn btn-error btn-outline"
        onClick={() => {
          setFailure(null);
          clearErrors();
          dialog.current?.showModal();
        }}
      >
        Supprimer mon compte
      </button>
      <dialog
        ref={dialog}
        className="modal"
        aria-labelledby={`${id}-title`}
        onClose={() => {
          if (deleted) finish();
        }}
      >
        <div className="modal-box">
          {deleted ? (
            <div role="status">
              <h2 id={`${id}-title`} className="text-xl font-semibold">
                Votre compte est supprimé
              </h2>
              <p className="mt-3">
                Vos données personnelles sont effacées et un e-mail de confirmation part vers votre
                adresse. Vous allez être déconnecté.
              </p>
              <div className="modal-action">
                <button type="button" className="btn btn-primary" autoFocus onClick={finish}>
                  Terminer
                </button>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={(event) => void send(event)}>
              <h2 id={`${id}-title`} className="text-xl font-semibold">
                Supprimer mon compte
              </h2>
              <p className="mt-3">Cette suppression est définitive. Elle efface&nbsp;:</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>
                  votre nom, votre e-mail, votre téléphone, votre adresse et votre mot de
                  passe&nbsp;;
                </li>
                <li>la description et les villes de votre recherche&nbsp;;</li>
                <li>les notes de l’agence à votre sujet.</li>
              </ul>
              <p className="mt-3">Elle garde, sans votre nom ni votre e-mail&nbsp;:</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>les étapes de votre projet, pour les statistiques de l’agence&nbsp;;</li>
                <li>vos commandes et leurs montants, dix ans, comme la loi l’exige.</li>
              </ul>
              <label htmlFor={`${id}-password`} className="mt-5 block font-medium">
                Votre mot de passe
              </label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                className={`input mt-1 w-full ${error ? 'input-error' : ''}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register('password')}
              />
              {error ? (
                <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-error">
                  {error}
                </p>
              ) : null}
              <div className="modal-action">
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => dialog.current?.close()}
                >
                  Annuler
                </button>
                <button type="submit" className="btn btn-error" disabled={busy}>
                  {busy ? (
                    <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                  ) : null}
                  Supprimer définitivement
                </button>
              </div>
            </form>
          )}
        </div>
      </dialog>
    </>
  );
}

/** « Mon compte »: the settings, the data export and the account's deletion. */
export function MyAccount() {
  const { user, roles } = useSession();
  return (
    <>
      <div className="mt-4 max-w-md">
        {user ? <PersonCard person={user} roles={roles} level="h3" /> : null}
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">Vos données</h3>
          <p className="mt-1 text-base-content/75">
            Tout ce que nous gardons sur vous, dans un fichier JSON.
          </p>
          <div className="mt-3">
            <ExportButton />
          </div>
        </div>
        <div>
          <h3 className="font-semibold">Supprimer votre compte</h3>
          <p className="mt-1 text-base-content/75">
            Vos données personnelles sont effacées, définitivement.
          </p>
          <div className="mt-3">
            <DeleteAccount />
          </div>
        </div>
      </div>
    </>
  );
}
