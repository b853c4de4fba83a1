/**
 * Cropping a photo to the print: a frame of the print area's exact shape over the photo, moved by
 * dragging or the arrow keys and sized by the zoom slider or + and -; the print DPI of the framed
 * part is shown as it changes, with the engine's bands (good, medium, low) and what to do about a
 * low one. Apply hands back the crop in fractions of the photo.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { FlatData } from '@pod-studio/engine';
import { Modal } from '../../components/Modal';
import type { PhotoCrop } from '../../../contract/photos';
import { cropAt, cropDpi, cropZoom, DPI_ADVICE, moveCrop, printAspect, zoomCrop, type PhotoSize } from './photo-tools';

/** The largest zoom the slider offers (the frame then covers a fifth of the fitting width). */
const ZOOM_MAX = 5;
const PREVIEW_W = 560;
const PREVIEW_H = 380;

export interface CropTarget extends PhotoSize {
  url: string;
  fileName: string;
  crop: PhotoCrop | null;
}

export function CropDialog({
  photo,
  flat,
  printName,
  onApply,
  onCancel,
}: {
  photo: CropTarget | null;
  flat: Pick<FlatData, 'width' | 'height' | 'flatWidth' | 'flatHeight'>;
  printName: string;
  onApply: (crop: PhotoCrop) => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={photo !== null} title="Crop photo" onClose={onCancel} width={620} dismissible="escape">
      {photo && <CropEditor key={photo.url} photo={photo} flat={flat} printName={printName} onApply={onApply} onCancel={onCancel} />}
    </Modal>
  );
}

function CropEditor({
  photo,
  flat,
  printName,
  onApply,
  onCancel,
}: {
  photo: CropTarget;
  flat: Pick<FlatData, 'width' | 'height' | 'flatWidth' | 'flatHeight'>;
  printName: string;
  onApply: (crop: PhotoCrop) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const aspect = printAspect(flat);
  const [crop, setCrop] = useState<PhotoCrop>(() => photo.crop ?? cropAt(photo, aspect));
  const drag = useRef<{ x: number; y: number; crop: PhotoCrop } | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  useEffect(() => frameRef.current?.focus(), []);

  const fit = Math.min(PREVIEW_W / photo.width, PREVIEW_H / photo.height);
  const boxW = Math.round(photo.width * fit);
  const boxH = Math.round(photo.height * fit);
  const zoom = cropZoom(photo, aspect, crop);
  const dpi = cropDpi(photo, crop, flat);

  const onKey = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 0.1 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setCrop((c) => moveCrop(c, move[0], move[1]));
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      setCrop((c) => zoomCrop(photo, aspect, c, Math.min(ZOOM_MAX, cropZoom(photo, aspect, c) * 1.1)));
    } else if (e.key === '-') {
      e.preventDefault();
      setCrop((c) => zoomCrop(photo, aspect, c, Math.max(1, cropZoom(photo, aspect, c) / 1.1)));
    }
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, crop };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setCrop(moveCrop(d.crop, (e.clientX - d.x) / boxW, (e.clientY - d.y) / boxH));
  };
  const onUp = () => {
    drag.current = null;
  };

  return (
    <div className="dz-crop">
      <p className="muted small">
        Frame the part of <strong>{photo.fileName || 'your photo'}</strong> to print on the print area ({printName}). Drag the frame or use
        the arrow keys; + and - zoom.
      </p>
      <div className="dz-crop-stage" style={{ width: boxW, height: boxH }}>
        <img src={photo.url} alt="" width={boxW} height={boxH} draggable={false} />
        <div
          ref={frameRef}
          className="dz-crop-frame"
          role="group"
          tabIndex={0}
          aria-label="Crop frame"
          aria-describedby={`${ids}-dpi`}
          data-crop={`${crop.x.toFixed(4)},${crop.y.toFixed(4)},${crop.width.toFixed(4)},${crop.height.toFixed(4)}`}
          style={{ left: crop.x * boxW, top: crop.y * boxH, width: crop.width * boxW, height: crop.height * boxH }}
          onKeyDown={onKey}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
        />
      </div>
      <label className="dz-field">
        Zoom
        <input
          type="range"
          min={1}
          max={ZOOM_MAX}
          step={0.05}
          value={Math.min(ZOOM_MAX, zoom)}
          onChange={(e) => setCrop((c) => zoomCrop(photo, aspect, c, Number(e.target.value)))}
        />
      </label>
      <p id={`${ids}-dpi`} className={`dz-dpi dpi-${dpi.quality}`} role="status">
        Print resolution: <strong>{dpi.label}</strong> ({dpi.dpi} dpi). {DPI_ADVICE[dpi.quality]}
      </p>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn primary" onClick={() => onApply(crop)}>
          Apply crop
        </button>
      </div>
    </div>
  );
}
