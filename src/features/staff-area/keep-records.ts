import { useEffect } from 'react';
import { apiCache } from '../../db/api-cache.repo';
import type { Page } from '../../domain/api/lists';
import { buyerMatchesPath } from '../../domain/api/matches';
import { staffMandatePath } from '../../domain/api/mandates';
import { staffBuyerVisitsPath } from '../../domain/api/visits';
import { projectStages } from '../../domain/project';
import type { BuyerRow, LeadRow } from '../../domain/staff-views';
import { api, toApiFailure } from '../../lib/api';
import { notify } from '../../lib/toast';
import { sessionStore, useSession } from '../auth';
import { registerWorkerNow } from '../offline';
import { pipelineColumnPath } from './screens/pipeline-screen';

/**
 * Every record assigned to the signed-in person, kept on the device ahead of need (issue 29,
 * docs/decisions/010-cached-reads.md): a hunter opens, without network, a fiche never opened
 * before. In the background, once signed in and online, whenever the staff area opens (and when
 * the network comes back): the answers each fiche reads are asked and written to the kept
 * answers (`apiCache`, under the signed-in account, cleared at sign-out), exactly as the screens
 * would have. Bounded: the KEPT_BUYERS_MAX buyers and KEPT_LEADS_MAX leads most recently created
 * (7 answers a buyer with one project, 2 a lead, the figures and the pipeline's 9 columns: about
 * 280 answers, within the 300 an account keeps, oldest dropped first). An answer kept less than FRESH_MS ago
 * is not asked again.
 */
export const KEPT_BUYERS_MAX = 30;
export const KEPT_LEADS_MAX = 30;
const FRESH_MS = 10 * 60_000;
/** Requests at once: the person's own screens stay fast. */
const PARALLEL = 3;

/** A record's tasks (src/domain/api/tasks.ts recordTasksPath), as its fiche reads them. */
const tasksPath = (recordType: 'buyer' | 'owner', recordId: string) =>
  `/api/staff/tasks?recordType=${recordType}&recordId=${encodeURIComponent(recordId)}`;

/**
 * The answers a buyer's fiche reads: the fiche, its tasks, its visits and reports, its
 * documents, its mandates, the owner leads that fit it (« Biens qui correspondent », issue 31),
 * and the conversation of each of its projects.
 */
export const buyerRecordPaths = (userId: string, projectIds: readonly number[]) => [
  `/api/staff/buyers/${encodeURIComponent(userId)}`,
  tasksPath('buyer', userId),
  staffBuyerVisitsPath(userId),
  `/api/staff/buyers/${encodeURIComponent(userId)}/documents`,
  staffMandatePath(userId),
  buyerMatchesPath(userId),
  ...projectIds.map((id) => `/api/staff/projects/${id}/messages`),
];
/**
 * The answers a lead's fiche reads: the fiche and its tasks. Not its « Acquéreurs intéressés »
 * (issue 31): a third answer per lead would pass the 300 an account keeps; offline, that panel
 * says it is not kept on the device.
 */
export const leadRecordPaths = (id: number) => [
  `/api/staff/leads/${id}`,
  tasksPath('owner', String(id)),
];

export interface KeepSources {
  get: <T>(path: string) => Promise<T>;
  cache: Pick<typeof apiCache, 'read' | 'write'>;
  /** Still the same person signed in (a sign-out meanwhile stops everything). */
  current: () => boolean;
  now?: () => number;
}

/**
 * Keeps the records assigned to `userId` (see above). Stops at the first network failure, and
 * as soon as another person (or nobody) is signed in; a refused answer (a record given to
 * someone else meanwhile) is skipped. Resolves with the number of answers written.
 */
