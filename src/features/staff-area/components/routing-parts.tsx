import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import {
  CLAIMABLE_PATH,
  claimPath,
  HUNTER_REMINDER_HOURS,
  MANAGER_REMINDER_HOURS,
  hunterAvailabilityPath,
  type ClaimableRecord,
  type ClaimableResponse,
  type ClaimResponse,
  type HunterAvailability,
} from '../../../domain/api/routing';
import { cityName } from '../../../domain/arrondissements';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { formatDayDateTime } from '../../../domain/french-date';
import { KEPT_DEPARTMENTS } from '../../../domain/geography';
import { notify } from '../../../lib/toast';
import { LoadGate } from '../../../ui/load-gate';
import { staffChange, useStaffApi } from '../staff-api';
import { staffPaths } from '../staff-paths';

/** Whether the device has the network now (the browser's word), following its changes. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** What a change that needs the network says without it: calmly, not as an error. */
export function NeedsNetwork({ children }: { children: string }) {
  return (
    <p role="status" className="text-sm text-base-content/75" data-testid="needs-network">
      {children}
    </p>
  );
}

/**
 * A hunter's departments and « Absent » (PUT …/availability): the hunter's own or, for the
 * managers, any active hunter's. An absent hunter receives no new record by the rule.
 */
export function AvailabilityForm({
  hunterId,
  name,
  self,
}: {
  hunterId: string;
  name: string;
  self: boolean;
}) {
  const [load, reload] = useStaffApi<HunterAvailability>(hunterAvailabilityPath(hunterId));
  return (
    <LoadGate load={load} loading="Chargement des disponibilités…" inline>
      {(saved) => (
        <AvailabilityFields
          key={`${saved.departments.join(',')}-${String(saved.absent)}`}
          hunterId={hunterId}
          name={name}
          self={self}
          saved={saved}
          onSaved={reload}
        />
      )}
    </LoadGate>
  );
}

