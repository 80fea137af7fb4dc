import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export type GalleryPhoto = {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** A smaller copy for the thumbnail row, when the server has one; the photo itself otherwise. */
  thumbSrc?: string;
};

/** A horizontal move longer than this (px) changes photo; a shorter or vertical one does not. */
export const SWIPE_THRESHOLD = 40;

const ChevronLeft = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" aria-hidden="true">
    <path d="M15 6l-6 6 6 6" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
  </svg>
);
const ChevronRight = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" aria-hidden="true">
    <path d="M9 6l6 6-6 6" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
  </svg>
);

/**
 * The photos of a visit report, one large at a time (whole, on a neutral background), with
 * « Précédente » / « Suivante », a row of thumbnails, the arrow keys, Home and End while the focus
 * is inside, and a swipe on touch screens. The frame keeps its proportions whatever the photo, so
 * nothing below moves when a photo loads or changes. `priority` (default true): the first photo
 * loads at once; pass false for a gallery far down the page.
 */
export function PhotoGallery({
  photos,
  label = 'Photos du bien',
  priority = true,
}: {
  photos: readonly GalleryPhoto[];
  label?: string;
  priority?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const [dragX, setDragX] = useState(0);
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  const moved = useRef(false);

  const count = photos.length;
  const current = Math.min(index, Math.max(count - 1, 0));

  // Keep the current thumbnail in sight in its own row (never scrolling the page itself).
  useEffect(() => {
    if (!moved.current) return;
    const row = thumbs.current;
    const thumb = row?.children[current] as HTMLElement | undefined;
    if (!row || !thumb || typeof row.scrollTo !== 'function') return;
    const left = thumb.offsetLeft - (row.clientWidth - thumb.offsetWidth) / 2;
    row.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
  }, [current]);

  if (count === 0) return null;
  const photo = photos[current];
  if (!photo) return null;
  const several = count > 1;

  function go(to: number) {
    const next = Math.max(0, Math.min(count - 1, to));
    moved.current = true;
    setIndex(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const targets: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: count - 1,
    };
    const to = targets[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(to);
  }

  // A mouse has the buttons; a finger or a pen swipes. `touch-action: pan-y` leaves the vertical
  // moves to the browser (the page scrolls) and gives the horizontal ones to these handlers.
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const s = start.current;
    if (!s || s.id !== event.pointerId) return;
    const dx = event.clientX - s.x;
    setDragX(Math.abs(dx) > Math.abs(event.clientY - s.y) ? dx : 0);
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const s = start.current;
    start.current = null;
    setDragX(0);
    if (!s || s.id !== event.pointerId) return;
    const dx = event.clientX - s.x;
    const dy = event.clientY - s.y;
    if (Math.abs(dx) > SWIPE_THRESHOLD && Math.abs(dx) > Math.abs(dy))
      go(current + (dx < 0 ? 1 : -1));
  }
  function onPointerCancel() {
    start.current = null;
    setDragX(0);
  }

  const atFirst = current === 0;
  const atLast = current === count - 1;
  // Past the first or last photo the image follows the finger only a little.
  const pull = (atFirst && dragX > 0) || (atLast && dragX < 0) ? dragX / 4 : dragX;

  return (
    <div
      role="group"
      aria-roledescription="galerie"
      aria-label={label}
      onKeyDown={several ? onKeyDown : undefined}
      data-testid="photo-gallery"
    >
      <div
        className={`relative aspect-[4/3] overflow-hidden rounded-box bg-base-300 sm:aspect-[3/2] ${
          several ? 'touch-pan-y touch-pinch-zoom select-none' : ''
        }`}
        onPointerDown={several ? onPointerDown : undefined}
        onPointerMove={several ? onPointerMove : undefined}
        onPointerUp={several ? onPointerUp : undefined}
        onPointerCancel={several ? onPointerCancel : undefined}
      >
        <img
          src={photo.src}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          loading={current === 0 && priority ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          className="h-full w-full object-contain"
          style={pull ? { transform: `translateX(${pull}px)` } : undefined}
          data-testid="gallery-photo"
        />
      </div>
      {several ? (
        <>
          <div className="mt-2 flex items-center justify-between gap-2">
            <button
              type="button"
              className={`btn btn-sm btn-ghost gap-1 ${atFirst ? 'opacity-50' : ''}`}
              aria-disabled={atFirst}
              onClick={() => go(current - 1)}
            >
              <ChevronLeft />
              Précédente
            </button>
            <p
              className="text-sm text-base-content/75 tabular-nums"
              aria-live="polite"
              aria-atomic="true"
              data-testid="gallery-position"
            >
              Photo {current + 1} sur {count}
            </p>
            <button
              type="button"
              className={`btn btn-sm btn-ghost gap-1 ${atLast ? 'opacity-50' : ''}`}
              aria-disabled={atLast}
              onClick={() => go(current + 1)}
            >
              Suivante
              <ChevronRight />
            </button>
          </div>
          <ul
            ref={thumbs}
            className="relative mt-2 flex gap-2 overflow-x-auto p-1"
            aria-label="Miniatures"
          >
            {photos.map((thumb, i) => (
              <li key={thumb.src} className="shrink-0">
                <button
                  type="button"
                  className={`block size-14 overflow-hidden rounded-field bg-base-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:size-16 ${
                    i === current
                      ? 'ring-2 ring-primary ring-offset-2 ring-offset-base-100'
                      : 'opacity-75 hover:opacity-100'
                  }`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                >
                  <span className="sr-only">Afficher la photo {i + 1}</span>
                  <img
                    src={thumb.thumbSrc ?? thumb.src}
                    alt=""
                    width={thumb.width}
                    height={thumb.height}
                    loading={i === 0 && priority ? 'eager' : 'lazy'}
                    decoding="async"
                    draggable={false}
                    className="h-full w-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
