/**
 * The editor stage: the active flat drawn by the stage worker on a transferred canvas, and on the
 * main thread an SVG overlay (selection, handles, guides, the print area and safe zone) that
 * exposes every element as a focusable button. The component only renders the editor core's
 * state and forwards pointer, wheel and key events to it; the worker only ever draws the core's
 * document.
 */
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactElement,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { snapshot, subscribe, useSnapshot } from 'valtio';
import type { Vec2 } from '@pod-studio/engine/geometry';
import type { StageResult } from '@pod-studio/engine/stage';
import {
  elementLabel,
  fontsState,
  rotateHandleAt,
  leavesSafeZone,
  safeZone,
  stageFrame,
  toScreen,
  type ActionId,
  type Editor,
  type EditorState,
  type ElementBox,
  type Handle,
  type Hit,
  type PointerInput,
  type View,
} from '../editor';
import { StageClient, type StageClientOptions } from './stage-client.ts';
import { ProductBackdrop } from './ProductBackdrop.tsx';
import type { RenderWorkerHandle } from '../../../workers/client';
import './stage.css';

export interface EditorStageProps {
  editor: Editor;
  /** Accessible name of the print area, e.g. 'Front'; default 'Print area N'. */
  flatLabel?: string;
  /** Called after every drawn frame (tests and the benchmark time frames with it). */
  onFrame?: (result: StageResult) => void;
  /** Exposes the stage client (tests read the worker's pixels through it). */
  clientRef?: (client: StageClient | null) => void;
  /** Benchmark switches (full recomposition baseline, wait for the GPU); read once at mount. */
  clientOptions?: Pick<StageClientOptions, 'baseline' | 'finish'>;
  /** The render worker that draws the product photo under the print area; none: the print area alone. */
  renderWorker?: RenderWorkerHandle | null;
}

/**
 * One element's focusable hit area. Memoised: a drag re-renders the moved element's area only,
 * not the other 149.
 */
const ElementHitArea = memo(function ElementHitArea(props: {
  id: string;
  points: string;
  label: string;
  selected: boolean;
  locked: boolean;
  onFocusId: (id: string) => void;
}) {
  const { id, points, label, selected, locked, onFocusId } = props;
  return (
    <polygon
      className={`editor-stage__element${locked ? ' is-locked' : ''}`}
      data-element-id={id}
      points={points}
      role="button"
      aria-label={locked ? `${label} (locked)` : label}
      aria-pressed={selected}
      aria-disabled={locked || undefined}
      tabIndex={locked ? -1 : 0}
      onFocus={() => onFocusId(id)}
    />
  );
});

/** The stage toolbar's commands, in order; null draws a separator. */
const TOOLBAR: readonly (ActionId | null)[] = [
  'undo',
  'redo',
  null,
  'duplicate',
  'delete',
  'flip-horizontal',
  'flip-vertical',
  'bring-forward',
  'send-backward',
  null,
];

const polygonPoints = (pts: readonly Vec2[]) => pts.map((p) => `${p[0]},${p[1]}`).join(' ');

/** What the overlay element under the pointer is, as the core names it. */
function overlayTarget(target: Element, selection: readonly string[]): Hit {
  const handle = target.closest('[data-handle]')?.getAttribute('data-handle');
  if (handle && selection.length === 1) return { kind: 'handle', id: selection[0]!, handle: handle as Handle };
  const id = target.closest('[data-element-id]')?.getAttribute('data-element-id');
  return id ? { kind: 'element', id } : { kind: 'empty' };
}

