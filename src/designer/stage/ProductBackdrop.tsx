/**
 * The product around the print area: the view photo that shows the active flat, rendered by the
 * engine in the preview colour with nothing printed on it, laid under the stage and lined up with
 * the flat (the flat's corners on the photo land on the print area's corners on screen), so the
 * merchant designs on the product rather than on a blank rectangle. It is rendered again only
 * when the template, the active flat, the colours or the backgrounds change, never while elements
 * move; zoom and pan only change its CSS transform.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { snapshot, useSnapshot } from 'valtio';
import { flatFootprint, isStopRender } from '@pod-studio/engine';
import type { RenderWorkerHandle } from '../../../workers/client';
import { visibleDesign, type Editor, type EditorState, type View } from '../editor';
import { backdropKey, backdropTransform, undecorated } from './backdrop.ts';

/** Longer side of the backdrop render, px: sharp at the stage's zoom without a full-size photo on small screens. */
export const BACKDROP_MAX_SIZE = 1600;
/** Its own render target: a backdrop render never stops a live mockup of the same view, nor the reverse. */
const RENDER_TARGET = 'stage-backdrop';

export function ProductBackdrop({
  editor,
  worker,
  view,
  onShown,
}: {
  editor: Editor;
  worker: RenderWorkerHandle | null;
  view: View;
  /** Told whether the photo is on screen (the stage then lets it show through the print area). */
  onShown: (shown: boolean) => void;
}) {
  const s = useSnapshot(editor.state);
  // The template is a plain ref in the state: the snapshot only tells when it was replaced.
  const template = s.template ? editor.state.template : editor.state.template;
  const footprint = useMemo(() => flatFootprint(template, s.activeFlatId), [template, s.activeFlatId]);
  const design = visibleDesign(s as unknown as EditorState);
  const key = footprint ? backdropKey(design, footprint.viewId) : '';
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const renderSeq = useRef(0);
  const [drawnKey, setDrawnKey] = useState<string | null>(null);

  useEffect(() => {
    if (!worker || !footprint) return;
    const renderId = ++renderSeq.current;
    const state = snapshot(editor.state) as unknown as EditorState;
    const size = Math.min(BACKDROP_MAX_SIZE, Math.max(footprint.viewWidth, footprint.viewHeight));
    worker.api
      .renderMockup({
        template: state.template,
        design: undecorated(visibleDesign(state)),
        viewId: footprint.viewId,
        size,
        renderId,
        renderTarget: RENDER_TARGET,
      })
      .then((bitmap) => {
        const canvas = canvasRef.current;
        if (renderSeq.current !== renderId || !canvas) {
          bitmap.close();
          return;
        }
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
        bitmap.close();
        setDrawnKey(key);
      })
      .catch((err: unknown) => {
        // A failed backdrop leaves the stage as it was (the flat alone); the live mockups report render errors.
        if (!isStopRender(err) && renderSeq.current === renderId) setDrawnKey(null);
      });
    // `key` covers the colours and backgrounds; the footprint covers the template and active flat.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [worker, footprint, key]);

  const shown = footprint !== null && drawnKey !== null;
  useEffect(() => onShown(shown), [shown, onShown]);

  if (!footprint) return null;
  return (
    <canvas
      ref={canvasRef}
      className="editor-stage__backdrop"
      aria-hidden="true"
      data-testid="product-backdrop"
      data-view={footprint.viewId}
      data-ready={drawnKey === key ? 'true' : 'false'}
      hidden={!shown}
      style={{ width: footprint.viewWidth, height: footprint.viewHeight, transform: backdropTransform(footprint.viewToFlat, view) }}
    />
  );
}
