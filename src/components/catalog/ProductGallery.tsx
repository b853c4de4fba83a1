/**
 * The product page's pictures: the chosen colour's views as thumbnails and a large picture that
 * opens the image viewer on every picture of the product (this colour's views first).
 */
import { useEffect, useMemo, useState } from 'react';
import type { GalleryImage } from '../../api/catalog';
import { Img, resizedSrc, type PreviewImage } from './Img';

export function ProductGallery({
  title,
  gallery,
  colorName,
}: {
  title: string;
  gallery: readonly GalleryImage[];
  colorName: string | null;
}) {
  const colour = colorName ?? gallery[0]?.colorName ?? null;
  const views = useMemo(() => gallery.filter((g) => g.colorName === colour), [gallery, colour]);
  const [viewIdx, setViewIdx] = useState(0);
  useEffect(() => {
    if (viewIdx >= views.length) setViewIdx(0);
  }, [views.length, viewIdx]);
  const main = views[viewIdx] ?? views[0] ?? gallery[0];

  const altOf = (g: GalleryImage) => `${title}, ${g.colorName}, ${g.viewName} view`;
  // The viewer cycles through every picture, starting with this colour's views.
  const preview: PreviewImage[] = useMemo(() => {
    const rest = gallery.filter((g) => g.colorName !== colour);
    return [...views, ...rest].map((g) => ({ src: g.src, alt: altOf(g) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gallery, views, colour, title]);

  // Warm the other colours' pictures once the page is idle, so a colour switch paints at once.
  useEffect(() => {
    const fronts = [...new Set(gallery.filter((g) => g.viewId === gallery[0]?.viewId).map((g) => g.src))];
    const idle =
      (window as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback ??
      ((cb: () => void) => window.setTimeout(cb, 800));
    let cancelled = false;
    idle(() => {
      if (cancelled) return;
      for (const src of fronts.slice(0, 12)) {
        const im = new Image();
        im.decoding = 'async';
        im.src = resizedSrc(src, 0, 800);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [gallery]);

  if (!main) return <div className="pdp-gallery empty-state small">No pictures yet.</div>;
  return (
    <div className="pdp-gallery">
      <div className="pdp-main" data-color={main.colorName} data-view={main.viewId}>
        <Img src={main.src} alt={altOf(main)} width={800} lazy={false} loadingType="high" previewList={preview} previewIndex={viewIdx} />
        <span className="pdp-zoom-hint" aria-hidden="true">
          Click to enlarge
        </span>
      </div>
      {views.length > 1 && (
        <ul className="pdp-thumbs" aria-label="Views">
          {views.map((g, i) => (
            <li key={g.viewId}>
              <button
                type="button"
                className={`thumb${i === viewIdx ? ' current' : ''}`}
                aria-pressed={i === viewIdx}
                aria-label={`${g.viewName} view`}
                onClick={() => setViewIdx(i)}
              >
                <Img src={g.src} alt="" size={3} />
                <span className="thumb-label" aria-hidden="true">
                  {g.viewName}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
