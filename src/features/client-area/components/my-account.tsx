import { useId, useRef, useState } from 'react';
import { api, toApiFailure } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { PersonCard } from '../../../ui/person-card';
import { logout, useSession } from '../../auth';

/** « Télécharger mes données » (RGPD art. 15 and 20): one JSON file, fetched with the token. */
function ExportButton() {
  return (
    <BusyButton
      className="btn btn-outline"
      run={async () => {
        try {
          const blob = await api('/api/client/export', { responseType: 'blob' });
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
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);

  const finish = () => void logout({ revoke: false });

  const submit = async () => {
    if (!password) {
      setError('Saisissez votre mot de passe.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api('/api/client/delete-account', { method: 'POST', body: { password } });
      setPassword('');
      setDeleted(true);
    } catch (failure) {
      const { message, fieldErrors } = toApiFailure(failure);
      setError(fieldErrors.password ?? message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-error btn-outline"
        onClick={() => {
          setError(null);
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
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
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
                value={password}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setPassword(event.target.value)}
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
