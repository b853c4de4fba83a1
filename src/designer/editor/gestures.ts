/**
 * Pointer gestures on the stage as a small state machine: idle → (down) one of move, scale,
 * rotate, pan or marquee → (moves) → (up or cancel) idle. Every gesture that changes the
 * document passes one merge key of its own to each update, so a whole drag is one undo step,
 * and pointer up seals the history so the next drag of the same element is a new step.
 *
 * Rules kept from the stage as merchants know it:
 * - middle button, or the primary button while Space is held, pans the view;
 * - on the single selection's corner handles: scale keeping the ratio about the opposite
 *   corner (Shift frees the ratio); on its rotate handle: rotate about the centre, snapping to
 *   right angles within 3°, or with Shift to 15° steps;
 * - on an element: select it (Shift toggles it in the selection) and move the selection; the
 *   moved box's edges and centre snap to the print area's edges, centre lines and safe zone and
 *   to other elements' edges and centres within SNAP_SCREEN_PX screen px (Alt turns snapping
 *   off), showing a guide per line it snapped to;
 * - on the empty stage: deselect (Shift keeps the selection) and drag a marquee that selects
 *   every element whose bounds it touches.
 */
import { boundsOfPoints, elementCenter, type Bounds, type Vec2 } from '@pod-studio/engine/geometry';
import type { CommandContext } from './commands.ts';
import {
  SNAP_SCREEN_PX,
  angleToward,
  rotateAboutCenter,
  scaleFromCorner,
  snapAngle,
  snapBox,
  snapTargets,
  toFlat,
  transformOf,
  type Guide,
  type SnapTargets,
  type View,
} from './geometry.ts';
import { elementsTouching, hitTest, type Corner, type Hit, type Scene } from './scene.ts';

/** A pointer event as the core needs it; `point` is in screen (CSS) px relative to the viewport. */
export interface PointerInput {
  pointerId: number;
  /** 0 primary, 1 middle (wheel), 2 secondary. */
  button: number;
  point: Vec2;
  shiftKey: boolean;
  altKey: boolean;
  /**
   * What the pointer landed on when the view layer knows it (the DOM event's target: the
   * overlay draws the same scene, so this agrees with hitTest except where a test or assistive
   * technology dispatches to a particular element). Without it the core hit-tests `point`.
   */
  target?: Hit;
}

/** What pointer down started; the view layer uses it for default actions and focus. */
export interface PointerDownResult {
  gesture: Gesture['kind'] | 'none';
  /** Keep the browser from its default (text selection, focusing the target, middle-click scroll). */
  preventDefault: boolean;
  /** Move keyboard focus to the stage itself (a click on the empty stage). */
  focusStage: boolean;
}

export type Gesture =
  | {
      kind: 'move';
      pointerId: number;
      start: Vec2;
      origins: Map<string, { left: number; top: number }>;
      box: Bounds;
      targets: SnapTargets;
      merge: string;
    }
  | { kind: 'scale'; pointerId: number; id: string; corner: Corner; merge: string }
  | { kind: 'rotate'; pointerId: number; id: string; merge: string }
  | { kind: 'pan'; pointerId: number; start: Vec2; view: View }
  | { kind: 'marquee'; pointerId: number; start: Vec2; base: readonly string[] };

/** The interaction state the overlay draws besides the document. */
export interface GestureFeedback {
  guides: Guide[];
  /** The marquee in screen px, while one is dragged. */
  marquee: Bounds | null;
  /**
   * A move, scale or rotate is under way (from its first pointer move to pointer up): the stage
   * keeps the other elements' hit areas as they were, since only the selection changes.
   */
  transforming: boolean;
}

/** What a gesture reads and changes: the document commands, the scene, the view. */
export interface GestureHost extends CommandContext {
  readonly ui: GestureFeedback & { view: View; spaceHeld: boolean };
  scene(): Scene;
  /** Sets the view as the merchant's own choice (it stops following the viewport size). */
  setView(view: View): void;
}

export class Gestures {
  private current: Gesture | null = null;
  /** Numbers merge keys: each gesture is its own undo step. */
  private seq = 0;
  /** An element was pressed: its focus event must not re-select it (keyboard focus does). */
  pointerFocus = false;

  constructor(private readonly host: GestureHost) {}

  /** The gesture in progress, or null. */
  get active(): Gesture | null {
    return this.current;
  }

