import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type {
  ClientVisitReport,
  StaffVisitReport,
  VisitPhotoView,
} from '../../../domain/api/visits';
import { formatEuro } from '../../../domain/format';
import { formatParisDateTime } from '../../../domain/paris-time';
import { propertyStates, recommendations } from '../../../domain/visit-report.schema';
import { api } from '../../../lib/api';
import { EnergyLabels } from './energy-labels';
import { PhotoGallery, type GalleryPhoto } from './photo-gallery';

/**
 * One visit report as people read it (issue 28): the buyer in « Mes visites », the staff on the
 * fiche acquéreur (`variant="staff"`, which adds the verdict, the photos' state and the author).
 */

let surfaceFormat: Intl.NumberFormat | undefined;

/** 48.5 → « 48,5 m² » (a no-break space before the unit). */
export function formatSurface(area: number): string {
  surfaceFormat ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
  return `${surfaceFormat.format(area)}\u00a0m²`;
}

/** 0 → « Rez-de-chaussée », 1 → « 1er étage », 3 → « 3e étage », -1 → « 1er sous-sol », null: a house. */
export function floorLabel(floor: number | null): string {
  if (floor === null) return 'Maison / sans étage';
  if (floor === 0) return 'Rez-de-chaussée';
  const n = Math.abs(floor);
  const rank = n === 1 ? '1er' : `${n}e`;
  return floor > 0 ? `${rank} étage` : `${rank} sous-sol`;
}

/** 1 → « 1 pièce », 3 → « 3 pièces ». */
export const roomsLabel = (rooms: number) => `${rooms}\u00a0pièce${rooms > 1 ? 's' : ''}`;

/** The photos' state of a report the staff read: « 3/12 photos arrivées ». */
export function photosArrivedLabel(received: number, expected: number): string {
  if (expected === 0) return 'Sans photo';
  return `${received}/${expected} photo${expected > 1 ? 's' : ''} arrivée${received > 1 ? 's' : ''}`;
}

const conditionLabel = (value: string) =>
  propertyStates.find((s) => s.value === value)?.label ?? value;

/** The 1–5 rating as five stars, said in words (« Note : 4 sur 5 »). */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" data-testid="report-rating">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 24 24"
          width="1.25em"
          height="1.25em"
          aria-hidden="true"
          className={n <= rating ? 'text-warning' : 'text-base-content/30'}
        >
          <path
            fill="currentColor"
            stroke={n <= rating ? '#8a5a00' : 'currentColor'}
            strokeWidth={1}
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
          />
        </svg>
      ))}
      <span className="sr-only">Note&nbsp;: {rating} sur 5</span>
    </span>
  );
}

