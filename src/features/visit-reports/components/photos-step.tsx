import { useEffect, useMemo, useRef, useState } from 'react';
import { VISIT_PHOTO_LIMIT, type VisitPhotoRef } from '../../../domain/visit-report.schema';
import {
  addDraftPhoto,
  draftPhotosBytes,
  listDraftPhotos,
  removeDraftPhoto,
  type DraftPhotoRecord,
} from '../../../db/draft-photos.repo';
import { reportDraftKey } from '../../../db/visit-drafts.repo';
import { askPersistentStorage, deviceStorage, formatBytes } from '../../../lib/device-storage';
import { preparePhoto } from '../../../lib/photo/prepare-photo';
import type { StepNavigation } from '../../long-form';
import { ReportStep } from './report-fields';

const refOf = (photo: DraftPhotoRecord): VisitPhotoRef => ({
  id: photo.id,
  width: photo.width,
  height: photo.height,
  size: photo.size,
});

/** The room the drafts take and what is left, as the browser estimates it. */
function StorageLine({ version }: { version: number }) {
  const [line, setLine] = useState<{ drafts: number; free: number | null; full: boolean } | null>(
    null,
  );
  useEffect(() => {
    let current = true;
    void Promise.all([draftPhotosBytes().catch(() => 0), deviceStorage()]).then(
      ([drafts, storage]) => {
        if (current)
          setLine({ drafts, free: storage?.free ?? null, full: storage?.nearlyFull ?? false });
      },
    );
    return () => {
      current = false;
    };
  }, [version]);
  if (!line) return null;
  return (
    <p
      className={`rounded-box p-3 text-sm ${line.full ? 'bg-warning/15' : 'bg-base-200'}`}
      role={line.full ? 'alert' : undefined}
      data-testid="photos-storage"
    >
      Photos des comptes rendus sur cet appareil&nbsp;: {formatBytes(line.drafts)}
      {line.free !== null ? <> · espace encore libre&nbsp;: {formatBytes(line.free)}</> : null}.
      {line.full ? (
        <strong className="block">
          L’appareil est presque plein&nbsp;: envoyez les comptes rendus en attente ou libérez de la
          place avant d’ajouter des photos.
        </strong>
      ) : null}
    </p>
  );
}

/**
 * The photos of the report (issue 28): taken with the camera or chosen in the gallery, turned
 * upright, reduced to 1600 px and stripped of their EXIF and location on the device
 * (src/lib/photo/prepare-photo.ts), then kept in IndexedDB with the draft, so they survive a
 * reload, a closed tab and a night without network. 12 at most; none is fine.
 */
export function PhotosStep({
  reportRef,
  photos,
  onPhotos,
  step,
  count,
  nav,
}: {
  reportRef: string;
  photos: VisitPhotoRef[];
  onPhotos: (photos: VisitPhotoRef[]) => void;
  step: number;
  count: number;
  nav: StepNavigation;
}) {
  const draft = reportDraftKey(reportRef);
  const [stored, setStored] = useState<DraftPhotoRecord[]>([]);
  const [busy, setBusy] = useState(0);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  // The photos kept with the draft; the answers list them in the same order.
  useEffect(() => {
    let current = true;
    void listDraftPhotos(draft).then((list) => {
      if (!current) return;
      setStored(list);
      const listed = list.map(refOf);
      if (JSON.stringify(listed) !== JSON.stringify(photos)) onPhotos(listed);
    });
    return () => {
      current = false;
    };
    // Read once per version: the answers follow the store, not the other way round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, version]);

  const urls = useMemo(
    () => Object.fromEntries(stored.map((p) => [p.id, URL.createObjectURL(p.blob)])),
    [stored],
  );
  useEffect(() => () => Object.values(urls).forEach((url) => URL.revokeObjectURL(url)), [urls]);

  async function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    setError('');
    void askPersistentStorage();
    const room = VISIT_PHOTO_LIMIT - stored.length;
    const chosen = Array.from(files).slice(0, Math.max(0, room));
    if (files.length > room)
      setError(
        `${VISIT_PHOTO_LIMIT} photos au plus par compte rendu\u00a0: ${files.length - chosen.length} photo(s) non ajoutée(s).`,
      );
    setBusy(chosen.length);
    for (const file of chosen) {
      try {
        await addDraftPhoto(draft, await preparePhoto(file));
      } catch (failure) {
        setError(
          failure instanceof Error ? failure.message : 'Cette photo n’a pas pu être ajoutée.',
        );
      } finally {
        setBusy((n) => n - 1);
        setVersion((v) => v + 1);
      }
    }
  }

  async function remove(id: string, index: number) {
    await removeDraftPhoto(id);
    setVersion((v) => v + 1);
    status.current?.focus();
    setError(`Photo ${index + 1} retirée.`);
  }

  const full = stored.length >= VISIT_PHOTO_LIMIT;
  return (
    <ReportStep
      step={step}
      count={count}
      title="Photos du bien"
      hint={`Jusqu’à ${VISIT_PHOTO_LIMIT} photos, réduites et sans leur position GPS avant d’être gardées sur cet appareil.`}
      nav={{ ...nav, canNext: nav.canNext && busy === 0 }}
      busy={busy > 0}
    >
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={full || busy > 0}
          onClick={() => camera.current?.click()}
        >
          Prendre une photo
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={full || busy > 0}
          onClick={() => gallery.current?.click()}
        >
          Choisir dans la galerie
        </button>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="photo-camera"
          onChange={(event) => {
            void add(event.target.files);
            event.target.value = '';
          }}
        />
        <input
          ref={gallery}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="photo-gallery-input"
          onChange={(event) => {
            void add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      <p ref={status} tabIndex={-1} role="status" className="text-sm outline-none">
        {busy > 0
          ? `Préparation de ${busy} photo${busy > 1 ? 's' : ''}…`
          : `${stored.length} photo${stored.length > 1 ? 's' : ''} sur ${VISIT_PHOTO_LIMIT}.`}
        {error ? <span className="block text-error">{error}</span> : null}
      </p>
      {stored.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos ajoutées">
          {stored.map((photo, index) => (
            <li key={photo.id} className="overflow-hidden rounded-box border border-base-300">
              {urls[photo.id] ? (
                <img
                  src={urls[photo.id]}
                  alt={`Photo ${index + 1}`}
                  width={photo.width}
                  height={photo.height}
                  className="aspect-[4/3] w-full bg-base-200 object-cover"
                />
              ) : (
                <div className="aspect-[4/3] w-full bg-base-200" />
              )}
              <div className="flex items-center justify-between gap-2 p-2 text-sm">
                <span>{formatBytes(photo.size)}</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => void remove(photo.id, index)}
                >
                  Retirer<span className="sr-only"> la photo {index + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <StorageLine version={version} />
    </ReportStep>
  );
}