export async function keepAssignedRecords(
  userId: string,
  { get, cache, current, now = Date.now }: KeepSources,
): Promise<number> {
  const mine = encodeURIComponent(userId);
  const [buyers, leads] = await Promise.all([
    get<Page<BuyerRow>>(`/api/staff/buyers?hunter=${mine}&pageSize=100`),
    get<Page<LeadRow>>(`/api/staff/leads?hunter=${mine}&pageSize=100`),
  ]);
  const projectsOf = new Map<string, number[]>();
  for (const row of buyers.items)
    projectsOf.set(row.userId, [...(projectsOf.get(row.userId) ?? []), row.projectId]);
  const buyerIds = [...projectsOf.keys()].slice(0, KEPT_BUYERS_MAX);
  const leadIds = leads.items.map((l) => l.id).slice(0, KEPT_LEADS_MAX);
  const paths = [
    ...buyerIds.flatMap((id) => buyerRecordPaths(id, projectsOf.get(id) ?? [])),
    ...leadIds.flatMap(leadRecordPaths),
    '/api/staff/figures',
    ...projectStages.map((s) => pipelineColumnPath(s.value, '')),
  ];
  let written = 0;
  let stopped = false;
  const keepOne = async (path: string) => {
    const kept = await cache.read(userId, path).catch(() => undefined);
    if (kept && now() - kept.fetchedAt < FRESH_MS) return;
    let data: unknown;
    try {
      data = await get(path);
    } catch (error) {
      // No network: the rest would fail too. A refusal: this one only.
      if (toApiFailure(error).status === null) stopped = true;
      return;
    }
    if (!current()) {
      stopped = true;
      return;
    }
    await cache.write(userId, path, data, now());
    written += 1;
  };
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined && !stopped; path = queue.shift()) {
      if (!current()) return;
      await keepOne(path);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return written;
}

/**
 * The service worker's installation first: it downloads what the pages need offline and, until
 * it is done, a reload without network shows the browser's error page. At most 20 s.
 */
function workerInstalled(): Promise<unknown> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!worker || worker.controller || !import.meta.env.PROD) return Promise.resolve();
  return Promise.race([worker.ready, new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

/**
 * The first opening on this device (issue 29): while the worker installs, the person is told to
 * keep the network a few seconds, then that the area now opens without it. Nothing where the
 * browser runs no worker.
 */
async function sayOfflineReadiness(): Promise<void> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!worker || worker.controller || !import.meta.env.PROD) return;
  // One toast: « prêt » takes the place of « Préparation ».
  const toastId = 'offline-readiness';
  let ready = false;
  // Listened to first: the worker claims this page as soon as it is active (sw.ts), which may
  // happen before the registration below is even seen.
  worker.addEventListener(
    'controllerchange',
    () => {
      ready = true;
      notify.success(
        'Cet appareil est prêt\u00a0: l’espace de gestion s’ouvre aussi sans réseau.',
        toastId,
      );
    },
    { once: true },
  );
  // The registration asked for a moment ago may take a little while to appear.
  for (let tries = 0; tries < 60 && !ready; tries++) {
    const registration = await worker.getRegistration().catch(() => undefined);
    if (ready || registration?.active) return;
    if (registration?.installing || registration?.waiting) {
      notify.info(
        'Préparation de cet appareil pour travailler sans réseau\u00a0: gardez la connexion quelques secondes.',
        toastId,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let readinessSaid = false;

/** The last run per account in this page's life: the area's screens each mount it. */
const lastRun = new Map<string, number>();
const RUN_EVERY_MS = 5 * 60_000;

function keepInBackground(userId: string): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const at = lastRun.get(userId);
  if (at !== undefined && Date.now() - at < RUN_EVERY_MS) return;
  lastRun.set(userId, Date.now());
  const current = () => sessionStore.user?._id === userId;
  void (async () => {
    // Whatever another account left on this device goes first (personal data).
    await apiCache.keepOnly(userId);
    await workerInstalled();
    await keepAssignedRecords(userId, { get: (path) => api(path), cache: apiCache, current });
  })().catch(() => {
    // Tried again at the next opening or when the network comes back.
    lastRun.delete(userId);
  });
}

/**
 * Keeps the signed-in person's assigned records on the device: at the area's opening (after
 * sign-in, « Aujourd’hui ») and when the network comes back.
 */
export function useKeepAssignedRecords(): void {
  const { user } = useSession();
  const userId = user?._id;
  useEffect(() => {
    if (!userId) return;
    // Served without network as soon as possible after the first sign-in (sw-registration.ts).
    registerWorkerNow();
    if (!readinessSaid) {
      readinessSaid = true;
      void sayOfflineReadiness();
    }
    keepInBackground(userId);
    const online = () => {
      lastRun.delete(userId);
      keepInBackground(userId);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [userId]);
}
