/**
 * The image component: src, lazy flag, loading type, fit, size preset 0-5 and an optional preview
 * list. Loading states: 0 loading, 1 loaded, 2 error (an error picture with alt 'loaded error').
 * Presets 1-5 are 200, 150, 100, 60 and 250 px squares, padded, asked of the server's resize query
 * (?size=N); a plain width uses ?w=. Lazy images start loading when they come near the viewport
 * (IntersectionObserver).
 */
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { ERROR_PICTURE, type PreviewImage } from './preview-image';

export { ERROR_PICTURE, type PreviewImage };

const ImageViewer = lazy(() => import('./ImageViewer').then((m) => ({ default: m.ImageViewer })));

export type SizePreset = 0 | 1 | 2 | 3 | 4 | 5;
export const SIZE_PRESETS: Readonly<Record<Exclude<SizePreset, 0>, number>> = { 1: 200, 2: 150, 3: 100, 4: 60, 5: 250 };

export const LoadState = { LOADING: 0, LOADED: 1, ERROR: 2 } as const;
export type LoadStateValue = (typeof LoadState)[keyof typeof LoadState];

/** Only the catalogue's own files know the resize query. */
const resizable = (src: string) => src.startsWith('/prod-api/files/');

/** The URL of a preset (1-5) or width copy; the original for preset 0 or a foreign URL. */
export function resizedSrc(src: string, size: SizePreset = 0, width?: number): string {
  if (!resizable(src)) return src;
  const sep = src.includes('?') ? '&' : '?';
  if (size > 0) return `${src}${sep}size=${size}`;
  if (width) return `${src}${sep}w=${Math.round(width)}`;
  return src;
}

/** A sharper copy for high-density screens (the server snaps widths to its ladder). */
function retinaSrc(src: string, size: SizePreset, width?: number): string | undefined {
  if (!resizable(src)) return undefined;
  const px = size > 0 ? SIZE_PRESETS[size as Exclude<SizePreset, 0>] : width;
  if (!px) return undefined;
  const sep = src.includes('?') ? '&' : '?';
  return `${src}${sep}w=${px * 2} 2x`;
}

export interface ImgProps {
  src: string;
  alt: string;
  /** Load only when near the viewport (default true). */
  lazy?: boolean;
  /** The browser's fetch priority: 'high' for the image that paints first. */
  loadingType?: 'auto' | 'high' | 'low';
  fit?: CSSProperties['objectFit'];
  size?: SizePreset;
  /** A width for the resize query when no preset fits (the product page's main image). */
  width?: number;
  /** Opens the image viewer on these images when the picture is activated. */
  previewList?: readonly PreviewImage[];
  previewIndex?: number;
  className?: string;
  onStateChange?: (state: LoadStateValue) => void;
}

export function Img({
  src,
  alt,
  lazy: isLazy = true,
  loadingType = 'auto',
  fit = 'contain',
  size = 0,
  width,
  previewList,
  previewIndex,
  className,
  onStateChange,
}: ImgProps) {
  const url = resizedSrc(src, size, width);
  const wrap = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(!isLazy || typeof IntersectionObserver === 'undefined');
  const [result, setResult] = useState<{ url: string; state: LoadStateValue }>({ url: '', state: LoadState.LOADING });
  const [viewer, setViewer] = useState(false);
  const state: LoadStateValue = result.url === url ? result.state : LoadState.LOADING;

  useEffect(() => {
    if (visible) return;
    const el = wrap.current;
    if (!el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  const picture = (
    <span ref={wrap} className={`img${className ? ` ${className}` : ''}`} data-state={state}>
      {visible && state !== LoadState.ERROR && (
        <img
          key={url}
          src={url}
          srcSet={retinaSrc(src, size, width) ? `${url} 1x, ${retinaSrc(src, size, width)}` : undefined}
          alt={alt}
          decoding="async"
          fetchPriority={loadingType}
          draggable={false}
          style={{ objectFit: fit }}
          onLoad={() => setResult({ url, state: LoadState.LOADED })}
          onError={() => setResult({ url, state: LoadState.ERROR })}
        />
      )}
      {state === LoadState.LOADING && <span className="img-placeholder" aria-hidden="true" />}
      {state === LoadState.ERROR && <img className="img-error" src={ERROR_PICTURE} alt="loaded error" title={alt} />}
    </span>
  );

  if (!previewList || previewList.length === 0) return picture;
  const start =
    previewIndex ??
    Math.max(
      0,
      previewList.findIndex((p) => p.src === src),
    );
  return (
    <>
      <button
        type="button"
        className="img-preview-btn"
        aria-label={`View larger: ${alt}`}
        aria-haspopup="dialog"
        onClick={() => setViewer(true)}
      >
        {picture}
      </button>
      {viewer && (
        <Suspense fallback={null}>
          <ImageViewer images={previewList} initialIndex={start} onClose={() => setViewer(false)} />
        </Suspense>
      )}
    </>
  );
}
