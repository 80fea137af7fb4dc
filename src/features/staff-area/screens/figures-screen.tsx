import type { ReactNode } from 'react';
import { formatPercent } from '../../../domain/format';
import type { StaffFigures } from '../../../domain/staff-admin-views';
import { useSession } from '../../auth';
import { offlineSince } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';
import { isSupervisor, StaffFrame } from '../components/staff-frame';
import { useStaffApi } from '../staff-api';
import { TableFrame } from '../components/table-frame';

const count = (n: number) => n.toLocaleString('fr-FR');

let weekFormat: Intl.DateTimeFormat | undefined;
let shortWeekFormat: Intl.DateTimeFormat | undefined;

/** '2026-11-02' → '2 novembre 2026' (the Monday of the week, a calendar date). */
const weekLabel = (day: string) => {
  weekFormat ??= new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });
  return weekFormat.format(new Date(`${day}T00:00:00Z`));
};

/** '2026-11-02' → '02/11', under a column. */
const shortWeekLabel = (day: string) => {
  shortWeekFormat ??= new Intl.DateTimeFormat('fr-FR', {
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  });
  return shortWeekFormat.format(new Date(`${day}T00:00:00Z`));
};

/** The width (or height) of a bar, in % of the largest; a zero stays visible as a sliver. */
const barSize = (value: number, max: number) => (max === 0 ? 0 : Math.round((value / max) * 100));

/** A share, or a dash with its reason when nothing is counted yet. */
const shareText = (share: number | null) => (share === null ? '—' : formatPercent(share));

