import { useId, useState } from 'react';
import { Link } from 'wouter';
import {
  RETENTION_PREVIEW_PATH,
  RETENTION_RUNS_PATH,
  retentionKindLabels,
  type RetentionCounts,
  type RetentionItem,
  type RetentionLog,
  type RetentionPreview,
  type RetentionRun,
} from '../../../domain/api/retention';
import { formatDayDateTime, formatShortDate } from '../../../domain/french-date';
import { RETENTION_HOUR_PARIS, retentionTexts } from '../../../domain/retention';
import { offlineSince } from '../../../db/use-cached-api';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { ConfirmButton, closeConfirm } from '../../../ui/confirm-dialog';
import { LoadGate } from '../../../ui/load-gate';
import { StaffFrame } from '../components/staff-frame';
import { staffChange, useStaffApi } from '../staff-api';
import { staffPaths } from '../staff-paths';

const NBSP = '\u00a0';
/** The dry run shows this many records; the counts say the rest. */
const SHOWN = 100;

const plural = (n: number, one: string, many: string) => `${n}${NBSP}${n > 1 ? many : one}`;

/** « 1 propriétaire, 2 acquéreurs, documents de 3 clients », or « rien ». */
function countsText(counts: RetentionCounts): string {
  const parts = [
    counts['owner-lead'] ? plural(counts['owner-lead'], 'propriétaire', 'propriétaires') : '',
    counts['buyer-account'] ? plural(counts['buyer-account'], 'acquéreur', 'acquéreurs') : '',
    counts['client-documents']
      ? `documents de ${plural(counts['client-documents'], 'client', 'clients')}`
      : '',
    counts['contact-message']
      ? plural(counts['contact-message'], 'message de contact', 'messages de contact')
      : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'rien';
}

const totalOf = (counts: RetentionCounts) =>
  counts['owner-lead'] +
  counts['buyer-account'] +
  counts['client-documents'] +
  counts['contact-message'];

/** The record's fiche, named by its number or the start of its id (never a person's name). */
function RecordLink({ item }: { item: RetentionItem }) {
  if (item.kind === 'contact-message')
    return (
      <span>
        Message n°{NBSP}
        {item.recordId}
      </span>
    );
  if (item.kind === 'owner-lead')
    return (
      <Link href={staffPaths.lead(Number(item.recordId))} className="link link-primary">
        Propriétaire n°{NBSP}
        {item.recordId}
      </Link>
    );
  return (
    <Link href={staffPaths.buyer(item.recordId)} className="link link-primary">
      Acquéreur {item.recordId.slice(0, 8)}
    </Link>
  );
}

const sinceLabel = (item: RetentionItem) =>
  item.kind === 'client-documents' ? 'Fin du projet' : 'Dernier contact';

/** What the item does, in words: « Compte acquéreur anonymisé », « 2 documents supprimés ». */
const whatText = (item: RetentionItem) =>
  item.kind === 'client-documents' && item.count !== undefined
    ? `${plural(item.count, 'document supprimé', 'documents supprimés')}`
    : retentionKindLabels[item.kind];

/** The records of a pass: a table from 768 px, cards on a phone. */
function ItemList({ items, caption }: { items: readonly RetentionItem[]; caption: string }) {
  const shown = items.slice(0, SHOWN);
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Dossier</th>
              <th scope="col">Ce que fait la passe</th>
              <th scope="col">Depuis</th>
              <th scope="col">Échéance</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => (
              <tr key={`${item.kind}:${item.recordId}`} data-testid="retention-item">
                <th scope="row" className="font-medium">
                  <RecordLink item={item} />
                </th>
                <td>{whatText(item)}</td>
                <td>
                  {sinceLabel(item)}
                  {NBSP}: {formatShortDate(item.since)}
                </td>
                <td>{formatShortDate(item.dueAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="space-y-3 md:hidden">
        {shown.map((item) => (
          <li
            key={`${item.kind}:${item.recordId}`}
            className="rounded-box border border-base-300 bg-base-100 p-4"
            data-testid="retention-item-card"
          >
            <p className="font-medium">
              <RecordLink item={item} />
            </p>
            <p className="mt-1">{whatText(item)}</p>
            <p className="mt-1 text-sm text-base-content/75">
              {sinceLabel(item)}
              {NBSP}: {formatShortDate(item.since)} · échéance le {formatShortDate(item.dueAt)}
            </p>
          </li>
        ))}
      </ul>
      {items.length > SHOWN ? (
        <p className="mt-3 text-sm text-base-content/75">
          Et {plural(items.length - SHOWN, 'autre dossier', 'autres dossiers')}.
        </p>
      ) : null}
    </>
  );
}

/** The durations, from src/domain/retention.ts, with their legal ground. */
function Durations() {
  const rows = [
    {
      what: 'Propriétaires, acquéreurs sans mandat signé, messages de contact',
      how: `Anonymisés ${retentionTexts.prospects} après le dernier contact venu de la personne (inscription, connexion, formulaire, message, critères, document envoyé…)`,
      why: 'Recommandation de la CNIL pour les prospects (référentiel «\u00a0gestion commerciale\u00a0»)',
    },
    {
      what: 'Documents des clients (salaires, impôts, financement)',
      how: `Supprimés, fichiers compris, ${retentionTexts.documents} après la fin du projet («\u00a0Projet terminé\u00a0»)`,
      why: 'Minimisation (RGPD, art. 5.1.e)',
    },
    {
      what: 'Pièce d’identité, justificatif de domicile, justificatifs d’apport',
      how: `Supprimés ${retentionTexts.amlDocuments} après la fin du projet`,
      why: 'Lutte contre le blanchiment (code monétaire et financier, art.\u00a0L561-12)',
    },
    {
      what: 'Mandats signés et registre des mandats',
      how: `Gardés ${retentionTexts.mandates}, jamais touchés par la passe`,
      why: 'Loi Hoguet, décret n°\u00a072-678 du 20\u00a0juillet 1972, art.\u00a072',
    },
  ];
  return (
    <section aria-labelledby="durations-title">
      <h2 id="durations-title" className="text-xl font-semibold">
        Durées de conservation
      </h2>
      <dl className="mt-4 divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 px-4 sm:px-5">
        {rows.map((row) => (
          <div
            key={row.what}
            className="grid gap-1 py-3 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-6"
          >
            <dt className="font-semibold">{row.what}</dt>
            <dd>
              {row.how}.<span className="mt-0.5 block text-sm text-base-content/75">{row.why}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** « Lancer maintenant », behind a confirmation that says what it will do. */
function RunNow({ preview, onDone }: { preview: RetentionPreview; onDone: () => void }) {
  const id = useId();
  const [refusal, setRefusal] = useState('');
  const total = totalOf(preview.counts);
  const run = async () => {
    const answer = await staffChange<RetentionRun>(RETENTION_RUNS_PATH, 'POST', {
      dryRun: false,
    });
    if (answer.ok) {
      closeConfirm(id);
      notify.success(`Passe terminée${NBSP}: ${countsText(answer.data.counts)}.`);
      onDone();
    } else setRefusal(answer.message);
  };
  return (
    <ConfirmButton
      id={id}
      label="Lancer maintenant"
      className="btn btn-primary"
      onOpen={() => setRefusal('')}
      title={<>Lancer la passe maintenant{'\u202f'}?</>}
      text={
        total ? (
          <>
            Elle traite tout de suite{NBSP}: {countsText(preview.counts)}. Une anonymisation ou une
            suppression est définitive. Les mandats signés et le registre ne sont pas touchés.
          </>
        ) : (
          <>
            Rien n’est à anonymiser ni à supprimer pour l’instant{NBSP}: la passe sera notée au
            journal.
          </>
        )
      }
      action={
        <BusyButton className="btn btn-primary" run={run}>
          Lancer la passe
        </BusyButton>
      }
      refusal={refusal}
    />
  );
}

function NextPass({ preview, onDone }: { preview: RetentionPreview; onDone: () => void }) {
  return (
    <section aria-labelledby="next-title" data-testid="retention-preview">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="next-title" className="text-xl font-semibold">
            Prochaine passe{NBSP}: {formatDayDateTime(preview.nextRunAt)}
          </h2>
          <p className="mt-1 text-base-content/75">
            Si elle avait lieu maintenant, elle traiterait{NBSP}: {countsText(preview.counts)}.
          </p>
        </div>
        <RunNow preview={preview} onDone={onDone} />
      </div>
      <div className="mt-4">
        {preview.items.length ? (
          <ItemList items={preview.items} caption="Dossiers que traiterait la prochaine passe" />
        ) : (
          <p className="rounded-box border border-dashed border-base-300 p-4 text-base-content/75">
            Aucun dossier n’a dépassé sa durée de conservation.
          </p>
        )}
      </div>
    </section>
  );
}

function RunEntry({ run }: { run: RetentionRun }) {
  const who = run.dryRun
    ? `Essai à blanc, par ${run.launchedByName ?? 'un administrateur'}`
    : run.launchedBy === null
      ? 'Passe de la nuit'
      : `Lancée par ${run.launchedByName ?? 'un administrateur'}`;
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="retention-run">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">{formatDayDateTime(run.startedAt)}</p>
        <p className="text-sm text-base-content/75">{who}</p>
      </div>
      <p className="mt-1">
        {run.dryRun ? 'Aurait traité' : 'A traité'}
        {NBSP}: {countsText(run.counts)}.
      </p>
      {run.items.length ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-primary">
            {run.items.length === 1
              ? 'Voir le dossier'
              : `Voir les ${run.items.length}${NBSP}dossiers`}
          </summary>
          <div className="mt-3">
            <ItemList
              items={run.items}
              caption={`Dossiers de la passe du ${formatDayDateTime(run.startedAt)}`}
            />
          </div>
        </details>
      ) : null}
    </li>
  );
}

/**
 * « Conservation des données » (issue 31, docs/retention.md), for the admin: the durations, what
 * the next nightly pass would touch (a dry run), « Lancer maintenant », and the log of the passes.
 * The server refuses everyone else (server/resources/retention).
 */
export function RetentionScreen() {
  const [preview, reloadPreview] = useStaffApi<RetentionPreview>(RETENTION_PREVIEW_PATH);
  const [log, reloadLog] = useStaffApi<RetentionLog>(RETENTION_RUNS_PATH);
  const reload = () => {
    reloadPreview();
    reloadLog();
  };
  return (
    <StaffFrame
      title="Conservation des données"
      lead={`Chaque nuit à ${RETENTION_HOUR_PARIS}${NBSP}h, une passe anonymise les prospects sans nouvelles depuis trop longtemps et supprime les documents des projets terminés. Les mandats signés et le registre ne sont jamais touchés.`}
      updatedAt={offlineSince(preview)}
    >
      <div className="space-y-10">
        <LoadGate load={preview} loading="Calcul de la prochaine passe…">
          {(data) => <NextPass preview={data} onDone={reload} />}
        </LoadGate>
        <section aria-labelledby="log-title">
          <h2 id="log-title" className="text-xl font-semibold">
            Journal des passes
          </h2>
          <LoadGate load={log} loading="Chargement du journal…" inline>
            {(data) =>
              data.runs.length ? (
                <ul className="mt-4 space-y-3">
                  {data.runs.map((run) => (
                    <RunEntry key={run.id} run={run} />
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-base-content/75">Aucune passe pour l’instant.</p>
              )
            }
          </LoadGate>
        </section>
        <Durations />
      </div>
    </StaffFrame>
  );
}
