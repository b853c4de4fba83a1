/**
 * The Photo panel of photo products (custom types 8 and 9): upload a photo (the upload checks and
 * retry rule of the images panel), crop it to the print area's shape, and adjust it (brightness,
 * contrast, saturation, a filter). The adjustment is a parameter of the image element that the
 * engine applies in every render (stage, mockups, print file); nothing is baked into the file.
 * Photos go into the merchant's photo library, which keeps each one's last crop and adjustment.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ADJUST_RANGE, NEUTRAL_ADJUST, type ImageAdjust, type ImageElement, type ImageFilter, type TemplateFlat } from '@pod-studio/engine';
import { photosApi } from '../../api/photos';
import { ConfirmDialog } from '../../components/Modal';
import { toast } from '../../state/ui';
import { PHOTO_FILTER_NAMES, PHOTO_FILTERS, type LibraryPhoto, type PhotoCrop } from '../../../contract/photos';
import type { Editor } from '../editor';
import { useUploads } from '../uploads/useUploads';
import { CropDialog, type CropTarget } from './CropDialog';
import { cropDpi, cropOfElement, DPI_ADVICE, photoIdOf, placeCroppedPhoto, toPhotoAdjust } from './photo-tools';
import { useSelected } from './useSelected';
import { UploadThumbs } from '../uploads/UploadThumbs';
import './photo.css';

/** Slider changes reach the document after this pause, so a drag re-renders the photo a few times, not every step. */
const ADJUST_COMMIT_MS = 120;
/** The library keeps the latest edit after this pause. */
const LIBRARY_SAVE_MS = 800;

interface Cropping extends CropTarget {
  photoId: number;
  adjust: ImageAdjust | null;
  /** The element being re-cropped, when it is one. */
  localId: string | null;
}

/** The photo element of the active print area (a photo product prints one photo per area). */
function photoElement(editor: Editor, flatId: string): ImageElement | null {
  const list = editor.state.design.flatDesignList.find((d) => d.flatId === flatId)?.designList ?? [];
  const el = list.find((e) => e.type === 'image' && photoIdOf(e) !== null);
  return el && el.type === 'image' ? el : null;
}

