/**
 * Live mockups beside the stage: every view of the current template in the preview colour,
 * rendered by the engine in the render worker and re-rendered when the document changes
 * (throttled; each request carries a newer render id, so the engine stops stale ones). Clicking
 * a mockup opens it in the image viewer.
 */
import { useEffect, useRef, useState } from 'react';
import { snapshot, useSnapshot } from 'valtio';
import { isStopRender, type SkuDesign } from '@pod-studio/engine';
import type { RenderWorkerHandle } from '../../../workers/client';
import { ImageViewer } from '../../components/catalog/ImageViewer';
import type { PreviewImage } from '../../components/catalog/Img';
import { visibleDesign, type Editor, type EditorState } from '../editor';
import { VIEW_IMAGE_QUALITY, VIEW_IMAGE_SIZE } from '../save/view-images';

/** Longer side of a live mockup, px. */
export const MOCKUP_SIZE = 360;
/** At most one round of renders per this many ms while the merchant edits. */
export const MOCKUP_THROTTLE_MS = 200;

interface Tile {
  bitmapRevision: number;
  error: string | null;
}

export function MockupStrip({
  editor,
  worker,
  viewNames,
}: {
  editor: Editor;
  worker: RenderWorkerHandle | null;
  viewNames: Readonly<Record<string, string>>;
}) {
  const snap = useSnapshot(editor.state);
  // The template is a plain ref in the state: the snapshot only tells when it was replaced.
  const template = snap.template ? editor.state.template : editor.state.template;
  const views = template.viewList;
  const canvases = useRef(new Map<string, HTMLCanvasElement>());
  const [tiles, setTiles] = useState<Record<string, Tile>>({});
  const [viewer, setViewer] = useState<{ images: PreviewImage[]; index: number } | null>(null);
  const renderSeq = useRef(0);
  const latest = useRef(new Map<string, number>());

  // What the mockups show: re-render when it changes (the revision covers the document, hidden
  // covers the layers panel's eye, template covers colour switches).
  const hiddenKey = Object.keys(snap.hidden).sort().join(',');
  useEffect(() => {
    if (!worker) return;
    const timer = setTimeout(() => {
      // A snapshot, not the live proxy: proxies cannot be posted to a worker.
      const state = snapshot(editor.state) as unknown as EditorState;
      const plain = { template: state.template, design: visibleDesign(state) as SkuDesign };
      const revision = state.revision;
      for (const view of plain.template.viewList) {
        const renderId = ++renderSeq.current;
        latest.current.set(view.viewId, renderId);
        worker.api
          .renderMockup({ template: plain.template, design: plain.design, viewId: view.viewId, size: MOCKUP_SIZE, renderId })
          .then((bitmap) => {
            const canvas = canvases.current.get(view.viewId);
            if (latest.current.get(view.viewId) !== renderId || !canvas) {
              bitmap.close();
              return;
            }
            canvas.width = bitmap.width;
            canvas.height = bitmap.height;
            canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
            bitmap.close();
            setTiles((t) => ({ ...t, [view.viewId]: { bitmapRevision: revision, error: null } }));
          })
          .catch((err: unknown) => {
            if (isStopRender(err) || latest.current.get(view.viewId) !== renderId) return;
            setTiles((t) => ({
              ...t,
              [view.viewId]: { bitmapRevision: revision, error: err instanceof Error ? err.message : 'Data error' },
            }));
          });
      }
    }, MOCKUP_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [worker, editor, snap.revision, template, hiddenKey]);

  // "Open larger" shows each view at the size it is saved at, rendered for the viewer (the strip's
  // own canvases are thumbnails); a view that fails to render falls back to its thumbnail.
  const open = async (index: number) => {
    const state = snapshot(editor.state) as unknown as EditorState;
    const plain = { template: state.template, design: visibleDesign(state) as SkuDesign };
    const thumbnail = async (viewId: string): Promise<Blob | null> => {
      const canvas = canvases.current.get(viewId);
      return canvas ? new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png')) : null;
    };
    const images = await Promise.all(
      views.map(async (v) => {
        let blob: Blob | null = null;
        if (worker) {
          blob = await worker.api
            .renderMockupJpeg(
              { template: plain.template, design: plain.design, viewId: v.viewId, size: VIEW_IMAGE_SIZE },
              VIEW_IMAGE_QUALITY,
            )
            .catch(() => null);
        }
        blob ??= await thumbnail(v.viewId);
        return { src: blob ? URL.createObjectURL(blob) : '', alt: `${viewNames[v.viewId] ?? v.viewId} mockup` };
      }),
    );
    setViewer({ images, index });
  };
  const close = () => {
    for (const img of viewer?.images ?? []) if (img.src) URL.revokeObjectURL(img.src);
    setViewer(null);
  };

  return (
    <section className="dz-mockups" aria-label="Mockups">
      <ul>
        {views.map((v, i) => {
          const name = viewNames[v.viewId] ?? v.viewId;
          const tile = tiles[v.viewId];
          return (
            <li key={v.viewId}>
              <button
                type="button"
                className="dz-mockup"
                aria-label={`${name} mockup, open larger`}
                onClick={() => void open(i)}
                data-revision={tile?.bitmapRevision ?? -1}
              >
                <canvas
                  ref={(el) => {
                    if (el) canvases.current.set(v.viewId, el);
                    else canvases.current.delete(v.viewId);
                  }}
                  aria-hidden="true"
                />
                {!tile && (
                  <span className="dz-mockup-wait" role="status">
                    Loading… Please wait a few seconds.
                  </span>
                )}
                {tile?.error && (
                  <span className="field-error" role="alert">
                    {tile.error}
                  </span>
                )}
              </button>
              <span className="small">{name}</span>
            </li>
          );
        })}
      </ul>
      {viewer && <ImageViewer images={viewer.images} initialIndex={viewer.index} onClose={close} />}
    </section>
  );
}
