import { useId, useRef, useState, type ReactNode } from 'react';
import {
  REGISTER_CSV_PATH,
  REGISTER_PATH,
  REGISTER_PDF_PATH,
  registerObservationPath,
  registerObservationSchema,
  type RegisterRowView,
  type RegisterView,
} from '../../../domain/api/mandates';
import { formatShortDate } from '../../../domain/french-date';
import { toApiFailure } from '../../../lib/api';
import { downloadWithToken } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { Modal } from '../../../ui/confirm-dialog';
import { LoadGate } from '../../../ui/load-gate';
import { mandatePost, useMandateApi } from '../mandate-api';
import { formatDay } from './mandate-facts';

/** Rows per page, as the server pages them (RegisterView.total counts them all). */
const PAGE_SIZE = 50;

/** The chain check of every row and observation: intact, or where it breaks. */
function ChainStatus({ chain }: { chain: RegisterView['chain'] }) {
  return chain.intact ? (
    <p role="status" className="alert alert-success alert-soft" data-testid="register-chain">
      <span>
        <span className="font-semibold">Registre intègre.</span> Les numéros se suivent sans trou et
        aucune ligne ni observation n’a été modifiée depuis son inscription.
      </span>
    </p>
  ) : (
    <p role="alert" className="alert alert-error" data-testid="register-chain">
      <span>
        <span className="font-semibold">Registre altéré&nbsp;:</span> l’entrée {chain.brokenAt} ne
        correspond plus à l’empreinte enregistrée. Ne corrigez rien directement&nbsp;: prévenez
        l’administrateur et conservez l’export PDF de ce jour.
      </span>
    </p>
  );
}

function download(path: string, filename: string) {
  return downloadWithToken(path, filename).catch((failure: unknown) =>
    notify.error(toApiFailure(failure).message),
  );
}