  down(e: PointerInput): PointerDownResult {
    const host = this.host;
    const view = host.ui.view;
    if (e.button === 1 || (e.button === 0 && host.ui.spaceHeld)) {
      this.current = { kind: 'pan', pointerId: e.pointerId, start: e.point, view };
      return { gesture: 'pan', preventDefault: true, focusStage: false };
    }
    if (e.button !== 0) return { gesture: 'none', preventDefault: false, focusStage: false };
    const scene = host.scene();
    const selection = host.state.selection;
    const hit = e.target ?? hitTest(scene, view, e.point);
    if (hit.kind === 'handle' && selection.length === 1) {
      const id = selection[0]!;
      this.current =
        hit.handle === 'rotate'
          ? { kind: 'rotate', pointerId: e.pointerId, id, merge: `rotate-${++this.seq}` }
          : { kind: 'scale', pointerId: e.pointerId, id, corner: Number(hit.handle.slice(-1)) as Corner, merge: `scale-${++this.seq}` };
      return { gesture: this.current.kind, preventDefault: true, focusStage: false };
    }
    if (hit.kind === 'element' && !host.state.locked[hit.id]) {
      const id = hit.id;
      this.pointerFocus = true;
      let ids: string[];
      if (e.shiftKey) {
        ids = selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id];
        host.select(ids);
        if (!ids.includes(id)) return { gesture: 'none', preventDefault: false, focusStage: false };
      } else {
        ids = selection.includes(id) ? [...selection] : [id];
        host.select(ids);
      }
      this.startMove(e, ids);
      return { gesture: this.current ? 'move' : 'none', preventDefault: false, focusStage: false };
    }
    // Empty stage: deselect (Shift keeps the selection), start a marquee, keep keyboard focus here.
    const base = e.shiftKey ? [...selection] : [];
    if (!e.shiftKey) host.select([]);
    this.current = { kind: 'marquee', pointerId: e.pointerId, start: e.point, base };
    return { gesture: 'marquee', preventDefault: false, focusStage: true };
  }

  private startMove(e: PointerInput, ids: readonly string[]): void {
    const host = this.host;
    const scene = host.scene();
    const origins = new Map<string, { left: number; top: number }>();
    const moving: Bounds[] = [];
    for (const id of ids) {
      const found = host.find(id);
      if (!found || host.state.locked[id]) continue;
      origins.set(id, { left: found.element.left, top: found.element.top });
      const b = scene.boxes.get(id);
      if (b) moving.push(b.bounds);
    }
    if (origins.size === 0) return;
    const others = scene.elements
      .filter((el) => !origins.has(el.localId))
      .map((el) => scene.boxes.get(el.localId)?.bounds)
      .filter((b): b is Bounds => !!b);
    const box = boundsOfPoints(
      moving.flatMap(
        (b) =>
          [
            [b.minX, b.minY],
            [b.maxX, b.maxY],
          ] as Vec2[],
      ),
    );
    this.current = {
      kind: 'move',
      pointerId: e.pointerId,
      start: toFlat(host.ui.view, e.point),
      origins,
      box,
      targets: snapTargets(scene.flat, others),
      merge: `move-${++this.seq}`,
    };
  }

  move(e: PointerInput): void {
    const g = this.current;
    if (!g || g.pointerId !== e.pointerId) return;
    const host = this.host;
    const screen = e.point;
    if (g.kind === 'pan') {
      host.setView({ ...g.view, panX: g.view.panX + screen[0] - g.start[0], panY: g.view.panY + screen[1] - g.start[1] });
      return;
    }
    const view = host.ui.view;
    if (g.kind !== 'marquee' && !host.ui.transforming) host.ui.transforming = true;
    if (g.kind === 'marquee') {
      const r = {
        minX: Math.min(g.start[0], screen[0]),
        minY: Math.min(g.start[1], screen[1]),
        maxX: Math.max(g.start[0], screen[0]),
        maxY: Math.max(g.start[1], screen[1]),
      };
      host.ui.marquee = r;
      const hit = elementsTouching(host.scene(), toFlat(view, [r.minX, r.minY]), toFlat(view, [r.maxX, r.maxY]));
      host.select([...g.base, ...hit]);
      return;
    }
    const p = toFlat(view, screen);
    if (g.kind === 'move') {
      let dx = p[0] - g.start[0];
      let dy = p[1] - g.start[1];
      let shown: Guide[] = [];
      if (!e.altKey) {
        const moved = { minX: g.box.minX + dx, minY: g.box.minY + dy, maxX: g.box.maxX + dx, maxY: g.box.maxY + dy };
        const s = snapBox(moved, g.targets, SNAP_SCREEN_PX / view.zoom);
        dx += s.dx;
        dy += s.dy;
        shown = s.guides;
      }
      for (const [id, o] of g.origins) host.updateElement(id, { left: o.left + dx, top: o.top + dy }, { merge: g.merge });
      // No new array while nothing snaps: the overlay does not redraw for it.
      if (!(host.ui.guides.length === 0 && shown.length === 0)) host.ui.guides = shown;
      return;
    }
    const found = host.find(g.id);
    if (!found) return;
    const t = transformOf(found.element, host.textSizeOf(found.element));
    if (g.kind === 'scale') {
      host.updateElement(g.id, scaleFromCorner(t, g.corner, p, !e.shiftKey), { merge: g.merge });
    } else {
      const angle = snapAngle(angleToward(elementCenter(t), p), e.shiftKey ? 15 : null);
      host.updateElement(g.id, rotateAboutCenter(t, angle), { merge: g.merge });
    }
  }

  /** Pointer up or cancel: ends the gesture, clears guides and marquee, ends the undo step. */
  up(e: Pick<PointerInput, 'pointerId'>): void {
    const g = this.current;
    if (!g || g.pointerId !== e.pointerId) return;
    this.current = null;
    if (this.host.ui.transforming) this.host.ui.transforming = false;
    if (this.host.ui.guides.length !== 0) this.host.ui.guides = [];
    if (this.host.ui.marquee !== null) this.host.ui.marquee = null;
    // The next drag of the same element is a new undo step.
    this.host.seal();
  }

  /** Forgets any gesture in progress without ending an undo step (the stage unmounted). */
  reset(): void {
    this.current = null;
    if (this.host.ui.transforming) this.host.ui.transforming = false;
    this.pointerFocus = false;
  }
}
