import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Page } from '../../../domain/api/lists';
import { cityName } from '../../../domain/arrondissements';
import { departmentLabel } from '../../../domain/departments';
import type { BuyerRow } from '../../../domain/staff-views';
import { LoadGate } from '../../../ui/load-gate';
import { Modal } from '../../../ui/confirm-dialog';
import { useStaffApi } from '../staff-api';
import { staffPaths, withQuery } from '../staff-paths';

/** How many buyers the chooser shows at once: a search narrows them. */
const CHOOSER_SIZE = 20;

export interface BuyerChoice {
  userId: string;
  name: string;
  /** Tells two people of the same name apart. */
  email: string;
  /** Where they search: their projects' cities, or departments when no city was chosen. */
  places: string[];
}

/**
 * The buyers a report may be written for, from a page of the buyers' list (one row per
 * project): each person once, the places of all their projects together; deleted accounts
 * left out.
 */
export function buyersToChoose(rows: readonly BuyerRow[]): BuyerChoice[] {
  const byUser = new Map<string, BuyerChoice>();
  for (const row of rows) {
    if (row.isDeleted) continue;
    const places =
      row.cities.length > 0 ? row.cities.map(cityName) : row.departments.map(departmentLabel);
    const known = byUser.get(row.userId);
    if (known) {
      for (const p of places) if (!known.places.includes(p)) known.places.push(p);
    } else {
      byUser.set(row.userId, {
        userId: row.userId,
        name: `${row.firstname} ${row.lastname}`,
        email: row.email,
        places,
      });
    }
  }
  return [...byUser.values()];
}

/** The dialog's list: the buyers the person may see, searched on the server. */
function BuyerChooser({ query, onChoose }: { query: string; onChoose: () => void }) {
  const [load] = useStaffApi<Page<BuyerRow>>(
    withQuery('/api/staff/buyers', { q: query, pageSize: CHOOSER_SIZE }),
  );
  return (
    <LoadGate load={load} loading="Recherche des acquéreurs…" inline>
      {(page) => {
        const choices = buyersToChoose(page.items);
        if (choices.length === 0)
          return (
            <p role="status" className="mt-4 text-base-content/75">
              {query
                ? `Aucun de vos acquéreurs ne correspond à «\u00a0${query}\u00a0».`
                : 'Aucun acquéreur à suivre pour l’instant.'}
            </p>
          );
        return (
          <>
            <ul className="mt-4 max-h-72 divide-y divide-base-200 overflow-y-auto rounded-field border border-base-300">
              {choices.map((buyer) => (
                <li key={buyer.userId}>
                  <Link
                    href={staffPaths.newReport(buyer.userId)}
                    onClick={onChoose}
                    className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-3 hover:bg-base-200 focus-visible:bg-base-200"
                  >
                    <span className="min-w-0">
                      <span className="block font-medium text-primary">{buyer.name}</span>
                      <span className="block text-sm break-all text-base-content/75">
                        {buyer.email}
                      </span>
                    </span>
                    <span className="text-sm text-base-content/75">{buyer.places.join(', ')}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {page.total > page.items.length ? (
              <p className="mt-2 text-sm text-base-content/75">
                Les {CHOOSER_SIZE} premiers projets sont montrés&nbsp;: précisez la recherche.
              </p>
            ) : null}
          </>
        );
      }}
    </LoadGate>
  );
}

/**
 * « Nouveau compte rendu » from « Aujourd’hui » (issue 28): a dialog first asks for whom (a
 * search among the buyers this person may see), then opens the report form for that buyer.
 */
export function NewReportButton() {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Nouveau compte rendu
      </button>
      <Modal dialogRef={dialog} labelledBy={`${id}-titre`} onClose={() => setOpen(false)}>
        <h2 id={`${id}-titre`} className="text-xl font-semibold">
          Compte rendu pour quel acquéreur&#8239;?
        </h2>
        <form
          role="search"
          className="mt-4 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery(typed.trim());
          }}
        >
          <label htmlFor={`${id}-recherche`} className="sr-only">
            Rechercher un acquéreur
          </label>
          <input
            id={`${id}-recherche`}
            type="search"
            className="input min-w-0 flex-1"
            placeholder="Nom, e-mail, téléphone ou ville"
            autoComplete="off"
            enterKeyHint="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="btn">
            Rechercher
          </button>
        </form>
        {/* Asked only once the dialog is open: « Aujourd’hui » does not read the list. */}
        {open ? <BuyerChooser query={query} onChoose={() => dialog.current?.close()} /> : null}
      </Modal>
    </>
  );
}
