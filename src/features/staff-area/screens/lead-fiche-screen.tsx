import { cityName } from '../../../domain/arrondissements';
import { useId, useState } from 'react';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { leadStatuses, leadStatusRefusal, type LeadStatus } from '../../../domain/staff';
import type { LeadFiche, LeadProperty } from '../../../domain/staff-lead-views';
import { notify } from '../../../lib/toast';
import { FactList } from '../../../ui/fact-list';
import { useSession } from '../../auth';
import { AuditList } from '../components/audit-list';
import { Callback, HunterName } from '../components/callback';
import { ContactCard, FicheCard, FicheScreen, HunterCard } from '../components/fiche';
import { formatDateTime, NotesPanel } from '../components/notes-panel';
import { LeadMatchesPanel } from '../components/matches-panel';
import { isSupervisor } from '../components/staff-frame';
import { TasksPanel } from '../components/tasks-panel';
import { staffChange } from '../staff-api';
import { staffPaths } from '../staff-paths';
import { LeadStatusBadge } from './leads-screen';

const statusLabel = (status: LeadStatus) =>
  leadStatuses.find((s) => s.value === status)?.label ?? status;

/** The wording of a move: forward one step, « Sans suite », or reopening. */
function moveText(from: LeadStatus, to: LeadStatus): string {
  if (to === 'sans_suite') return 'Classer sans suite';
  if (from === 'sans_suite' && to === 'nouveau') return 'Rouvrir le contact';
  return `Passer à «\u00a0${statusLabel(to)}\u00a0»`;
}

/** A property as the owner described it, in words. */
function propertyFacts(p: LeadProperty): [string, string][] {
  return [
    ['Usage', p.purpose],
    ['Type de bien', p.typeBien],
    ['État', p.condition],
    ['Ville', `${cityName(p.city)}, ${departmentLabel(p.department)}`],
    ['Surface', p.surface],
    ['Pièces', p.rooms],
    ['Prix souhaité', p.price === null ? 'Estimation gratuite' : formatEuro(p.price)],
    [
      'Documents disponibles',
      p.documents.length === 0 ? 'Aucun document indiqué' : p.documents.join(', '),
    ],
    ['Description', p.description.trim() || '—'],
  ];
}

/**
 * The status buttons the rules allow (src/domain/staff.ts): one step forward, « Sans suite »
 * from an open status, reopening from « Sans suite ». Each sends the version it was shown with;
 * a stale one is refused (409): the message stays, the fiche reloads.
 */
function StatusControl({
  lead: { id: leadId, status, version },
  onChanged,
}: {
  lead: Pick<LeadFiche['lead'], 'id' | 'status' | 'version'>;
  onChanged: () => void;
}) {
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = leadStatuses
    .map((s) => s.value)
    .filter((to) => leadStatusRefusal(status, to) === null);
  // The step forward first, « Sans suite » last.
  allowed.sort((a, b) => Number(a === 'sans_suite') - Number(b === 'sans_suite'));

  const change = async (to: LeadStatus) => {
    setBusy(true);
    setError(null);
    const result = await staffChange(`/api/staff/leads/${leadId}/status`, 'POST', {
      to,
      version,
    });
    setBusy(false);
    if (result.ok) {
      notify.success(`Contact passé au statut «\u00a0${statusLabel(to)}\u00a0».`);
      onChanged();
      return;
    }
    setError(result.message);
    if (result.status === 409) onChanged();
  };

  if (allowed.length === 0)
    return (
      <p className="mt-3 text-sm text-base-content/75">
        Un mandat signé est définitif&nbsp;: le statut ne change plus.
      </p>
    );
  return (
    <div className="mt-4">
      <div
        role="group"
        aria-label="Changer le statut"
        aria-describedby={error ? errorId : undefined}
        className="flex flex-wrap gap-2"
      >
        {allowed.map((to) => (
          <button
            key={to}
            type="button"
            className={`btn btn-sm ${to === 'sans_suite' ? 'btn-outline' : 'btn-primary'}`}
            disabled={busy}
            onClick={() => void change(to)}
          >
            {moveText(status, to)}
          </button>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * « Fiche propriétaire »: the owner's contact, the 48-hour callback while the lead is new, the
 * status and its control, each property in words, assignment (supervisors), notes (through the
 * outbox) and the audit trail (GET /api/staff/leads/:id).
 */
export function LeadFicheScreen({ id }: { id: number }) {
  const { roles } = useSession();
  const supervisor = isSupervisor(roles);
  return (
    <FicheScreen<LeadFiche>
      path={`/api/staff/leads/${id}`}
      person={(fiche) => fiche.lead}
      untitled="Fiche propriétaire"
      back={{ href: staffPaths.leads, label: 'Tous les propriétaires' }}
    >
      {({ lead, properties, notes, audit }, reload) => (
        <>
          <div className="min-w-0 space-y-8">
            <FicheCard id="status-title" title="Suivi du contact">
              <p className="mt-2 flex flex-wrap items-center gap-2">
                <span>Statut&nbsp;:</span>
                <span data-testid="lead-status">
                  <LeadStatusBadge status={lead.status} label={lead.statusLabel} />
                </span>
              </p>
              <p className="mt-2 text-sm text-base-content/75">
                Reçu le {formatDateTime(lead.createdAt)}
                {lead.contactedAt ? ` · contacté le ${formatDateTime(lead.contactedAt)}` : ''}
              </p>
              {lead.status === 'nouveau' ? (
                <p className="mt-3">
                  <Callback createdAt={lead.createdAt} />
                </p>
              ) : null}
              <StatusControl lead={lead} onChanged={reload} />
            </FicheCard>
            {properties.length === 0 ? (
              <p className="text-base-content/75">Aucun bien n’est enregistré pour ce contact.</p>
            ) : null}
            {properties.map((property, index) => (
              <FicheCard
                key={property.id}
                id={`bien-${property.id}`}
                title={
                  <>
                    {properties.length > 1 ? `Bien ${index + 1}\u00a0: ` : ''}
                    {property.typeBien} à {cityName(property.city)}
                  </>
                }
              >
                <FactList rows={propertyFacts(property)} />
              </FicheCard>
            ))}
            {lead.propertyCount > properties.length ? (
              <p className="text-sm text-base-content/75">
                {`Le propriétaire a indiqué ${lead.propertyCount} biens à vendre\u202f; le questionnaire en décrit ${properties.length}.`}
              </p>
            ) : null}
            <LeadMatchesPanel leadId={lead.id} />
            <TasksPanel recordType="owner" recordId={String(lead.id)} />
            <NotesPanel
              recordType="owner"
              recordId={String(lead.id)}
              notes={notes}
              canMarkVisible={false}
              onChanged={reload}
            />
            <AuditList entries={audit} />
          </div>
          <aside className="min-w-0 space-y-6">
            <ContactCard phone={lead.phone} email={lead.email} />
            <HunterCard
              assign={
                supervisor
                  ? {
                      path: `/api/staff/leads/${lead.id}/assign`,
                      hunterId: lead.hunterId,
                      version: lead.version,
                      onAssigned: reload,
                    }
                  : null
              }
            >
              <p className="mt-2" data-testid="lead-hunter">
                <HunterName name={lead.hunterName} />
              </p>
            </HunterCard>
          </aside>
        </>
      )}
    </FicheScreen>
  );
}