function AvailabilityFields({
  hunterId,
  name,
  self,
  saved,
  onSaved,
}: {
  hunterId: string;
  name: string;
  self: boolean;
  saved: HunterAvailability;
  onSaved: () => void;
}) {
  const id = useId();
  const online = useOnline();
  const [departments, setDepartments] = useState<string[]>(saved.departments);
  const [absent, setAbsent] = useState(saved.absent);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed =
    absent !== saved.absent || [...departments].sort().join() !== saved.departments.join();
  const toggle = (code: string, on: boolean) =>
    setDepartments((now) => (on ? [...now, code] : now.filter((d) => d !== code)));
  return (
    <form
      className="space-y-4"
      aria-label={self ? 'Mes disponibilités' : `Disponibilités de ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        void staffChange<HunterAvailability>(hunterAvailabilityPath(hunterId), 'PUT', {
          departments,
          absent,
        }).then((result) => {
          setBusy(false);
          if (result.ok) {
            notify.success(
              self
                ? 'Vos disponibilités sont enregistrées.'
                : `Disponibilités de ${name} enregistrées.`,
            );
            onSaved();
          } else setError(result.message);
        });
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium">Départements couverts</legend>
        <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {KEPT_DEPARTMENTS.map((code) => (
            <label key={code} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-primary checkbox-sm"
                checked={departments.includes(code)}
                onChange={(event) => toggle(code, event.target.checked)}
              />
              {departmentLabel(code)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={absent}
            aria-describedby={`${id}-absent`}
            onChange={(event) => setAbsent(event.target.checked)}
          />
          <span className="font-medium">Absent</span>
        </label>
        <p id={`${id}-absent`} className="text-sm text-base-content/75">
          {self
            ? 'Absent, vous ne recevez aucun nouveau dossier et ne pouvez pas en prendre.'
            : 'Absent, il ne reçoit aucun nouveau dossier et ne peut pas en prendre.'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="btn btn-sm btn-primary"
          disabled={busy || !changed || !online}
        >
          Enregistrer
          <span className="sr-only"> {self ? 'mes disponibilités' : `pour ${name}`}</span>
        </button>
        {saved.absent ? (
          <span className="badge badge-warning whitespace-nowrap">Absent en ce moment</span>
        ) : null}
      </div>
      {!online ? (
        <NeedsNetwork>
          Sans réseau, les disponibilités se lisent mais ne se changent pas.
        </NeedsNetwork>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Whether a new record not contacted yet is past its reminder (issue 31): 24 h after it arrived
 * for its hunter, 40 h for the managers (and directeurs, admins, who see the team's day).
 */
export function pastReminder(createdAt: string, supervisor: boolean, now: number): boolean {
  const hours = supervisor ? MANAGER_REMINDER_HOURS : HUNTER_REMINDER_HOURS;
  return Date.parse(createdAt) + hours * 3_600_000 <= now;
}

/** What a record to take is, and where: « Appartement · Vincennes, Val-de-Marne (94) ». */
export function claimableWhat(record: ClaimableRecord): {
  kind: string;
  what: string;
  worth: string;
} {
  if (record.recordType === 'owner')
    return {
      kind: 'Propriétaire',
      what: [
        record.typeBien,
        [cityName(record.city), departmentLabel(record.department)].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join(' · '),
      worth: record.price === null ? 'estimation demandée' : formatEuro(record.price),
    };
  return {
    kind: 'Acquéreur',
    what: record.departments.map(departmentLabel).join(', '),
    worth: `budget ${formatEuro(record.budget)}`,
  };
}

/**
 * « Dossiers à prendre » (rule 'claim'): the records nobody has yet in the hunter's departments,
 * each with « Je le prends » (POST …/claims, network needed); taken, its fiche opens. A slower
 * hunter is told another took it, and the list is read again. `hideEmpty`: nothing at all when
 * there is nothing to take (the day's screen).
 */
export function ClaimList({ hideEmpty = false }: { hideEmpty?: boolean }) {
  const [load, reload] = useStaffApi<ClaimableResponse>(CLAIMABLE_PATH);
  const online = useOnline();
  const [, navigate] = useLocation();
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  if (hideEmpty && (load.status !== 'ready' || load.data.records.length === 0)) return null;
  const take = (record: ClaimableRecord) => {
    const key = `${record.recordType}:${record.recordId}`;
    setBusy(key);
    void staffChange<ClaimResponse>(claimPath(record.recordType, record.recordId), 'POST').then(
      (result) => {
        setBusy(null);
        if (result.ok) {
          notify.success('Le dossier est à vous.');
          navigate(
            record.recordType === 'owner'
              ? staffPaths.lead(Number(record.recordId))
              : staffPaths.buyer(record.recordId),
          );
        } else {
          setRefused((now) => ({ ...now, [key]: result.message }));
          if (result.status === 409) reload();
        }
      },
    );
  };
  return (
    <section aria-labelledby="claims-title" data-testid="claim-list">
      <h2 id="claims-title" className="text-xl font-semibold">
        Dossiers à prendre{' '}
        {load.status === 'ready' ? (
          <span className="badge badge-neutral align-middle">{load.data.records.length}</span>
        ) : null}
      </h2>
      <LoadGate load={load} loading="Chargement des dossiers à prendre…" inline>
        {(claims) => {
          const lost = Object.entries(refused).filter(
            ([key]) => !claims.records.some((r) => `${r.recordType}:${r.recordId}` === key),
          );
          return (
            <>
              <p className="mt-2 max-w-3xl text-base-content/75">
                {claims.rule !== 'claim'
                  ? 'Les nouveaux dossiers sont attribués par la règle choisie par les managers\u00a0: il n’y a rien à prendre.'
                  : claims.absent
                    ? 'Vous êtes indiqué absent\u00a0: vous ne pouvez pas prendre de dossier.'
                    : claims.departments.length === 0
                      ? 'Indiquez les départements que vous couvrez pour voir les dossiers à prendre.'
                      : 'Les dossiers que personne n’a encore pris dans vos départements, du plus récent au plus ancien. Le premier qui clique l’obtient.'}
              </p>
              {lost.map(([key, message]) => (
                <p key={key} role="alert" className="alert alert-warning mt-3">
                  {message}
                </p>
              ))}
              {claims.rule === 'claim' && claims.records.length > 0 && !online ? (
                <div className="mt-3">
                  <NeedsNetwork>
                    Prendre un dossier demande une connexion, pour que deux chasseurs ne prennent
                    pas le même.
                  </NeedsNetwork>
                </div>
              ) : null}
              {claims.rule === 'claim' &&
              !claims.absent &&
              claims.departments.length > 0 &&
              claims.records.length === 0 ? (
                <p className="mt-3 text-base-content/75">
                  Aucun dossier en attente pour l’instant.
                </p>
              ) : null}
              {claims.records.length > 0 ? (
                <ul className="mt-4 grid gap-3 lg:grid-cols-2">
                  {claims.records.map((record) => {
                    const key = `${record.recordType}:${record.recordId}`;
                    const { kind, what, worth } = claimableWhat(record);
                    return (
                      <li
                        key={key}
                        className="rounded-box border border-base-300 bg-base-100 p-4"
                        data-testid="claimable"
                      >
                        <p className="text-sm font-medium text-secondary-strong">{kind}</p>
                        <p className="font-semibold">{what || 'Département non précisé'}</p>
                        <p className="mt-1 text-sm text-base-content/80">
                          {worth} · reçu le {formatDayDateTime(record.createdAt)}
                        </p>
                        <div className="mt-3 flex flex-wrap items-center gap-3">
                          <button
                            type="button"
                            className="btn btn-sm btn-primary"
                            disabled={busy !== null || !online}
                            onClick={() => take(record)}
                          >
                            Je le prends
                            <span className="sr-only">
                              {' '}
                              ({kind.toLowerCase()}, {what})
                            </span>
                          </button>
                        </div>
                        {refused[key] ? (
                          <p role="alert" className="mt-2 text-sm text-error">
                            {refused[key]}
                          </p>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </>
          );
        }}
      </LoadGate>
    </section>
  );
}
