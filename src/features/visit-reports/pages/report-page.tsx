import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { staffBuyerVisitsPath, type StaffBuyerVisits } from '../../../domain/api/visits';
import { isDeviceId } from '../../../domain/device-id';
import { isoToParisLocal } from '../../../domain/paris-time';
import type { BuyerFiche } from '../../../domain/staff-views';
import { VisitStep } from '../../../domain/visit-report.schema';
import { saveDraft, type DraftStorage } from '../../../db/drafts.repo';
import { reportDraftKey } from '../../../db/visit-drafts.repo';
import { useCachedApi } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';
import { flowDraft, type DraftSnapshot } from '../../long-form';
import type { ReportAnswers } from '../report-flow';

const ReportQuestions = lazy(() => import('../components/report-questions'));

/** Where the staff area lists the buyer: the report pages link back to it. */
export interface ReportPaths {
  buyers: string;
  buyer: (userId: string) => string;
  newReport: (userId: string, visitId?: number) => string;
  report: (ref: string) => string;
}

/**
 * « Nouveau compte rendu » for a buyer (issue 28): a new draft on this device, with its own id,
 * the buyer's name and, from a planned visit (`?visite=`), its address, city and time; then the
 * report's page. Works offline with what the device kept of the fiche.
 */
export function NewReportScreen({ userId, paths }: { userId: string; paths: ReportPaths }) {
  const { user } = useSession();
  const [, navigate] = useLocation();
  const visitId = Number(new URLSearchParams(useSearch()).get('visite')) || null;
  const [fiche] = useCachedApi<BuyerFiche>(
    user?._id,
    `/api/staff/buyers/${encodeURIComponent(userId)}`,
  );
  const [visits] = useCachedApi<StaffBuyerVisits>(
    visitId ? user?._id : undefined,
    staffBuyerVisitsPath(userId),
  );
  const [error, setError] = useState('');
  const settled = fiche.status !== 'loading' && (visitId === null || visits.status !== 'loading');

  useEffect(() => {
    if (!settled) return;
    const ref = crypto.randomUUID();
    const buyer = fiche.status === 'ready' ? fiche.data.user : null;
    const visit =
      visits.status === 'ready' ? visits.data.visits.find((v) => v.id === visitId) : undefined;
    const answers: ReportAnswers = {
      ref,
      buyerId: userId,
      buyerName: buyer ? `${buyer.firstname} ${buyer.lastname}` : '',
      visitId: visit ? visit.id : null,
      visitedAt: isoToParisLocal(visit?.startsAt ?? new Date().toISOString()),
      ...(visit
        ? {
            address: visit.address,
            department: visit.department as ReportAnswers['department'],
            city: visit.city,
          }
        : {}),
      works: '',
      worksEstimate: null,
      strengths: '',
      weaknesses: '',
      photos: [],
    };
    saveDraft(reportDraftKey(ref), {
      step: VisitStep.START,
      answers: answers as Record<string, unknown>,
    }).then(
      () => navigate(paths.report(ref), { replace: true }),
      () =>
        setError(
          'Cet appareil refuse de garder le compte rendu (stockage plein ou navigation privée)\u00a0: libérez de la place ou quittez la navigation privée, puis réessayez.',
        ),
    );
    // One draft per arrival on this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <div className="mx-auto max-w-3xl px-4 pb-12 pt-24 sm:px-6 lg:pt-28">
      {error ? (
        <p role="alert" className="alert alert-error alert-soft">
          {error}
        </p>
      ) : (
        <p role="status" className="text-base-content/75">
          Préparation du compte rendu…
        </p>
      )}
      <Link href={paths.buyer(userId)} className="link mt-4 inline-block">
        Retour à la fiche
      </Link>
    </div>
  );
}

type Read =
  | { status: 'reading' }
  | { status: 'missing' }
  | { status: 'read'; draft: DraftSnapshot; storage: DraftStorage };

/** A report being written on this device, by its id: its draft opened in the long form. */
export function ReportScreen({ reportRef, paths }: { reportRef: string; paths: ReportPaths }) {
  const { user } = useSession();
  const [found, setRead] = useState<Read>({ status: 'reading' });
  const valid = isDeviceId(reportRef);
  const read: Read = valid ? found : { status: 'missing' };
  useEffect(() => {
    if (!valid) return;
    let current = true;
    void flowDraft(reportDraftKey(reportRef))
      .read()
      .then((draft) => {
        if (!current) return;
        // 'sent' is for the drafts copied to another device (issue 33), never a report's.
        if (draft === null || draft === 'sent') setRead({ status: 'missing' });
        else if (typeof draft === 'string')
          setRead({
            status: 'read',
            draft: { step: VisitStep.START, answers: {} },
            storage: draft,
          });
        else setRead({ status: 'read', draft, storage: 'ok' });
      });
    return () => {
      current = false;
    };
  }, [reportRef, valid]);

  if (read.status === 'reading' || !user)
    return (
      <div className="mx-auto max-w-3xl px-4 pt-24 lg:pt-28">
        <LoadGate inline load={{ status: 'loading' }} loading="Ouverture du compte rendu…" />
      </div>
    );
  if (read.status === 'missing')
    return (
      <div className="mx-auto max-w-3xl px-4 pb-12 pt-24 sm:px-6 lg:pt-28">
        <h1 className="text-2xl font-semibold">Compte rendu introuvable sur cet appareil</h1>
        <p className="mt-3 text-base-content/75">
          Il a déjà été envoyé, ou il a été écrit sur un autre appareil. Les comptes rendus envoyés
          sont sur la fiche du client.
        </p>
        <Link href={paths.buyers} className="btn btn-primary mt-6">
          Voir les acquéreurs
        </Link>
      </div>
    );
  const buyerId = typeof read.draft.answers.buyerId === 'string' ? read.draft.answers.buyerId : '';
  return (
    <>
      <nav aria-label="Fil d’Ariane" className="mx-auto max-w-3xl px-4 pt-24 sm:px-6 lg:pt-28">
        <Link href={paths.buyer(buyerId)} className="link text-sm">
          ← Fiche du client
        </Link>
      </nav>
      <Suspense
        fallback={
          <div className="mx-auto max-w-3xl px-4">
            <LoadGate inline load={{ status: 'loading' }} loading="Chargement des questions…" />
          </div>
        }
      >
        <ReportQuestions
          draft={read.draft}
          begin={false}
          storage={read.storage}
          reportRef={reportRef}
          owner={user._id}
        />
      </Suspense>
    </>
  );
}
