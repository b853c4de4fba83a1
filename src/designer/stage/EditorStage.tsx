/**
 * The editor stage: the active flat drawn by the stage worker on a transferred canvas, and on the
 * main thread an SVG overlay that owns input (selection, handles, guides, the print area and
 * safe zone) and exposes every element as a focusable button. Input becomes session commands;
 * the worker only ever draws the session's document.
 */
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { snapshot, subscribe, useSnapshot } from 'valtio';
import { boundsOfPoints, elementCenter, type Bounds, type Vec2 } from '../../../engine/geometry/index.ts';
import type { DesignElement } from '../../../engine/model/index.ts';
import type { StageResult } from '../../../engine/stage/live-stage.ts';
import type { DesignSession, DesignSessionState } from '../state/session.ts';
import { duplicateSelected, flipSelected, handleEditorKey, removeSelected, restackSelected, textSizeOf } from './commands.ts';
import { stageFrame } from './frame.ts';
import {
  SNAP_SCREEN_PX, ZOOM_STEP, angleToward, boundsOf, cornersOf, fitView, rotateAboutCenter, safeZone, scaleFromCorner,
  snapAngle, snapBox, snapTargets, toFlat, toScreen, transformOf, zoomAt, type Guide, type Size, type View,
} from './geometry.ts';
import { StageClient, type StageClientOptions } from './stage-client.ts';
import { fontsState } from './text-metrics.ts';
import { elementLabel } from './labels.ts';
import './stage.css';

export interface EditorStageProps {
  session: DesignSession;
  /** Accessible name of the print area, e.g. 'Front'; default 'Print area N'. */
  flatLabel?: string;
  /** Called after every drawn frame (tests and the benchmark time frames with it). */
  onFrame?: (result: StageResult) => void;
  /** Exposes the stage client (tests read the worker's pixels through it). */
  clientRef?: (client: StageClient | null) => void;
  /** Benchmark switches (full recomposition baseline, wait for the GPU); read once at mount. */
  clientOptions?: Pick<StageClientOptions, 'baseline' | 'finish'>;
}

interface ElementBox {
  corners: [Vec2, Vec2, Vec2, Vec2];
  bounds: Bounds;
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

type Gesture =
  | { kind: 'move'; pointerId: number; start: Vec2; origins: Map<string, { left: number; top: number }>; box: Bounds; targets: ReturnType<typeof snapTargets>; merge: string }
  | { kind: 'scale'; pointerId: number; id: string; corner: 0 | 1 | 2 | 3; merge: string }
  | { kind: 'rotate'; pointerId: number; id: string; merge: string }
  | { kind: 'pan'; pointerId: number; start: Vec2; view: View }
  | { kind: 'marquee'; pointerId: number; start: Vec2; base: readonly string[] };

/** Sequence for merge keys: each gesture is its own undo step. */
let gestureSeq = 0;

const polygonPoints = (pts: readonly Vec2[]) => pts.map((p) => `${p[0]},${p[1]}`).join(' ');

export function EditorStage({ session, flatLabel, onFrame, clientRef, clientOptions }: EditorStageProps) {
  const tracked = useSnapshot(session.state);
  // Touching these subscribes the render to them (revision covers every document change).
  void tracked.revision;
  void tracked.selection;
  void tracked.hidden;
  void tracked.locked;
  void tracked.activeFlatId;
  void tracked.template;
  // Read untracked: plain snapshots keep unchanged elements' identity, so their boxes and
  // outlines are reused across a drag, and no tracking proxy wraps every field of every element.
  const snap = snapshot(session.state) as unknown as DesignSessionState;
  useSnapshot(fontsState);
  const viewportRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const clientRefInner = useRef<StageClient | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setView] = useState<View>({ zoom: 1, panX: 0, panY: 0 });
  const viewRef = useRef(view);
  viewRef.current = view;
  const sizeRef = useRef(size);
  sizeRef.current = size;
  const autoFit = useRef(true);
  const gesture = useRef<Gesture | null>(null);
  const [guides, setGuides] = useState<Guide[]>([]);
  const [marquee, setMarquee] = useState<Bounds | null>(null);
  const [spaceHeld, setSpaceHeld] = useState(false);
  const [errors, setErrors] = useState<readonly { localId: string; message: string }[]>([]);
  const pointerFocus = useRef(false);
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  const templateFlat = snap.template.flatList.find((f) => f.flatId === snap.activeFlatId);
  const flatIndex = snap.template.flatList.findIndex((f) => f.flatId === snap.activeFlatId);
  const flat: Size = templateFlat ? { width: templateFlat.flatData.width, height: templateFlat.flatData.height } : { width: 1, height: 1 };
  const flatDesign = snap.design.flatDesignList.find((f) => f.flatId === snap.activeFlatId);
  // The product colour under the design, painted by the page (see StageFrame.flatColor).
  const flatColor = flatDesign?.color ?? templateFlat?.flatData.color ?? '#FFFFFF';
  const elements = (flatDesign?.designList ?? []) as readonly DesignElement[];
  const visible = elements.filter((el) => !snap.hidden[el.localId]);
  const selection = snap.selection;
  const label = flatLabel ?? `Print area ${flatIndex + 1}`;

