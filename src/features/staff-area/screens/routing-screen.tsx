import { useState } from 'react';
import {
  MANAGER_REMINDER_HOURS,
  HUNTER_REMINDER_HOURS,
  ROUTING_PATH,
  routingRuleLabels,
  routingRules,
  type RoutingRule,
  type RoutingSettingsResponse,
} from '../../../domain/api/routing';
import { formatDayDateTime } from '../../../domain/french-date';
import { fullName } from '../../../domain/person-name';
import { hasAnyRole, Role } from '../../../domain/roles';
import type { StaffPage } from '../../../domain/staff-views';
import type { User } from '../../../domain/user.schema';
import { offlineSince } from '../../../db/use-cached-api';
import { notify } from '../../../lib/toast';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';
import { AvailabilityForm, ClaimList, NeedsNetwork, useOnline } from '../components/routing-parts';
import { isSupervisor, StaffFrame } from '../components/staff-frame';
import { staffChange, useStaffApi } from '../staff-api';

const NBSP = '\u00a0';

/** What each rule does, under its label. */
const ruleHelp: Record<RoutingRule, string> = {
  manual: 'Chaque nouveau propriétaire et chaque nouvel acquéreur attend qu’un manager l’attribue.',
  'round-robin':
    'Chaque nouveau dossier va au chasseur présent du département qui en a reçu un il y a le plus longtemps.',
  claim:
    'Les chasseurs du département voient le nouveau dossier et le premier qui clique sur «\u00a0Je le prends\u00a0» l’obtient.',
};