export function PhotoPanel({
  editor,
  flatNames,
  retryDelayMs,
}: {
  editor: Editor;
  flatNames: Record<string, string>;
  retryDelayMs?: number;
}) {
  const { element, flat, activeFlatId } = useSelected(editor);
  const [photos, setPhotos] = useState<LibraryPhoto[] | null>(null);
  const [cropping, setCropping] = useState<Cropping | null>(null);
  const canImage = !!flat && flat.flatData.img === 1;
  const printName = flatNames[activeFlatId] ?? 'print area';

  const load = useCallback(async () => {
    const res = await photosApi.list();
    if (res.code === 200) setPhotos(res.rows ?? []);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const startCrop = (photo: LibraryPhoto, localId: string | null = null, crop: PhotoCrop | null = photo.editObj?.crop ?? null) =>
    setCropping({
      url: photo.url,
      width: photo.width,
      height: photo.height,
      fileName: photo.fileName,
      crop,
      photoId: photo.id,
      adjust: (photo.editObj?.adjust as ImageAdjust | null) ?? null,
      localId,
    });

  const uploads = useUploads({
    onUploaded: (img) => {
      // The original, full-size file: a photo print needs every pixel the camera took.
      void photosApi.add(img.originalUrl || img.url, img.fileName).then((res) => {
        if (res.code !== 200 || !res.data) return;
        const photo = res.data;
        setPhotos((list) => [photo, ...(list ?? []).filter((p) => p.id !== photo.id)]);
        startCrop(photo);
      });
    },
    ...(retryDelayMs !== undefined ? { retryDelayMs } : {}),
  });

  const applyCrop = (crop: PhotoCrop) => {
    const c = cropping;
    const f = editor.state.template.flatList.find((x) => x.flatId === editor.state.activeFlatId);
    setCropping(null);
    if (!c || !f) return;
    if (f.flatData.img !== 1) {
      toast('warning', 'This print area takes no images.');
      return;
    }
    const existing = c.localId ? null : photoElement(editor, f.flatId);
    const keepAdjust = c.localId
      ? ((editor.state.design.flatDesignList.flatMap((d) => d.designList).find((e) => e.localId === c.localId) as ImageElement | undefined)
          ?.adjust ?? null)
      : c.adjust;
    const el = placeCroppedPhoto(
      f.flatId,
      f.flatData,
      { url: c.url, width: c.width, height: c.height, fileName: c.fileName, photoId: c.photoId },
      crop,
      keepAdjust,
    );
    editor.transact('Photo', () => {
      const replaced = c.localId ?? existing?.localId ?? null;
      if (replaced) editor.removeElements([replaced]);
      // The photo goes under everything else on the print (a caption stays on top).
      editor.addElement(f.flatId, el, { select: true, index: 0 });
    });
    void photosApi.saveEdit(c.photoId, { crop, adjust: keepAdjust ? { ...keepAdjust } : null });
  };

  const photo = element?.type === 'image' && photoIdOf(element) !== null ? element : null;
  const library = (id: number) => photos?.find((p) => p.id === id) ?? null;

  return (
    <div className="dz-panel dz-photo-panel">
      <p className="small">Your photo fills the print area ({printName}) edge to edge. Upload one, frame it, then adjust it.</p>
      <label className={`btn primary dz-upload${canImage ? '' : ' disabled'}`}>
        Upload photo
        <input
          type="file"
          accept="image/jpeg,image/png,.jpg,.jpeg,.png"
          disabled={!canImage}
          className="visually-hidden"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])].slice(0, 1);
            e.target.value = '';
            void uploads.upload(files);
          }}
        />
      </label>
      <p className="muted small">JPEG or PNG, up to 40 MB. The larger the photo, the sharper the print.</p>
      {uploads.records.some((r) => r.uploadStatus !== 1) && (
        <ul className="dz-records" aria-label="Uploads in progress">
          {uploads.records
            .filter((r) => r.uploadStatus !== 1)
            .map((r) => (
              <li key={r.fileIndex} data-status={r.uploadStatus}>
                {r.fileName}: {r.uploadStatus === 0 ? 'Uploading…' : `Failed${r.msg ? ` (${r.msg})` : ''}, retrying`}
              </li>
            ))}
        </ul>
      )}

      {photo && flat && (
        <SelectedPhoto
          key={photo.localId}
          editor={editor}
          photo={photo}
          flat={flat}
          onCrop={() => {
            const p = library(photoIdOf(photo)!);
            const target: LibraryPhoto = p ?? {
              id: photoIdOf(photo)!,
              url: photo.url,
              thumbnailUrl: null,
              width: photo.originalWidth,
              height: photo.originalHeight,
              fileName: photo.fileName,
              editObj: null,
              createTime: '',
              updateTime: '',
            };
            startCrop(target, photo.localId, cropOfElement(photo, flat.flatData));
          }}
        />
      )}

      <h3 className="dz-photo-heading">My photos</h3>
      <UploadThumbs
        label="My photos"
        items={photos}
        empty="No photos yet."
        disabled={!canImage}
        pickName={(p) => `Use ${p.fileName || 'photo'} on the ${printName}`}
        onPick={startCrop}
      />

      {flat && (
        <CropDialog photo={cropping} flat={flat.flatData} printName={printName} onApply={applyCrop} onCancel={() => setCropping(null)} />
      )}
      <ConfirmDialog
        open={uploads.confirm !== null}
        title="Message"
        text={uploads.confirm?.text ?? ''}
        confirmText="Re-upload"
        cancelText="Cancel"
        onConfirm={() => uploads.answer(true)}
        onCancel={() => uploads.answer(false)}
      />
    </div>
  );
}

const SLIDERS: { key: 'brightness' | 'contrast' | 'saturation'; name: string }[] = [
  { key: 'brightness', name: 'Brightness' },
  { key: 'contrast', name: 'Contrast' },
  { key: 'saturation', name: 'Saturation' },
];