export function EditorStage({ editor, flatLabel, onFrame, clientRef, clientOptions, renderWorker }: EditorStageProps) {
  const tracked = useSnapshot(editor.state);
  const [backdropShown, setBackdropShown] = useState(false);
  // Touching these subscribes the render to them (revision covers every document change).
  void tracked.revision;
  void tracked.selection;
  void tracked.hidden;
  void tracked.locked;
  void tracked.activeFlatId;
  void tracked.template;
  const ui = useSnapshot(editor.ui);
  useSnapshot(fontsState);
  // Read untracked from the core: it keeps unchanged elements' boxes across a drag.
  const scene = editor.scene();
  const view = ui.view as View;
  const size = ui.viewport;
  const viewportRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const clientRefInner = useRef<StageClient | null>(null);
  const [errors, setErrors] = useState<readonly { localId: string; message: string }[]>([]);
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  const { flat, selection } = scene;
  const label = flatLabel ?? `Print area ${scene.flatIndex + 1}`;

  // --- the worker: one per mounted stage ------------------------------------------------------

  const pushFrame = useCallback(() => {
    const client = clientRefInner.current;
    const sz = editor.ui.viewport;
    if (!client || !sz || sz.width === 0 || sz.height === 0) return;
    // A snapshot is the state's deep-readonly twin; stageFrame only reads it.
    const frame = stageFrame(snapshot(editor.state) as unknown as EditorState, editor.ui.view, sz, window.devicePixelRatio || 1);
    if (frame) client.submit(frame);
  }, [editor]);

  // --- size, fit and wheel zoom -----------------------------------------------------------------

  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    // Each mounted stage starts fitted, as a new stage would.
    editor.resetView();
    const measure = () => editor.setViewport({ width: el.clientWidth, height: el.clientHeight });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    // React's wheel listener is passive; zooming must keep the page from scrolling.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      editor.wheel(e.deltaY, [e.clientX - rect.left, e.clientY - rect.top]);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      ro.disconnect();
      el.removeEventListener('wheel', onWheel);
    };
  }, [editor]);

  // --- the worker: one per mounted stage (after the viewport is measured, so its first frame has a size)

  useEffect(() => {
    const host = canvasHostRef.current;
    if (!host) return;
    // A canvas can hand its pixels to a worker once, so each mount makes its own (React's
    // strict mode mounts twice in development).
    const canvas = document.createElement('canvas');
    canvas.className = 'editor-stage__canvas';
    host.append(canvas);
    const client = new StageClient(canvas, {
      ...clientOptions,
      onDrawn: (result) => {
        setErrors((prev) => (prev.length === 0 && result.errors.length === 0 ? prev : result.errors));
        onFrameRef.current?.(result);
      },
    });
    clientRefInner.current = client;
    clientRef?.(client);
    pushFrame();
    return () => {
      clientRef?.(null);
      clientRefInner.current = null;
      client.dispose();
      canvas.remove();
    };
    // The worker lives as long as the component; options and the ref callback are read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => subscribe(editor.state, pushFrame), [editor, pushFrame]);
  useEffect(pushFrame, [ui.view, ui.viewport, pushFrame]);

  // A new active flat, or a template switch that changed its size, refits while the view follows.
  useEffect(() => editor.syncView(), [editor, flat.width, flat.height, tracked.activeFlatId]);

  // --- input: forwarded to the core -------------------------------------------------------------

  const pointerInput = (e: ReactPointerEvent<HTMLDivElement>): PointerInput => {
    const rect = viewportRef.current!.getBoundingClientRect();
    return {
      pointerId: e.pointerId,
      button: e.button,
      point: [e.clientX - rect.left, e.clientY - rect.top],
      shiftKey: e.shiftKey,
      altKey: e.altKey,
    };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    try {
      viewportRef.current?.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic pointers (tests, some assistive tech) have no capture; moves still arrive here.
    }
    const result = editor.pointerDown({ ...pointerInput(e), target: overlayTarget(e.target as Element, editor.state.selection) });
    if (result.preventDefault) e.preventDefault();
    if (result.focusStage) viewportRef.current?.focus();
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => editor.pointerMove(pointerInput(e));
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => editor.pointerUp(e);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const taken = editor.keyDown(e);
    if (taken === 'pan') {
      e.preventDefault();
      return;
    }
    if (taken === null) return;
    e.preventDefault();
    e.stopPropagation();
    // Deleting the focused element would drop focus to the page; keep it on the stage.
    if (taken === 'delete' && document.activeElement !== viewportRef.current) viewportRef.current?.focus();
  };
  const onKeyUp = (e: ReactKeyboardEvent<HTMLDivElement>) => editor.keyUp(e);

  // Stable, so the memoised hit areas do not re-render for it.
  const onElementFocus = useCallback((id: string) => editor.elementFocused(id), [editor]);

  // --- drawing ----------------------------------------------------------------------------------

  const sc = (p: Vec2) => toScreen(view, p);
  // Unchanged elements keep their box object; their outline string is reused while the view stays.
  const pointsCache = useRef(new WeakMap<ElementBox, { viewKey: string; points: string }>());
  const viewKey = `${view.zoom},${view.panX},${view.panY}`;
  const screenPoints = (box: ElementBox): string => {
    const hit = pointsCache.current.get(box);
    if (hit && hit.viewKey === viewKey) return hit.points;
    const points = polygonPoints(box.corners.map(sc));
    pointsCache.current.set(box, { viewKey, points });
    return points;
  };
  const flatCorners: Vec2[] = [sc([0, 0]), sc([flat.width, 0]), sc([flat.width, flat.height]), sc([0, flat.height])];
  const safe = safeZone(flat);
  const safeTL = sc([safe.minX, safe.minY]);
  const safeBR = sc([safe.maxX, safe.maxY]);
  const single = selection.length === 1 ? scene.boxes.get(selection[0]!) : undefined;
  const singleCorners = single?.corners.map(sc);
  const rotateHandle = singleCorners ? rotateHandleAt(singleCorners) : null;
  const w = size?.width ?? 0;
  const h = size?.height ?? 0;
  const errorText = errors[0]?.message ?? '';
  // Tiled pictures and a photo product's photo (placed edge to edge by its crop, designId
  // 'photo-…') fill the whole area on purpose; anything else past the safe zone is warned of.
  const unsafe = scene.elements.filter((el) => {
    const box = scene.boxes.get(el.localId);
    const fills = el.type === 'image' && (el.tiling !== null || (el.designId ?? '').startsWith('photo-'));
    return box && !fills && leavesSafeZone(box.bounds, flat);
  });
  const marquee = ui.marquee;
  const warning =
    unsafe.length > 0
      ? `Outside the safe area (dashed line): ${unsafe.map(elementLabel).join(', ')}. It may be cut off or land on a seam when printed.`
      : '';

  // The elements' hit areas (one focusable polygon each). While a move, scale or rotate is under
  // way only the selection changes and the pointer is captured by the stage, so the list drawn at
  // its start is kept: with a thousand elements, re-rendering it every frame cost more than the
  // frame itself. It is drawn afresh when the gesture ends.
  const restHitAreas = useRef<ReactElement | null>(null);
  let hitAreas: ReactElement;
  if (ui.transforming && restHitAreas.current) {
    hitAreas = restHitAreas.current;
  } else {
    hitAreas = (
      <g role="group" aria-label="Elements">
        {scene.elements.map((el) => {
          const box = scene.boxes.get(el.localId);
          if (!box) return null;
          return (
            <ElementHitArea
              key={el.localId}
              id={el.localId}
              points={screenPoints(box)}
              label={elementLabel(el)}
              selected={selection.includes(el.localId)}
              locked={!!scene.locked[el.localId]}
              onFocusId={onElementFocus}
            />
          );
        })}
      </g>
    );
    restHitAreas.current = hitAreas;
  }

  const toolButton = (id: ActionId) => {
    const a = editor.actions.get(id);
    return (
      <button
        key={id}
        type="button"
        onClick={() => editor.actions.run(id)}
        disabled={!editor.actions.isEnabled(id)}
        aria-label={a.text ? a.label : undefined}
      >
        {a.text ?? a.label}
      </button>
    );
  };

  return (
    <div className="editor-stage">
      <div className="editor-stage__toolbar" role="toolbar" aria-label="Stage tools">
        {TOOLBAR.map((id, i) => (id ? toolButton(id) : <span key={`sep-${i}`} className="editor-stage__sep" aria-hidden="true" />))}
        {toolButton('zoom-out')}
        <output className="editor-stage__zoom" aria-label="Zoom">
          {Math.round(view.zoom * 100)}%
        </output>
        {toolButton('zoom-in')}
        {toolButton('zoom-fit')}
      </div>
      <div
        ref={viewportRef}
        className={`editor-stage__viewport${ui.spaceHeld ? ' is-panning' : ''}${backdropShown ? ' has-backdrop' : ''}`}
        role="application"
        aria-roledescription="design stage"
        aria-label={`Design area: ${label}`}
        aria-describedby="editor-stage-help"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
      >
        <ProductBackdrop editor={editor} worker={renderWorker ?? null} view={view} onShown={setBackdropShown} />
        <div
          className="editor-stage__flat"
          aria-hidden="true"
          style={{
            left: view.panX,
            top: view.panY,
            width: flat.width * view.zoom,
            height: flat.height * view.zoom,
            // The photo under it already shows the product's colour with its weave and shading.
            background: backdropShown ? undefined : scene.flatColor,
          }}
        />
        <div ref={canvasHostRef} className="editor-stage__canvas-host" aria-hidden="true" />
        <svg className="editor-stage__overlay" width={w} height={h} viewBox={`0 0 ${w} ${h}`}>
          <path
            className="editor-stage__outside"
            fillRule="evenodd"
            d={`M0 0H${w}V${h}H0Z M${polygonPoints(flatCorners).replace(/ /g, ' L')}Z`}
          />
          <polygon className="editor-stage__print-area" points={polygonPoints(flatCorners)} data-testid="print-area" />
          <rect
            className={`editor-stage__safe-zone${unsafe.length > 0 ? ' is-breached' : ''}`}
            x={safeTL[0]}
            y={safeTL[1]}
            width={safeBR[0] - safeTL[0]}
            height={safeBR[1] - safeTL[1]}
            data-testid="safe-zone"
          />
          {hitAreas}
        </svg>
        {/* What moves with a gesture lies in an SVG of its own, over the elements' hit areas: a
            drag changes only this one, so the browser repaints it alone and not the thousand
            areas under it (each frame's main-thread paint and commit scaled with them). */}
        <svg className="editor-stage__overlay editor-stage__overlay--live" width={w} height={h} viewBox={`0 0 ${w} ${h}`}>
          {selection.map((id) => {
            const box = scene.boxes.get(id);
            return box ? <polygon key={id} className="editor-stage__selection" points={polygonPoints(box.corners.map(sc))} /> : null;
          })}
          {singleCorners && rotateHandle && (
            <g className="editor-stage__handles">
              <line
                className="editor-stage__rotate-stem"
                x1={rotateHandle.base[0]}
                y1={rotateHandle.base[1]}
                x2={rotateHandle.at[0]}
                y2={rotateHandle.at[1]}
              />
              <circle
                data-handle="rotate"
                data-testid="handle-rotate"
                className="editor-stage__handle editor-stage__handle--rotate"
                cx={rotateHandle.at[0]}
                cy={rotateHandle.at[1]}
                r={7}
              />
              {singleCorners.map((c, i) => (
                <rect
                  key={i}
                  data-handle={`corner-${i}`}
                  data-testid={`handle-corner-${i}`}
                  className="editor-stage__handle"
                  x={c[0] - 5}
                  y={c[1] - 5}
                  width={10}
                  height={10}
                />
              ))}
            </g>
          )}
          {marquee && (
            <rect
              className="editor-stage__marquee"
              data-testid="marquee"
              x={marquee.minX}
              y={marquee.minY}
              width={marquee.maxX - marquee.minX}
              height={marquee.maxY - marquee.minY}
            />
          )}
          {ui.guides.map((g, i) => {
            const a = g.axis === 'x' ? sc([g.at, 0]) : sc([0, g.at]);
            return g.axis === 'x' ? (
              <line
                key={i}
                className="editor-stage__guide"
                data-testid="snap-guide"
                data-axis="x"
                data-at={g.at}
                x1={a[0]}
                y1={0}
                x2={a[0]}
                y2={h}
              />
            ) : (
              <line
                key={i}
                className="editor-stage__guide"
                data-testid="snap-guide"
                data-axis="y"
                data-at={g.at}
                x1={0}
                y1={a[1]}
                x2={w}
                y2={a[1]}
              />
            );
          })}
        </svg>
        <p id="editor-stage-help" className="editor-stage__sr">
          Tab moves between elements. Arrow keys move the selection (Shift: 10 px), Alt+Left/Right rotate, + and − scale, Delete removes,
          Ctrl+D duplicates, Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, Escape deselects. Hold Space and drag to pan.
        </p>
      </div>
      <p className="editor-stage__status" role="status">
        {errorText}
      </p>
      <p className="editor-stage__warning" role="status" title={warning || undefined}>
        {warning}
      </p>
    </div>
  );
}
