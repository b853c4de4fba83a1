/**
 * The image viewer, on the kit's dialog primitive (Radix Dialog: focus stays inside and goes back
 * to the opener on close, the page behind is hidden from screen readers, so it also opens over
 * the design dialog):
 * wrap-around cycling, Esc closes, Space toggles fit ('contain') and original size, Left/Right
 * move, Up/Down zoom by 0.2, the wheel by 0.015, zoom-out only while the scale is above 0.2,
 * rotation by 90 degrees, drag to pan. A failed image shows the error picture with alt 'loaded
 * error'. Every control is a named button, so the mouse is never required.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../ui/Dialog';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ERROR_PICTURE, type PreviewImage } from './preview-image';

export const ZOOM_STEP = 0.2;
export const WHEEL_ZOOM_STEP = 0.015;
export const MIN_ZOOM_OUT_SCALE = 0.2;
export const ROTATE_STEP = 90;
export type ViewerMode = 'contain' | 'original';

interface Transform {
  scale: number;
  deg: number;
  x: number;
  y: number;
  animate: boolean;
}
const IDENTITY: Transform = { scale: 1, deg: 0, x: 0, y: 0, animate: true };

const icons = {
  prev: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
  zoomIn: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5M11 8v6M8 11h6',
  zoomOut: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5M8 11h6',
  fit: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  original: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  rotateLeft: 'M4 4v6h6M4.5 10A8 8 0 1 1 6 17',
  rotateRight: 'M20 4v6h-6M19.5 10A8 8 0 1 0 18 17',
  close: 'M6 6l12 12M18 6L6 18',
} as const;

function Glyph({ d }: { d: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface ImageViewerProps {
  images: readonly PreviewImage[];
  initialIndex?: number;
  onClose: () => void;
  onIndexChange?: (index: number) => void;
}

export function ImageViewer({ images, initialIndex = 0, onClose, onIndexChange }: ImageViewerProps) {
  // The stage mounts a render after the viewer (the portal attaches first): a state, not a ref, so
  // the wheel listener is added once it exists.
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const returnFocus = useReturnFocus();
  const count = images.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, count - 1)));
  const [mode, setMode] = useState<ViewerMode>('contain');
  const [t, setT] = useState<Transform>(IDENTITY);
  const [status, setStatus] = useState<{ src: string; state: 0 | 1 | 2 }>({ src: '', state: 0 });
  const drag = useRef<{ id: number; startX: number; startY: number; x: number; y: number } | null>(null);
  /** A drag that ends off the picture must not count as a click on the backdrop. */
  const dragged = useRef(false);
  const image = images[index];
  const loadState = status.src === image?.src ? status.state : 0;

  const go = useCallback(
    (delta: number) => {
      if (count === 0) return;
      setIndex((i) => (i + delta + count) % count);
      setT(IDENTITY);
    },
    [count],
  );

  const reported = useRef(index);
  useEffect(() => {
    if (reported.current === index) return;
    reported.current = index;
    onIndexChange?.(index);
  }, [index, onIndexChange]);

  const zoomIn = useCallback((rate: number, animate = true) => setT((s) => ({ ...s, scale: round3(s.scale + rate), animate })), []);
  const zoomOut = useCallback(
    (rate: number, animate = true) => setT((s) => (s.scale > MIN_ZOOM_OUT_SCALE ? { ...s, scale: round3(s.scale - rate), animate } : s)),
    [],
  );
  const rotate = (deg: number) => setT((s) => ({ ...s, deg: s.deg + deg, animate: true }));
  const toggleMode = useCallback(() => {
    setMode((m) => (m === 'contain' ? 'original' : 'contain'));
    setT(IDENTITY);
  }, []);

  // The wheel needs a non-passive listener to keep the page from scrolling under the viewer.
  useEffect(() => {
    const el = stage;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (e.deltaY < 0) zoomIn(WHEEL_ZOOM_STEP, false);
      else if (e.deltaY > 0) zoomOut(WHEEL_ZOOM_STEP, false);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [stage, zoomIn, zoomOut]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    switch (e.key) {
      case ' ':
      case 'Spacebar':
        e.preventDefault();
        toggleMode();
        break;
      case 'ArrowLeft':
        e.preventDefault();
        go(-1);
        break;
      case 'ArrowRight':
        e.preventDefault();
        go(1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        zoomIn(ZOOM_STEP);
        break;
      case 'ArrowDown':
        e.preventDefault();
        zoomOut(ZOOM_STEP);
        break;
      default:
    }
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLImageElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, startX: e.clientX, startY: e.clientY, x: t.x, y: t.y };
    dragged.current = false;
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLImageElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    if (Math.abs(e.clientX - d.startX) + Math.abs(e.clientY - d.startY) > 3) dragged.current = true;
    setT((s) => ({ ...s, x: d.x + e.clientX - d.startX, y: d.y + e.clientY - d.startY, animate: false }));
  };
  const endDrag = (e: ReactPointerEvent<HTMLImageElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };

  const close = onClose;

  return (
    <RadixDialog.Root
      open
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="viewer-overlay" />
        <RadixDialog.Content
          className="viewer"
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          onOpenAutoFocus={(e) => {
            returnFocus.onOpenAutoFocus();
            // The viewer itself takes focus: its keys (arrows, Space) work at once, no button is picked.
            e.preventDefault();
            (e.currentTarget as HTMLElement | null)?.focus();
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onKeyDown={onKeyDown}
        >
          <RadixDialog.Title className="sr-only">Image viewer</RadixDialog.Title>
          <div
            ref={setStage}
            className={`viewer-stage mode-${mode}`}
            data-mode={mode}
            data-scale={t.scale}
            onClick={(e) => {
              if (dragged.current) {
                dragged.current = false;
                return;
              }
              if (e.target === e.currentTarget) close();
            }}
          >
            {image && loadState === 0 && <span className="viewer-spinner" role="status" aria-label="Loading image" />}
            {image && loadState !== 2 && (
              <img
                key={image.src}
                src={image.src}
                alt={image.alt}
                className={`viewer-img${loadState === 1 ? ' loaded' : ''}`}
                draggable={false}
                style={{
                  transform: `translate(${t.x}px, ${t.y}px) scale(${t.scale}) rotate(${t.deg}deg)`,
                  transition: t.animate ? 'transform .3s' : 'none',
                }}
                onLoad={() => setStatus({ src: image.src, state: 1 })}
                onError={() => setStatus({ src: image.src, state: 2 })}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
              />
            )}
            {image && loadState === 2 && <img className="viewer-img viewer-error" src={ERROR_PICTURE} alt="loaded error" />}
          </div>

          <button type="button" className="viewer-btn viewer-close" aria-label="Close viewer" onClick={close}>
            <Glyph d={icons.close} />
          </button>
          {count > 1 && (
            <>
              <button type="button" className="viewer-btn viewer-prev" aria-label="Previous image" onClick={() => go(-1)}>
                <Glyph d={icons.prev} />
              </button>
              <button type="button" className="viewer-btn viewer-next" aria-label="Next image" onClick={() => go(1)}>
                <Glyph d={icons.next} />
              </button>
            </>
          )}

          <div className="viewer-bar">
            <p className="viewer-caption" aria-live="polite">
              <span className="viewer-count">{count > 0 ? `${index + 1} / ${count}` : '0 / 0'}</span>
              {image && <span>{image.alt}</span>}
            </p>
            <div className="viewer-tools" role="toolbar" aria-label="Image tools">
              <button
                type="button"
                className="viewer-btn"
                aria-label="Zoom out"
                onClick={() => zoomOut(ZOOM_STEP)}
                disabled={t.scale <= MIN_ZOOM_OUT_SCALE}
              >
                <Glyph d={icons.zoomOut} />
              </button>
              <span className="viewer-zoom">
                <span className="sr-only">Zoom </span>
                {Math.round(t.scale * 100)}%
              </span>
              <button type="button" className="viewer-btn" aria-label="Zoom in" onClick={() => zoomIn(ZOOM_STEP)}>
                <Glyph d={icons.zoomIn} />
              </button>
              <button
                type="button"
                className="viewer-btn"
                aria-label={mode === 'contain' ? 'Show original size' : 'Fit to screen'}
                aria-pressed={mode === 'original'}
                onClick={toggleMode}
              >
                <Glyph d={mode === 'contain' ? icons.original : icons.fit} />
              </button>
              <button type="button" className="viewer-btn" aria-label="Rotate left" onClick={() => rotate(-ROTATE_STEP)}>
                <Glyph d={icons.rotateLeft} />
              </button>
              <button type="button" className="viewer-btn" aria-label="Rotate right" onClick={() => rotate(ROTATE_STEP)}>
                <Glyph d={icons.rotateRight} />
              </button>
            </div>
            <p className="viewer-hint">← → previous / next · ↑ ↓ zoom · Space fit / original size · Esc close · drag to move</p>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