/** The managers choose the rule (PUT /api/staff/routing), with a clear confirmation. */
function RuleForm({ saved, onSaved }: { saved: RoutingSettingsResponse; onSaved: () => void }) {
  const online = useOnline();
  const [rule, setRule] = useState<RoutingRule>(saved.rule);
  const [shown, setShown] = useState<RoutingRule>(saved.rule);
  // Read again with another rule (another manager, a fresher answer): the choice follows it.
  if (shown !== saved.rule) {
    setShown(saved.rule);
    setRule(saved.rule);
  }
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  return (
    <form
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        setConfirmed(null);
        void staffChange<RoutingSettingsResponse>(ROUTING_PATH, 'PUT', { rule }).then((result) => {
          setBusy(false);
          if (result.ok) {
            const text = `Règle enregistrée${NBSP}: ${routingRuleLabels[result.data.rule]}.`;
            setConfirmed(text);
            notify.success(text);
            onSaved();
          } else setError(result.message);
        });
      }}
    >
      <fieldset>
        <legend className="text-lg font-semibold">Règle d’attribution des nouveaux dossiers</legend>
        <div className="mt-3 space-y-2">
          {routingRules.map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 ${
                rule === value ? 'border-primary bg-primary/5' : 'border-base-300'
              }`}
            >
              <input
                type="radio"
                name="routing-rule"
                className="radio radio-primary mt-0.5"
                value={value}
                checked={rule === value}
                onChange={() => setRule(value)}
                aria-describedby={`rule-help-${value}`}
              />
              <span>
                <span className="font-medium">{routingRuleLabels[value]}</span>
                {saved.rule === value ? (
                  <span className="badge badge-success badge-sm ml-2 align-middle">En vigueur</span>
                ) : null}
                <span id={`rule-help-${value}`} className="block text-sm text-base-content/75">
                  {ruleHelp[value]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-3 text-sm text-base-content/75">
        Personne de disponible dans le département (ou règle manuelle)
        {NBSP}: le dossier reste aux managers. Le chasseur reçoit un rappel à{' '}
        {HUNTER_REMINDER_HOURS}
        {NBSP}h si le dossier n’a pas été contacté, les managers à {MANAGER_REMINDER_HOURS}
        {NBSP}h.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || rule === saved.rule || !online}
        >
          Enregistrer la règle
        </button>
        {saved.updatedAt ? (
          <span className="text-sm text-base-content/75">
            Modifiée le {formatDayDateTime(saved.updatedAt)}
          </span>
        ) : null}
      </div>
      {confirmed ? (
        <p role="status" className="alert alert-success mt-3" data-testid="rule-saved">
          {confirmed}
        </p>
      ) : null}
      {!online ? (
        <div className="mt-3">
          <NeedsNetwork>Sans réseau, la règle se lit mais ne se change pas.</NeedsNetwork>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Each active hunter's departments and « Absent », for the managers. */
function HuntersAvailability() {
  const [load] = useStaffApi<StaffPage<User>>(
    `/api/users?role=${Role.CHASSEUR}&archived=0&pageSize=100`,
  );
  return (
    <section aria-labelledby="hunters-title">
      <h2 id="hunters-title" className="text-xl font-semibold">
        Chasseurs actifs
      </h2>
      <p className="mt-2 max-w-3xl text-base-content/75">
        Les départements que couvre chaque chasseur, et son absence{NBSP}: un chasseur absent ne
        reçoit aucun nouveau dossier.
      </p>
      <LoadGate load={load} loading="Chargement des chasseurs…" inline>
        {(page) => {
          const hunters = page.items
            .filter((u) => u.isActive)
            .map((u) => ({ id: u._id, name: fullName(u) }));
          return hunters.length === 0 ? (
            <p className="mt-3 text-base-content/75">Aucun chasseur actif pour l’instant.</p>
          ) : (
            <ul className="mt-4 grid gap-4 lg:grid-cols-2">
              {hunters.map((hunter) => (
                <li
                  key={hunter.id}
                  className="rounded-box border border-base-300 bg-base-100 p-4"
                  data-testid="hunter-availability"
                >
                  <h3 className="mb-3 font-semibold">{hunter.name}</h3>
                  <AvailabilityForm hunterId={hunter.id} name={hunter.name} self={false} />
                </li>
              ))}
            </ul>
          );
        }}
      </LoadGate>
    </section>
  );
}

/**
 * « Attribution des contacts » (issue 31): for the managers (and directeurs, admins), the rule
 * that gives each new owner lead and buyer project its hunter, and each hunter's departments and
 * « Absent »; for a hunter, their own departments and « Absent », and under the rule « Je le
 * prends » the records to take. Reading works offline (kept answers); changing needs the network.
 */
export function RoutingScreen() {
  const { user, roles } = useSession();
  const supervisor = isSupervisor(roles);
  const hunter = hasAnyRole(roles, [Role.CHASSEUR]);
  const [load, reload] = useStaffApi<RoutingSettingsResponse>(ROUTING_PATH);
  return (
    <StaffFrame
      title="Attribution des contacts"
      lead={
        supervisor
          ? 'Comment chaque nouveau propriétaire et chaque nouvel acquéreur trouve son chasseur, et qui est disponible.'
          : 'Les départements que vous couvrez, votre absence, et les nouveaux dossiers à prendre.'
      }
      updatedAt={offlineSince(load)}
    >
      <div className="space-y-10">
        {supervisor ? (
          <LoadGate load={load} loading="Chargement de la règle…">
            {(saved) => (
              <div className="max-w-3xl">
                <RuleForm saved={saved} onSaved={reload} />
              </div>
            )}
          </LoadGate>
        ) : (
          <LoadGate load={load} loading="Chargement de la règle…">
            {(saved) => (
              <p className="max-w-3xl">
                Règle en vigueur{NBSP}:{' '}
                <span className="font-semibold">{routingRuleLabels[saved.rule]}</span>.{' '}
                <span className="text-base-content/75">{ruleHelp[saved.rule]}</span>
              </p>
            )}
          </LoadGate>
        )}
        {hunter && user ? (
          <section
            aria-labelledby="mine-title"
            className="max-w-3xl rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
          >
            <h2 id="mine-title" className="mb-3 text-xl font-semibold">
              Mes disponibilités
            </h2>
            <AvailabilityForm hunterId={user._id} name="" self />
          </section>
        ) : null}
        {hunter ? <ClaimList /> : null}
        {supervisor ? <HuntersAvailability /> : null}
      </div>
    </StaffFrame>
  );
}
