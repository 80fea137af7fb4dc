import { useId, useState } from 'react';
import {
  MANDATE_MONTHS,
  mandateEndSchema,
  staffMandateEndPath,
  staffMandatePath,
  type MandateView,
} from '../../../domain/api/mandates';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { ConfirmButton, closeConfirm } from '../../../ui/confirm-dialog';
import type { CachedApiLoad } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';
import { downloadMandateEvidence, downloadMandatePdf, hasCome, mandatePost } from '../mandate-api';
import { formatMandateDate, MandateStatusBadge, SignedFacts } from './mandate-facts';

/** A project of the fiche, as the panel names it. */
export interface MandateProject {
  id: number;
  title: string;
}

/** « Résilier » (after 3 months, art. 78): confirmed, with an optional reason for the register. */
function EndMandate({ mandate, onEnded }: { mandate: MandateView; onEnded: () => void }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  return (
    <ConfirmButton
      id={`resilier-${mandate.id}`}
      label="Résilier le mandat"
      className="btn btn-outline btn-error btn-sm"
      onOpen={() => setError('')}
      title={'Résilier le mandat de recherche\u202f?'}
      text={`Le mandat prend fin aujourd’hui (résiliation après ${MANDATE_MONTHS} mois, art. 78 du décret du 20 juillet 1972). La fin est écrite au registre des mandats et le projet s’arrête.`}
      action={
        <BusyButton
          className="btn btn-error"
          run={async () => {
            const body = mandateEndSchema.safeParse({ reason: reason.trim() || undefined });
            if (!body.success) {
              setError(body.error.issues[0]?.message ?? 'Motif invalide.');
              return;
            }
            const result = await mandatePost(staffMandateEndPath(mandate.id), body.data);
            if (!result.ok) {
              setError(result.message);
              return;
            }
            notify.success('Le mandat est résilié.');
            onEnded();
            closeConfirm(`resilier-${mandate.id}`);
          }}
        >
          Résilier
        </BusyButton>
      }
    >
      <label htmlFor={reasonId} className="mt-4 block text-sm font-medium">
        Motif (facultatif, écrit au registre)
      </label>
      <textarea
        id={reasonId}
        className="textarea textarea-bordered mt-1 block w-full"
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {error ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      ) : null}
    </ConfirmButton>
  );
}

/** One project's mandate: where it stands, its files, and what may be done now. */
function ProjectMandate({
  buyerId,
  project,
  mandate,
  many,
  canPrepare,
  onChanged,
}: {
  buyerId: string;
  project: MandateProject;
  mandate: MandateView | undefined;
  many: boolean;
  canPrepare: boolean;
  onChanged: () => void;
}) {
  const [error, setError] = useState('');
  const closed = !mandate || mandate.status === 'withdrawn' || mandate.status === 'ended';

  async function prepare() {
    setError('');
    const result = await mandatePost<MandateView>(staffMandatePath(buyerId), {
      projectId: project.id,
    });
    if (!result.ok) {
      setError(result.message);
      return;
    }
    notify.success(
      'Le mandat est prêt\u00a0: le client peut le lire et le signer depuis son espace.',
    );
    onChanged();
  }

  return (
    <div className="mt-4 first-of-type:mt-3" data-testid={`mandate-project-${project.id}`}>
      {many ? <h3 className="font-semibold">{project.title}</h3> : null}
      {mandate ? (
        <>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <MandateStatusBadge status={mandate.status} />
            {mandate.status === 'signed' && mandate.registerNumber !== null ? (
              <span className="font-semibold">N°&nbsp;{mandate.registerNumber}</span>
            ) : null}
          </p>
          <p className="mt-2 text-sm text-base-content/75">
            Préparé par {mandate.preparedByName} le {formatMandateDate(mandate.preparedAt)}
            {mandate.provider === 'yousign' ? ' · signature par Yousign' : ''}
          </p>
          {mandate.status === 'awaiting_signature' ? (
            <p className="mt-2 text-sm">
              {mandate.identityMissing
                ? 'Le client doit d’abord indiquer son identité et son adresse postale, puis signer depuis son espace.'
                : 'Le client le lit et le signe depuis son espace, avec un code reçu par e-mail.'}
            </p>
          ) : (
            <SignedFacts mandate={mandate} />
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <BusyButton className="btn btn-outline btn-sm" run={() => downloadMandatePdf(mandate)}>
              {mandate.signedAt ? 'PDF signé' : 'PDF à signer'}
            </BusyButton>
            {mandate.signedAt ? (
              <BusyButton
                className="btn btn-ghost btn-sm"
                run={() => downloadMandateEvidence(mandate)}
              >
                Fichier de preuve
              </BusyButton>
            ) : null}
            {mandate.status === 'awaiting_signature' && canPrepare ? (
              <BusyButton className="btn btn-ghost btn-sm" run={prepare}>
                Préparer à nouveau
              </BusyButton>
            ) : null}
            {mandate.status === 'signed' && hasCome(mandate.endableFrom) ? (
              <EndMandate mandate={mandate} onEnded={onChanged} />
            ) : null}
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-base-content/75">
          Aucun mandat pour ce projet. Aucune recherche ne peut commencer avant sa signature (loi
          Hoguet).
        </p>
      )}
      {closed && canPrepare ? (
        <BusyButton className="btn btn-primary btn-sm mt-3" run={prepare}>
          Préparer le mandat
        </BusyButton>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * « Mandat » on the fiche acquéreur (issue 30): for each project, its mandat de recherche
 * (« Préparer le mandat », then its status, its number and date once signed, the PDF and the
 * evidence, « Résilier » after 3 months). The server decides who may do what.
 */
export default function MandatePanel({
  buyerId,
  projects,
  canPrepare,
  mandates: [load, reloadMandates],
  onChanged,
}: {
  buyerId: string;
  projects: readonly MandateProject[];
  /** False on an archived account. */
  canPrepare: boolean;
  /** The buyer's mandates, as the fiche reads them (useBuyerMandates): its stage control too. */
  mandates: [CachedApiLoad<MandateView[]>, () => void];
  /** A mandate prepared or ended: the fiche reads the project's stage again. */
  onChanged: () => void;
}) {
  const titleId = useId();
  const reload = () => {
    reloadMandates();
    onChanged();
  };
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-box border border-base-300 p-5"
      data-testid="mandate-panel"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        Mandat
      </h2>
      {projects.length === 0 ? (
        <p className="mt-2 text-base-content/75">Pas de projet, pas de mandat à préparer.</p>
      ) : (
        <LoadGate load={load} loading="Chargement du mandat…" inline>
          {(mandates) => (
            <>
              {projects.map((project) => (
                <ProjectMandate
                  key={project.id}
                  buyerId={buyerId}
                  project={project}
                  // Newest first: the project's current mandate.
                  mandate={mandates.find((m) => m.projectId === project.id)}
                  many={projects.length > 1}
                  canPrepare={canPrepare}
                  onChanged={reload}
                />
              ))}
            </>
          )}
        </LoadGate>
      )}
    </section>
  );
}