/** A row's observations, oldest first: each an end, a withdrawal or a correction. */
function Observations({ row }: { row: RegisterRowView }) {
  if (row.observations.length === 0) return <span className="text-base-content/60">—</span>;
  return (
    <ul className="space-y-2">
      {row.observations.map((o, index) => (
        <li key={index}>
          <p className="whitespace-pre-line">{o.text}</p>
          <p className="text-xs text-base-content/75">
            {o.byName}, le {formatShortDate(o.at)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The « Ajouter une observation » button of a row (directeur, admin). */
function AddObservation({ row, onAdd }: { row: RegisterRowView; onAdd: (n: number) => void }) {
  return (
    <div className="mt-2">
      <button
        type="button"
        className="btn btn-ghost btn-xs -ml-2 text-primary"
        onClick={() => onAdd(row.number)}
      >
        Ajouter une observation<span className="sr-only"> au mandat n°&nbsp;{row.number}</span>
      </button>
    </div>
  );
}

/** One row on a phone: the same columns as the table, one under the other. */
function RegisterCard({ row, action }: { row: RegisterRowView; action: ReactNode }) {
  const line = (term: string, value: ReactNode) => (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-base-content/70">{term}</dt>
      <dd className="mt-0.5">{value}</dd>
    </div>
  );
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="register-card">
      <p className="flex items-baseline justify-between gap-3">
        <span className="text-lg font-semibold">N°&nbsp;{row.number}</span>
        <time dateTime={row.date} className="text-sm text-base-content/75">
          {formatDay(row.date)}
        </time>
      </p>
      <dl className="mt-2 space-y-2 text-sm">
        {line('Mandants', <span className="whitespace-pre-line">{row.mandants}</span>)}
        {line('Objet', row.object)}
        {line('Bien recherché', row.propertySought)}
        {line('Observations', <Observations row={row} />)}
      </dl>
      {action}
    </li>
  );
}

/**
 * The registre des mandats (issue 30; décret 72-678 art. 72, arrêté du 15 septembre 1972): the
 * columns of the arrêté, newest first, with the check of the hash chain, the exports (PDF for an
 * inspection, CSV) and, for directeur and admin, « Ajouter une observation »: nothing is ever
 * changed or deleted, an end or a correction is a new observation.
 */
export default function MandateRegister() {
  const [page, setPage] = useState(1);
  const [load, reload] = useMandateApi<RegisterView>(`${REGISTER_PATH}?page=${page}`);
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const today = new Date().toISOString().slice(0, 10);

  function openObservation(number: number) {
    setTarget(number);
    setText('');
    setError('');
    dialog.current?.showModal();
  }

  async function addObservation() {
    if (target === null) return;
    const parsed = registerObservationSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Observation invalide.');
      return;
    }
    setBusy(true);
    const result = await mandatePost(registerObservationPath(target), parsed.data);
    setBusy(false);
    if (!result.ok) {
      setError(result.fieldErrors.text ?? result.message);
      return;
    }
    dialog.current?.close();
    notify.success(`Observation ajoutée au mandat n°\u00a0${target}.`);
    reload();
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <BusyButton
          className="btn btn-outline btn-sm"
          run={() => download(REGISTER_PDF_PATH, `registre-des-mandats-${today}.pdf`)}
        >
          Exporter en PDF
        </BusyButton>
        <BusyButton
          className="btn btn-outline btn-sm"
          run={() => download(REGISTER_CSV_PATH, `registre-des-mandats-${today}.csv`)}
        >
          Exporter en CSV
        </BusyButton>
      </div>
      <LoadGate load={load} loading="Chargement du registre…">
        {(register) => {
          const pages = Math.max(1, Math.ceil(register.total / PAGE_SIZE));
          const action = (row: RegisterRowView) =>
            register.canWrite ? <AddObservation row={row} onAdd={openObservation} /> : null;
          return (
            <>
              <ChainStatus chain={register.chain} />
              {register.rows.length === 0 ? (
                <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
                  Aucun mandat signé pour l’instant. Chaque mandat prend ici le numéro suivant au
                  moment de sa signature.
                </p>
              ) : (
                <>
                  <ul className="space-y-3 sm:hidden" aria-label="Mandats du registre">
                    {register.rows.map((row) => (
                      <RegisterCard key={row.number} row={row} action={action(row)} />
                    ))}
                  </ul>
                  <div
                    role="region"
                    aria-label="Tableau du registre des mandats"
                    tabIndex={0}
                    className="hidden overflow-x-auto rounded-box border border-base-300 sm:block"
                  >
                    <table className="table [&_td]:align-top [&_th]:align-top">
                      <caption className="sr-only">
                        Registre des mandats, page {register.page} sur {pages}
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col" className="whitespace-nowrap">
                            N° d’ordre
                          </th>
                          <th scope="col">Date</th>
                          <th scope="col">Noms et adresses des mandants</th>
                          <th scope="col">Objet du mandat</th>
                          <th scope="col">Nature et situation du bien recherché</th>
                          <th scope="col">Observations</th>
                        </tr>
                      </thead>
                      <tbody>
                        {register.rows.map((row) => (
                          <tr key={row.number} data-testid="register-row">
                            <th scope="row" className="text-lg font-semibold">
                              {row.number}
                            </th>
                            <td className="whitespace-nowrap">
                              <time dateTime={row.date}>{formatDay(row.date)}</time>
                            </td>
                            <td className="min-w-48 whitespace-pre-line">{row.mandants}</td>
                            <td className="min-w-40">{row.object}</td>
                            <td className="min-w-48">{row.propertySought}</td>
                            <td className="min-w-56">
                              <Observations row={row} />
                              {action(row)}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <nav
                    aria-label="Pages du registre"
                    className="flex flex-wrap items-center justify-between gap-3 text-sm"
                  >
                    <span>
                      {register.total} mandat{register.total > 1 ? 's' : ''} · page {register.page}{' '}
                      sur {pages}
                    </span>
                    <span className="flex gap-2">
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={register.page <= 1}
                        onClick={() => setPage(register.page - 1)}
                      >
                        Page précédente
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={register.page >= pages}
                        onClick={() => setPage(register.page + 1)}
                      >
                        Page suivante
                      </button>
                    </span>
                  </nav>
                </>
              )}
            </>
          );
        }}
      </LoadGate>
      <Modal
        dialogRef={dialog}
        labelledBy={`${ids}-titre`}
        describedBy={`${ids}-texte`}
        actions={
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void addObservation()}
          >
            Inscrire l’observation
          </button>
        }
      >
        <h2 id={`${ids}-titre`} className="text-xl font-semibold">
          Observation au mandat n°&nbsp;{target}
        </h2>
        <p id={`${ids}-texte`} className="mt-3 text-base-content/75">
          Elle s’ajoute à la ligne, datée et signée de votre nom. Le registre ne se corrige pas
          autrement&nbsp;: une observation inscrite ne peut plus être modifiée.
        </p>
        <label htmlFor={`${ids}-observation`} className="mt-4 block font-medium">
          Observation
        </label>
        <textarea
          id={`${ids}-observation`}
          className={`textarea textarea-bordered mt-1 block w-full ${error ? 'textarea-error' : ''}`}
          rows={4}
          maxLength={1000}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-erreur` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {error ? (
          <p id={`${ids}-erreur`} role="alert" className="mt-1 text-sm text-error">
            {error}
          </p>
        ) : null}
      </Modal>
    </div>
  );
}