function Section({
  id,
  title,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  /** Across both columns on a wide screen. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6 ${wide ? 'lg:col-span-2' : ''}`}
    >
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The largest of `values` (each bar is sized against it) and their sum (the summary's). */
const extent = (values: number[]) => ({
  max: Math.max(0, ...values),
  total: values.reduce((sum, v) => sum + v, 0),
});

function StageBars({ stages }: { stages: StaffFigures['projectsByStage'] }) {
  const { max, total } = extent(stages.map((s) => s.count));
  return (
    <>
      <p className="mt-1 text-sm text-base-content/75">
        {count(total)}&nbsp;projet{total > 1 ? 's' : ''} de clients non archivés.
      </p>
      <ul className="mt-4 space-y-3">
        {stages.map((s) => (
          <li
            key={s.stage}
            className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-3 sm:grid-cols-[12rem_1fr_auto]"
          >
            <span className="text-sm">{s.label}</span>
            <span className="h-3 rounded-full bg-base-200" aria-hidden="true">
              <span
                className="block h-3 min-w-1 rounded-full bg-primary"
                style={{ width: `${barSize(s.count, max)}%` }}
              />
            </span>
            <span className="min-w-8 text-right font-semibold tabular-nums">
              <span className="sr-only">{s.label}&nbsp;: </span>
              {count(s.count)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A week's column: its count, its bar, its Monday under it. */
function WeekBar({ week, max }: { week: StaffFigures['leadsPerWeek'][number]; max: number }) {
  return (
    <li className="flex flex-col items-center gap-1">
      <span className="text-sm font-semibold tabular-nums">
        <span className="sr-only">Semaine du {weekLabel(week.weekStart)}&nbsp;: </span>
        {count(week.leads)}
      </span>
      <span className="flex h-24 w-full items-end" aria-hidden="true">
        <span
          className="block min-h-0.5 w-full rounded-t bg-secondary"
          style={{ height: `${barSize(week.leads, max)}%` }}
        />
      </span>
      <span
        className="text-[0.7rem] text-base-content/75 max-sm:rotate-180 max-sm:[writing-mode:vertical-rl] sm:text-xs"
        aria-hidden="true"
      >
        {shortWeekLabel(week.weekStart)}
      </span>
    </li>
  );
}

function WeekBars({ weeks }: { weeks: StaffFigures['leadsPerWeek'] }) {
  const { max, total } = extent(weeks.map((w) => w.leads));
  return (
    <>
      <p className="mt-1 text-sm text-base-content/75">
        {count(total)}&nbsp;demande{total > 1 ? 's' : ''} de propriétaires en 12&nbsp;semaines,
        semaine par semaine (du lundi au dimanche).
      </p>
      <ol className="mt-4 grid grid-cols-12 items-end gap-1 sm:gap-2">
        {weeks.map((w) => (
          <WeekBar key={w.weekStart} week={w} max={max} />
        ))}
      </ol>
    </>
  );
}

function ContactShare({ figures }: { figures: StaffFigures['contactedWithin48h'] }) {
  return figures.share === null ? (
    <p className="mt-3 text-base-content/75">
      Aucun propriétaire à compter sur les 90&nbsp;derniers jours&nbsp;: ceux reçus depuis moins de
      48&nbsp;heures ne comptent pas encore.
    </p>
  ) : (
    <>
      <p className="mt-3 text-4xl font-semibold tabular-nums">{formatPercent(figures.share)}</p>
      <p className="mt-2 text-sm text-base-content/75">
        {count(figures.onTime)} sur {count(figures.due)}&nbsp;propriétaire
        {figures.due > 1 ? 's' : ''} des 90&nbsp;derniers jours, premier contact dans les
        48&nbsp;heures. Un propriétaire encore à contacter après son délai compte comme en retard.
      </p>
    </>
  );
}

function HunterTable({ rows }: { rows: StaffFigures['perHunter'] }) {
  if (rows.length === 0)
    return <p className="mt-3 text-base-content/75">Aucun chasseur actif pour l’instant.</p>;
  return (
    <TableFrame label="Tableau par chasseur" className="mt-4">
      <table className="table">
        <caption className="sr-only">Chiffres par chasseur</caption>
        <thead>
          <tr>
            <th scope="col">Chasseur</th>
            <th scope="col" className="text-right">
              Projets en cours
            </th>
            <th scope="col" className="text-right">
              Propriétaires comptés (90&nbsp;jours)
            </th>
            <th scope="col" className="text-right">
              Contactés sous 48&nbsp;h
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => (
            <tr key={h.hunterId}>
              <th scope="row" className="font-medium">
                {h.name}
              </th>
              <td className="text-right tabular-nums">{count(h.openProjects)}</td>
              <td className="text-right tabular-nums">{count(h.leadsDue)}</td>
              <td className="whitespace-nowrap text-right tabular-nums">{shareText(h.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/**
 * « Chiffres »: plain figures computed by the server (GET /api/staff/figures) in the caller's
 * scope: a chasseur their own, managers, directeurs and admins the agency's.
 */
export function FiguresScreen() {
  const { roles } = useSession();
  const agency = isSupervisor(roles);
  const [load] = useStaffApi<StaffFigures>('/api/staff/figures');
  return (
    <StaffFrame
      title="Chiffres"
      lead={
        agency
          ? 'Les chiffres de toute l’agence, tous chasseurs confondus.'
          : 'Vos chiffres\u00a0: vos clients, leurs projets et les propriétaires qui vous sont attribués.'
      }
      updatedAt={offlineSince(load)}
    >
      <LoadGate load={load} loading="Chargement des chiffres…">
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <Section wide id="figures-share" title={'Propriétaires contactés sous 48\u00a0heures'}>
              <ContactShare figures={data.contactedWithin48h} />
            </Section>
            <Section id="figures-stages" title="Projets par étape">
              <StageBars stages={data.projectsByStage} />
            </Section>
            <Section id="figures-weeks" title="Propriétaires reçus par semaine">
              <WeekBars weeks={data.leadsPerWeek} />
            </Section>
            <Section
              wide
              id="figures-hunters"
              title={data.scope === 'agence' ? 'Par chasseur' : 'Votre activité'}
            >
              <HunterTable rows={data.perHunter} />
            </Section>
          </div>
        )}
      </LoadGate>
    </StaffFrame>
  );
}