  // --- the worker: one per mounted stage ------------------------------------------------------

  const pushFrame = useCallback(() => {
    const client = clientRefInner.current;
    const sz = sizeRef.current;
    if (!client || !sz || sz.width === 0 || sz.height === 0) return;
    // A snapshot is the state's deep-readonly twin; stageFrame only reads it.
    const frame = stageFrame(snapshot(session.state) as unknown as DesignSessionState, viewRef.current, sz, window.devicePixelRatio || 1);
    if (frame) client.submit(frame);
  }, [session]);

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
  }, []);

  useEffect(() => subscribe(session.state, pushFrame), [session, pushFrame]);
  useEffect(pushFrame, [view, size, pushFrame]);

  // --- size and fit -----------------------------------------------------------------------------

  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    setSize({ width: el.clientWidth, height: el.clientHeight });
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    autoFit.current = true;
  }, [snap.activeFlatId]);

  useEffect(() => {
    if (size && autoFit.current) setView(fitView(flat, size));
    // flat is derived from the active flat; its size is what matters.
  }, [size, flat.width, flat.height, snap.activeFlatId]);

  const changeView = (next: View) => {
    autoFit.current = false;
    setView(next);
  };
  const zoomBy = (factor: number) => {
    const sz = sizeRef.current;
    changeView(zoomAt(viewRef.current, factor, sz ? [sz.width / 2, sz.height / 2] : [0, 0]));
  };
  const fit = () => {
    autoFit.current = true;
    if (size) setView(fitView(flat, size));
  };

  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    // React's wheel listener is passive; zooming must keep the page from scrolling.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * 0.0015);
      autoFit.current = false;
      setView((v) => zoomAt(v, factor, [e.clientX - rect.left, e.clientY - rect.top]));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // --- geometry of what is on screen --------------------------------------------------------------

  // Snapshots keep the identity of unchanged elements, so a drag measures one element per frame.
  const boxCache = useRef(new WeakMap<object, { version: number; box: ElementBox }>());
  const pointsCache = useRef(new WeakMap<ElementBox, { viewKey: string; points: string }>());
  const boxes = new Map<string, ElementBox>();
  for (const el of visible) {
    const hit = boxCache.current.get(el);
    if (hit && hit.version === fontsState.version) {
      boxes.set(el.localId, hit.box);
      continue;
    }
    const t = transformOf(el, textSizeOf(el));
    const box: ElementBox = { corners: cornersOf(t), bounds: boundsOf(t) };
    boxCache.current.set(el, { version: fontsState.version, box });
    boxes.set(el.localId, box);
  }

  const screenPoint = (e: { clientX: number; clientY: number }): Vec2 => {
    const rect = viewportRef.current!.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  };

  // --- pointer input ------------------------------------------------------------------------------

  const startMove = (e: ReactPointerEvent, ids: readonly string[]) => {
    const origins = new Map<string, { left: number; top: number }>();
    const moving: Bounds[] = [];
    for (const id of ids) {
      const found = session.find(id);
      if (!found || session.state.locked[id]) continue;
      origins.set(id, { left: found.element.left, top: found.element.top });
      const b = boxes.get(id);
      if (b) moving.push(b.bounds);
    }
    if (origins.size === 0) return;
    const others = visible.filter((el) => !origins.has(el.localId)).map((el) => boxes.get(el.localId)?.bounds).filter((b): b is Bounds => !!b);
    const box = boundsOfPoints(moving.flatMap((b) => [[b.minX, b.minY], [b.maxX, b.maxY]] as Vec2[]));
    gesture.current = {
      kind: 'move', pointerId: e.pointerId, start: toFlat(viewRef.current, screenPoint(e)), origins, box,
      targets: snapTargets(flat, others), merge: `move-${++gestureSeq}`,
    };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    const target = e.target as Element;
    try {
      viewportRef.current?.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic pointers (tests, some assistive tech) have no capture; moves still arrive here.
    }
    if (e.button === 1 || (e.button === 0 && spaceHeld)) {
      e.preventDefault();
      gesture.current = { kind: 'pan', pointerId: e.pointerId, start: screenPoint(e), view: viewRef.current };
      return;
    }
    if (e.button !== 0) return;
    const handle = target.closest('[data-handle]')?.getAttribute('data-handle');
    if (handle && selection.length === 1) {
      e.preventDefault();
      const id = selection[0]!;
      gesture.current = handle === 'rotate'
        ? { kind: 'rotate', pointerId: e.pointerId, id, merge: `rotate-${++gestureSeq}` }
        : { kind: 'scale', pointerId: e.pointerId, id, corner: Number(handle.slice(-1)) as 0 | 1 | 2 | 3, merge: `scale-${++gestureSeq}` };
      return;
    }
    const id = target.closest('[data-element-id]')?.getAttribute('data-element-id');
    if (id && !session.state.locked[id]) {
      pointerFocus.current = true;
      let ids: string[];
      if (e.shiftKey) {
        ids = selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id];
        session.select(ids);
        if (!ids.includes(id)) return;
      } else {
        ids = selection.includes(id) ? [...selection] : [id];
        session.select(ids);
      }
      startMove(e, ids);
      return;
    }
    // Empty stage: deselect (Shift keeps the selection), start a marquee, keep keyboard focus here.
    const base = e.shiftKey ? [...selection] : [];
    if (!e.shiftKey) session.select([]);
    gesture.current = { kind: 'marquee', pointerId: e.pointerId, start: screenPoint(e), base };
    viewportRef.current?.focus();
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    const screen = screenPoint(e);
    if (g.kind === 'pan') {
      changeView({ ...g.view, panX: g.view.panX + screen[0] - g.start[0], panY: g.view.panY + screen[1] - g.start[1] });
      return;
    }
    if (g.kind === 'marquee') {
      const r = { minX: Math.min(g.start[0], screen[0]), minY: Math.min(g.start[1], screen[1]), maxX: Math.max(g.start[0], screen[0]), maxY: Math.max(g.start[1], screen[1]) };
      setMarquee(r);
      const a = toFlat(viewRef.current, [r.minX, r.minY]);
      const b = toFlat(viewRef.current, [r.maxX, r.maxY]);
      const hit = visible
        .filter((el) => {
          const bb = boxes.get(el.localId)?.bounds;
          return bb !== undefined && bb.minX <= b[0] && bb.maxX >= a[0] && bb.minY <= b[1] && bb.maxY >= a[1];
        })
        .map((el) => el.localId);
      session.select([...g.base, ...hit]);
      return;
    }
    const p = toFlat(viewRef.current, screen);
    if (g.kind === 'move') {
      let dx = p[0] - g.start[0];
      let dy = p[1] - g.start[1];
      let shown: Guide[] = [];
      if (!e.altKey) {
        const moved = { minX: g.box.minX + dx, minY: g.box.minY + dy, maxX: g.box.maxX + dx, maxY: g.box.maxY + dy };
        const s = snapBox(moved, g.targets, SNAP_SCREEN_PX / viewRef.current.zoom);
        dx += s.dx;
        dy += s.dy;
        shown = s.guides;
      }
      for (const [id, o] of g.origins) session.updateElement(id, { left: o.left + dx, top: o.top + dy }, { merge: g.merge });
      // No new array while nothing snaps: no extra render per pointer move.
      setGuides((prev) => (prev.length === 0 && shown.length === 0 ? prev : shown));
      return;
    }
    const found = session.find(g.id);
    if (!found) return;
    const t = transformOf(found.element, textSizeOf(found.element));
    if (g.kind === 'scale') {
      session.updateElement(g.id, scaleFromCorner(t, g.corner, p, !e.shiftKey), { merge: g.merge });
    } else {
      const angle = snapAngle(angleToward(elementCenter(t), p), e.shiftKey ? 15 : null);
      session.updateElement(g.id, rotateAboutCenter(t, angle), { merge: g.merge });
    }
  };

  const endGesture = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    gesture.current = null;
    setGuides((prev) => (prev.length === 0 ? prev : []));
    setMarquee(null);
    // The next drag of the same element is a new undo step.
    session.seal();
  };

  // --- keyboard ---------------------------------------------------------------------------------

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key === ' ' && !spaceHeld) {
      setSpaceHeld(true);
      e.preventDefault();
      return;
    }
    if (handleEditorKey(session, e)) {
      e.preventDefault();
      e.stopPropagation();
      // Deleting the focused element would drop focus to the page; keep it on the stage.
      if ((e.key === 'Delete' || e.key === 'Backspace') && document.activeElement !== viewportRef.current) viewportRef.current?.focus();
    }
  };
  const onKeyUp = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key === ' ') setSpaceHeld(false);
  };

  // Stable, so the memoised hit areas do not re-render for it; reads the live selection.
  const onElementFocus = useCallback((id: string) => {
    if (pointerFocus.current) {
      pointerFocus.current = false;
      return;
    }
    if (!session.state.selection.includes(id)) session.select([id]);
  }, [session]);

  // --- drawing ----------------------------------------------------------------------------------

  const sc = (p: Vec2) => toScreen(view, p);
  // Unchanged elements keep their box object; their outline string is reused while the view stays.
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
  const single = selection.length === 1 ? boxes.get(selection[0]!) : undefined;
  const singleCorners = single?.corners.map(sc);
  const rotateHandle = singleCorners ? rotateHandleAt(singleCorners) : null;
  const w = size?.width ?? 0;
  const h = size?.height ?? 0;
  const hasSelection = selection.length > 0;
  const errorText = errors[0]?.message ?? '';

  return (
    <div className="editor-stage">
      <div className="editor-stage__toolbar" role="toolbar" aria-label="Stage tools">
        <button type="button" onClick={() => session.undo()} disabled={!session.canUndo()}>Undo</button>
        <button type="button" onClick={() => session.redo()} disabled={!session.canRedo()}>Redo</button>
        <span className="editor-stage__sep" aria-hidden="true" />
        <button type="button" onClick={() => duplicateSelected(session)} disabled={!hasSelection} aria-label="Duplicate selection">Duplicate</button>
        <button type="button" onClick={() => removeSelected(session)} disabled={!hasSelection} aria-label="Delete selection">Delete</button>
        <button type="button" onClick={() => flipSelected(session, 'x')} disabled={!hasSelection}>Flip horizontal</button>
        <button type="button" onClick={() => flipSelected(session, 'y')} disabled={!hasSelection}>Flip vertical</button>
        <button type="button" onClick={() => restackSelected(session, 1)} disabled={!hasSelection}>Bring forward</button>
        <button type="button" onClick={() => restackSelected(session, -1)} disabled={!hasSelection}>Send backward</button>
        <span className="editor-stage__sep" aria-hidden="true" />
        <button type="button" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label="Zoom out">−</button>
        <output className="editor-stage__zoom" aria-label="Zoom">{Math.round(view.zoom * 100)}%</output>
        <button type="button" onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in">+</button>
        <button type="button" onClick={fit}>Fit</button>
      </div>
      <div
        ref={viewportRef}
        className={`editor-stage__viewport${spaceHeld ? ' is-panning' : ''}`}
        role="application"
        aria-roledescription="design stage"
        aria-label={`Design area: ${label}`}
        aria-describedby="editor-stage-help"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endGesture}
        onPointerCancel={endGesture}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
      >
        <div
          className="editor-stage__flat"
          aria-hidden="true"
          style={{ left: view.panX, top: view.panY, width: flat.width * view.zoom, height: flat.height * view.zoom, background: flatColor }}
        />
        <div ref={canvasHostRef} className="editor-stage__canvas-host" aria-hidden="true" />
        <svg className="editor-stage__overlay" width={w} height={h} viewBox={`0 0 ${w} ${h}`}>
          <path
            className="editor-stage__outside"
            fillRule="evenodd"
            d={`M0 0H${w}V${h}H0Z M${polygonPoints(flatCorners).replace(/ /g, ' L')}Z`}
          />
          <polygon className="editor-stage__print-area" points={polygonPoints(flatCorners)} data-testid="print-area" />
          <rect className="editor-stage__safe-zone" x={safeTL[0]} y={safeTL[1]} width={safeBR[0] - safeTL[0]} height={safeBR[1] - safeTL[1]} data-testid="safe-zone" />
          <g role="group" aria-label="Elements">
            {visible.map((el) => {
              const box = boxes.get(el.localId);
              if (!box) return null;
              return (
                <ElementHitArea
                  key={el.localId}
                  id={el.localId}
                  points={screenPoints(box)}
                  label={elementLabel(el)}
                  selected={selection.includes(el.localId)}
                  locked={!!snap.locked[el.localId]}
                  onFocusId={onElementFocus}
                />
              );
            })}
          </g>
          {selection.map((id) => {
            const box = boxes.get(id);
            return box ? <polygon key={id} className="editor-stage__selection" points={polygonPoints(box.corners.map(sc))} /> : null;
          })}
          {singleCorners && rotateHandle && (
            <g className="editor-stage__handles">
              <line className="editor-stage__rotate-stem" x1={rotateHandle.base[0]} y1={rotateHandle.base[1]} x2={rotateHandle.at[0]} y2={rotateHandle.at[1]} />
              <circle data-handle="rotate" data-testid="handle-rotate" className="editor-stage__handle editor-stage__handle--rotate" cx={rotateHandle.at[0]} cy={rotateHandle.at[1]} r={7} />
              {singleCorners.map((c, i) => (
                <rect key={i} data-handle={`corner-${i}`} data-testid={`handle-corner-${i}`} className="editor-stage__handle" x={c[0] - 5} y={c[1] - 5} width={10} height={10} />
              ))}
            </g>
          )}
          {marquee && (
            <rect className="editor-stage__marquee" data-testid="marquee" x={marquee.minX} y={marquee.minY} width={marquee.maxX - marquee.minX} height={marquee.maxY - marquee.minY} />
          )}
          {guides.map((g, i) => {
            const a = g.axis === 'x' ? sc([g.at, 0]) : sc([0, g.at]);
            return g.axis === 'x'
              ? <line key={i} className="editor-stage__guide" data-testid="snap-guide" data-axis="x" data-at={g.at} x1={a[0]} y1={0} x2={a[0]} y2={h} />
              : <line key={i} className="editor-stage__guide" data-testid="snap-guide" data-axis="y" data-at={g.at} x1={0} y1={a[1]} x2={w} y2={a[1]} />;
          })}
        </svg>
        <p id="editor-stage-help" className="editor-stage__sr">
          Tab moves between elements. Arrow keys move the selection (Shift: 10 px), Alt+Left/Right rotate, + and − scale,
          Delete removes, Ctrl+D duplicates, Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, Escape deselects. Hold Space and drag to pan.
        </p>
      </div>
      <p className="editor-stage__status" role="status">{errorText}</p>
    </div>
  );
}

/** The rotate handle: 24 px beyond the middle of the box's top edge, outward. */
function rotateHandleAt(corners: readonly Vec2[]): { base: Vec2; at: Vec2 } {
  const [tl, tr, br, bl] = corners as [Vec2, Vec2, Vec2, Vec2];
  const base: Vec2 = [(tl[0] + tr[0]) / 2, (tl[1] + tr[1]) / 2];
  const bottom: Vec2 = [(bl[0] + br[0]) / 2, (bl[1] + br[1]) / 2];
  const len = Math.hypot(base[0] - bottom[0], base[1] - bottom[1]) || 1;
  const k = 24 / len;
  return { base, at: [base[0] + (base[0] - bottom[0]) * k, base[1] + (base[1] - bottom[1]) * k] };
}
