import { useId, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A list's search, filters, sort and page, kept in the address (?q=…&stage=…&page=2): a
 * reload, the back button or a shared link show the same view. Changing anything but the page
 * goes back to page 1.
 */
export function useListQuery<K extends string>(names: readonly K[]) {
  // wouter's useSearch and useLocation, which the shell already loads (not useSearchParams,
  // which would add its code to the framework chunk of every page).
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const values = Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Record<
    K,
    string
  >;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (changes: Partial<Record<K | 'page', string | number>>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === '' || value === undefined || (name === 'page' && value === 1))
        next.delete(name);
      else next.set(name, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    const query = next.toString();
    navigate(query ? `${location}?${query}` : location);
  };
  return { values, page, set };
}

/** The search box of a list: sent with Enter or its button, not on each key (server search). */
export function SearchField({
  label,
  value,
  placeholder,
  onSearch,
}: {
  label: string;
  value: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The address changed (back button, a link): the box follows.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <form
      role="search"
      className="flex w-full max-w-md flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          className="input input-bordered w-full"
          value={text}
          placeholder={placeholder}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Rechercher
        </button>
      </div>
    </form>
  );
}

/** A filter or sort of a list (or a choice in a fiche, `small`): a labelled native select. */
export function SelectFilter({
  label,
  value,
  options,
  small = false,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  small?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={small ? 'select select-bordered select-sm' : 'select select-bordered'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** 'Page 2 sur 7 · 163 acquéreurs', with Précédente / Suivante. */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: [string, string];
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const count = `${total.toLocaleString('fr-FR')}\u00a0${total > 1 ? noun[1] : noun[0]}`;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-base-content/75" aria-live="polite">
        Page {Math.min(page, pages)} sur {pages} · {count}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          ← Précédente
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Suivante →
        </button>
      </div>
    </nav>
  );
}

/** The bar above a table: search, then the filters side by side, wrapping on a phone. */
export function ListBar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-4">{children}</div>;
}