/** Whether the element is, or has been, near the viewport (once true, stays true). */
function useNearViewport(ref: RefObject<Element | null>, margin = '400px 0px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}

/** How a photo's bytes are fetched: with the session's token (an <img src> could not send it). */
export type PhotoLoader = (url: string) => Promise<Blob>;
const loadWithToken: PhotoLoader = (url) => api(url, { responseType: 'blob', timeout: 60_000 });

/** Photos fetched at once, at most. */
const PARALLEL = 3;

/**
 * Object URLs of the photos, fetched with the token once `enabled` (the card near the
 * viewport), three at a time, in order; revoked when the card goes. A photo that could not be
 * fetched (no network, and not kept by the browser) is counted in `failed`; `retry` (or the
 * network coming back) asks for them again.
 */
function usePhotoUrls(photos: readonly VisitPhotoView[], enabled: boolean, load: PhotoLoader) {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<readonly string[]>([]);
  const [round, setRound] = useState(0);
  const made = useRef(new Map<string, string>());
  const ids = photos.map((p) => p.id).join(',');

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    const todo = photos.filter((p) => !made.current.has(p.id));
    if (todo.length === 0) return;
    setFailed([]);
    let next = 0;
    const worker = async () => {
      while (alive && next < todo.length) {
        const photo = todo[next++];
        if (!photo) return;
        try {
          const blob = await load(photo.url);
          if (!alive || made.current.has(photo.id)) continue;
          const url = URL.createObjectURL(blob);
          made.current.set(photo.id, url);
          setUrls((shown) => ({ ...shown, [photo.id]: url }));
        } catch {
          if (alive) setFailed((list) => [...list, photo.id]);
        }
      }
    };
    for (let i = 0; i < Math.min(PARALLEL, todo.length); i++) void worker();
    return () => {
      alive = false;
    };
    // `ids` stands for `photos`: a new array with the same photos asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ids, round, load]);

  // The network is back: the photos that could not be fetched are asked for again.
  const hasFailed = failed.length > 0;
  useEffect(() => {
    if (!hasFailed) return;
    const again = () => setRound((r) => r + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [hasFailed]);

  useEffect(() => {
    const created = made.current;
    return () => {
      for (const url of created.values()) URL.revokeObjectURL(url);
      created.clear();
    };
  }, []);

  return { urls, failed: failed.length, retry: () => setRound((r) => r + 1) };
}

/** What stands for a photo not fetched yet: transparent, at the photo's proportions. */
function placeholder(photo: VisitPhotoView): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${photo.width}" height="${photo.height}"><!--${photo.id}--></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function ReportPhotos({
  photos,
  address,
  enabled,
  load,
}: {
  photos: readonly VisitPhotoView[];
  address: string;
  enabled: boolean;
  load: PhotoLoader;
}) {
  const { urls, failed, retry } = usePhotoUrls(photos, enabled, load);
  const gallery: GalleryPhoto[] = photos.map((photo, i) => ({
    src: urls[photo.id] ?? placeholder(photo),
    width: photo.width,
    height: photo.height,
    alt: `${address}, photo ${i + 1}`,
  }));
  return (
    <div data-testid="report-photos" data-loaded={Object.keys(urls).length}>
      <PhotoGallery photos={gallery} label={`Photos du bien, ${address}`} priority={false} />
      {failed > 0 ? (
        <p role="status" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          {failed === 1
            ? 'Une photo n’a pas pu être chargée (pas de réseau\u202f?).'
            : `${failed}\u00a0photos n’ont pas pu être chargées (pas de réseau\u202f?).`}
          <button type="button" className="btn btn-ghost btn-xs" onClick={retry}>
            Réessayer
          </button>
        </p>
      ) : null}
    </div>
  );
}

type Heading = 'h3' | 'h4';

/** A titled part of the card. */
function Part({ title, level, children }: { title: string; level: Heading; children: ReactNode }) {
  const Title = level === 'h3' ? 'h4' : 'h5';
  return (
    <div className="mt-5">
      <Title className="font-semibold">{title}</Title>
      {children}
    </div>
  );
}

type ReportCardProps = {
  /** The card's title level: h3 under a section's h2, h4 under a group's h3. */
  headingLevel?: Heading;
  /**
   * Without its own title (address, city, date): the list that opens it already says them;
   * `labelledBy` then names the card.
   */
  untitled?: { labelledBy: string };
  /** Below the report: the buyer's answer (client area). */
  children?: ReactNode;
  /** How photos are fetched (tests give their own). */
  loadPhoto?: PhotoLoader;
  id?: string;
} & (
  { variant?: 'client'; report: ClientVisitReport } | { variant: 'staff'; report: StaffVisitReport }
);

/**
 * A visit report: where and when, the figures in French formats, the condition and the works,
 * the rating, strengths and weaknesses, the hunter's reason, the DPE and GES labels and the
 * photos (fetched with the token once the card nears the viewport, their size reserved).
 */
export function ReportCard(props: ReportCardProps) {
  const { report, headingLevel = 'h3', untitled, children, loadPhoto = loadWithToken, id } = props;
  const root = useRef<HTMLElement>(null);
  const near = useNearViewport(root);
  const staff = props.variant === 'staff' ? props.report : null;
  const titleId = `compte-rendu-${report.id}-titre`;
  const Title = headingLevel;
  const place = `${report.address}, ${report.cityName}`;

  const facts: [string, ReactNode][] = [
    ['Prix demandé', formatEuro(report.askingPrice)],
    ['Surface', formatSurface(report.livingArea)],
    ['Pièces', roomsLabel(report.rooms)],
    [
      'Étage',
      report.floor === null
        ? floorLabel(null)
        : `${floorLabel(report.floor)}, ${report.lift ? 'avec ascenseur' : 'sans ascenseur'}`,
    ],
    ['État', conditionLabel(report.condition)],
    [
      'Travaux',
      report.worksEstimate !== null
        ? `Estimés à ${formatEuro(report.worksEstimate)}`
        : report.works
          ? 'Sans estimation'
          : 'Aucun',
    ],
    ['Note du chasseur', <RatingStars key="rating" rating={report.rating} />],
  ];

  return (
    <article
      ref={root}
      id={id}
      aria-labelledby={untitled ? untitled.labelledBy : titleId}
      className="@container -mx-2 scroll-mt-24 rounded-box border border-base-300 bg-base-100 p-3 sm:mx-0 sm:p-6"
      data-testid="report-card"
      data-report-id={report.id}
    >
      {untitled ? null : (
        <header>
          <Title id={titleId} className="text-lg font-semibold break-words">
            {place}
          </Title>
          <p className="mt-1 text-sm text-base-content/75">
            Visité le{' '}
            <time dateTime={report.visitedAt}>{formatParisDateTime(report.visitedAt)}</time>
          </p>
        </header>
      )}
      {staff ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="report-staff">
          <span className="badge badge-sm badge-outline">
            {recommendations.find((r) => r.value === staff.recommendation)?.label}
          </span>
          <span>{photosArrivedLabel(staff.photosReceived, staff.photosExpected)}</span>
          {staff.authorName ? (
            <span className="text-base-content/75">Rédigé par {staff.authorName}</span>
          ) : null}
        </p>
      ) : null}

      {/* The photos and the figures side by side when the card is wide enough. */}
      <div
        className={`mt-4 grid gap-4 ${report.photos.length > 0 ? '@2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] @2xl:gap-6' : ''}`}
      >
        {report.photos.length > 0 ? (
          <ReportPhotos
            photos={report.photos}
            address={report.address}
            enabled={near}
            load={loadPhoto}
          />
        ) : null}
        <dl
          className="grid grid-cols-[auto_1fr] content-start gap-x-6 gap-y-2"
          data-testid="report-facts"
        >
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-sm font-medium text-base-content/75">{term}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      {report.works ? (
        <Part title="Travaux à prévoir" level={headingLevel}>
          <p className="mt-1 whitespace-pre-line">{report.works}</p>
        </Part>
      ) : null}
      {report.strengths ? (
        <Part title="Points forts" level={headingLevel}>
          <p className="mt-1 whitespace-pre-line">{report.strengths}</p>
        </Part>
      ) : null}
      {report.weaknesses ? (
        <Part title="Points faibles" level={headingLevel}>
          <p className="mt-1 whitespace-pre-line">{report.weaknesses}</p>
        </Part>
      ) : null}
      <Part title={staff ? 'L’avis du chasseur' : 'L’avis de votre chasseur'} level={headingLevel}>
        <blockquote className="mt-2 border-l-4 border-primary/50 pl-3">
          <p className="whitespace-pre-line" data-testid="report-reason">
            {report.reason}
          </p>
          {!staff && report.hunterName ? (
            <footer className="mt-1 text-sm text-base-content/75">{report.hunterName}</footer>
          ) : null}
        </blockquote>
      </Part>
      <Part title="Diagnostic de performance énergétique" level={headingLevel}>
        <div className="mt-2">
          <EnergyLabels energy={report.energy} emissions={report.emissions} />
        </div>
      </Part>
      {children}
    </article>
  );
}