function SelectedPhoto({ editor, photo, flat, onCrop }: { editor: Editor; photo: ImageElement; flat: TemplateFlat; onCrop: () => void }) {
  const ids = useId();
  const stored = photo.adjust ?? NEUTRAL_ADJUST;
  // Local while a slider moves; the document follows after a short pause (and undo brings it back here).
  const [adjust, setAdjust] = useState<ImageAdjust>(stored);
  const storedKey = JSON.stringify(stored);
  useEffect(() => setAdjust(JSON.parse(storedKey) as ImageAdjust), [storedKey]);
  // Pending work of the last slider change: run when its pause ends, or at once when the panel
  // closes first (a merchant who adjusts and moves straight on keeps the adjustment).
  const pending = useRef(new Map<'commit' | 'save', { timer: ReturnType<typeof setTimeout>; run: () => void }>());
  const later = (what: 'commit' | 'save', ms: number, run: () => void) => {
    const old = pending.current.get(what);
    if (old) clearTimeout(old.timer);
    const timer = setTimeout(() => {
      pending.current.delete(what);
      run();
    }, ms);
    pending.current.set(what, { timer, run });
  };
  useEffect(() => {
    const work = pending.current;
    return () => {
      for (const { timer, run } of work.values()) {
        clearTimeout(timer);
        run();
      }
      work.clear();
    };
  }, []);
  const crop = cropOfElement(photo, flat.flatData);
  const dpi = cropDpi({ width: photo.originalWidth, height: photo.originalHeight }, crop, flat.flatData);

  const change = (next: ImageAdjust) => {
    setAdjust(next);
    later('commit', ADJUST_COMMIT_MS, () => {
      // A neutral adjustment stays as an object (the engine draws it as no adjustment, and the
      // document schema drops it when read back): an absent field could not be set by a patch.
      // One undo step per run of slider changes on this photo.
      // (Gone when the photo was deleted meanwhile.)
      if (editor.find(photo.localId))
        editor.updateElement(photo.localId, { adjust: next } as Partial<ImageElement>, { merge: `adjust:${photo.localId}` });
    });
    const id = photoIdOf(photo);
    if (id !== null) later('save', LIBRARY_SAVE_MS, () => void photosApi.saveEdit(id, { crop, adjust: toPhotoAdjust(next) }));
  };

  return (
    <section className="dz-image-tools dz-photo-tools" aria-label="Selected photo">
      <p className={`dz-dpi dpi-${dpi.quality}`} role="status">
        Print resolution: <strong>{dpi.label}</strong> ({dpi.dpi} dpi). {DPI_ADVICE[dpi.quality]}
      </p>
      <button type="button" className="btn" onClick={onCrop}>
        Crop photo
      </button>
      <fieldset className="dz-photo-adjust">
        <legend>Adjust</legend>
        {SLIDERS.map(({ key, name }) => (
          <div key={key} className="dz-field dz-slider">
            <span>
              <label htmlFor={`${ids}-${key}`}>{name}</label>
              {/* The slider itself tells assistive technology its value; this is the figure for the eye. */}
              <output htmlFor={`${ids}-${key}`} aria-hidden="true">
                {adjust[key] > 0 ? `+${adjust[key]}` : adjust[key]}
              </output>
            </span>
            <input
              id={`${ids}-${key}`}
              type="range"
              min={ADJUST_RANGE.min}
              max={ADJUST_RANGE.max}
              step={1}
              value={adjust[key]}
              onChange={(e) => change({ ...adjust, [key]: Number(e.target.value) })}
            />
          </div>
        ))}
        <label className="dz-field">
          Filter
          <select value={adjust.filter} onChange={(e) => change({ ...adjust, filter: e.target.value as ImageFilter })}>
            {PHOTO_FILTERS.map((f) => (
              <option key={f} value={f}>
                {PHOTO_FILTER_NAMES[f]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="link-btn small" onClick={() => change({ ...NEUTRAL_ADJUST })}>
          Reset adjustments
        </button>
      </fieldset>
    </section>
  );
}
