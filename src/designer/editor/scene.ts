/**
 * What is on the stage, as geometry: the active flat, its visible elements and their boxes, and
 * hit-testing a screen point against them and against the selection's handles. Pure; the
 * Editor builds a scene from a state snapshot and the stage overlay draws the same scene, so
 * what the merchant sees and what a click hits are one computation.
 */
import type { Bounds, Vec2 } from '@pod-studio/engine/geometry';
import type { DesignElement } from '@pod-studio/engine/model';
import type { EditorState } from './document.ts';
import { toFlat, toScreen, type Size, type View } from './geometry.ts';

export interface ElementBox {
  /** Corners on the flat: top-left, top-right, bottom-right, bottom-left of the box as drawn. */
  corners: [Vec2, Vec2, Vec2, Vec2];
  bounds: Bounds;
}

export interface Scene {
  /** Size of the active flat in flat px (1 × 1 when the template has no such flat). */
  flat: Size;
  /** Position of the active flat in the template's flat list (-1 when missing). */
  flatIndex: number;
  /** The product colour under the design, painted under the stage canvas. */
  flatColor: string;
  /** The active flat's elements the layers panel has not hidden, back to front. */
  elements: readonly DesignElement[];
  boxes: ReadonlyMap<string, ElementBox>;
  selection: readonly string[];
  locked: Readonly<Record<string, true>>;
}

/** Half the side of a corner handle's square plus half its stroke, in screen px. */
export const CORNER_HANDLE_HIT = 5.75;
/** Radius of the rotate handle's circle plus half its stroke, in screen px. */
export const ROTATE_HANDLE_HIT = 7.75;
/** How far the rotate handle sits beyond the middle of the box's top edge, in screen px. */
export const ROTATE_HANDLE_OFFSET = 24;

export type Corner = 0 | 1 | 2 | 3;
export type Handle = 'rotate' | `corner-${Corner}`;

export type Hit = { kind: 'handle'; id: string; handle: Handle } | { kind: 'element'; id: string } | { kind: 'empty' };

type ReadState = Pick<EditorState, 'template' | 'design' | 'activeFlatId' | 'selection' | 'hidden' | 'locked'>;

export function buildScene(state: ReadState, boxOf: (el: DesignElement) => ElementBox): Scene {
  const templateFlat = state.template.flatList.find((f) => f.flatId === state.activeFlatId);
  const flatIndex = state.template.flatList.findIndex((f) => f.flatId === state.activeFlatId);
  const flat: Size = templateFlat ? { width: templateFlat.flatData.width, height: templateFlat.flatData.height } : { width: 1, height: 1 };
  const flatDesign = state.design.flatDesignList.find((f) => f.flatId === state.activeFlatId);
  const elements = (flatDesign?.designList ?? []).filter((el) => !state.hidden[el.localId]);
  const boxes = new Map<string, ElementBox>();
  for (const el of elements) boxes.set(el.localId, boxOf(el));
  return {
    flat,
    flatIndex,
    flatColor: flatDesign?.color ?? templateFlat?.flatData.color ?? '#FFFFFF',
    elements,
    boxes,
    selection: state.selection,
    locked: state.locked,
  };
}

/** The rotate handle in screen px: ROTATE_HANDLE_OFFSET beyond the middle of the box's top edge, outward. */
export function rotateHandleAt(corners: readonly Vec2[]): { base: Vec2; at: Vec2 } {
  const [tl, tr, br, bl] = corners as [Vec2, Vec2, Vec2, Vec2];
  const base: Vec2 = [(tl[0] + tr[0]) / 2, (tl[1] + tr[1]) / 2];
  const bottom: Vec2 = [(bl[0] + br[0]) / 2, (bl[1] + br[1]) / 2];
  const len = Math.hypot(base[0] - bottom[0], base[1] - bottom[1]) || 1;
  const k = ROTATE_HANDLE_OFFSET / len;
  return { base, at: [base[0] + (base[0] - bottom[0]) * k, base[1] + (base[1] - bottom[1]) * k] };
}

/** Whether `p` lies inside the convex quad (either winding; a flipped box winds the other way). */
export function insideQuad(quad: readonly Vec2[], p: Vec2): boolean {
  let sign = 0;
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % quad.length]!;
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (cross === 0) continue;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return sign !== 0;
}

/**
 * What a pointer at `point` (screen px, relative to the viewport) lands on, topmost first as
 * the overlay stacks it: the single selection's corner handles (the last drawn on top), its
 * rotate handle, then the elements front to back. Locked elements let the pointer through.
 */
export function hitTest(scene: Scene, view: View, point: Vec2): Hit {
  if (scene.selection.length === 1) {
    const id = scene.selection[0]!;
    const box = scene.boxes.get(id);
    if (box) {
      const corners = box.corners.map((c) => toScreen(view, c));
      for (let i = 3; i >= 0; i--) {
        const c = corners[i]!;
        if (Math.abs(point[0] - c[0]) <= CORNER_HANDLE_HIT && Math.abs(point[1] - c[1]) <= CORNER_HANDLE_HIT) {
          return { kind: 'handle', id, handle: `corner-${i as Corner}` };
        }
      }
      const { at } = rotateHandleAt(corners);
      if (Math.hypot(point[0] - at[0], point[1] - at[1]) <= ROTATE_HANDLE_HIT) return { kind: 'handle', id, handle: 'rotate' };
    }
  }
  const p = toFlat(view, point);
  for (let i = scene.elements.length - 1; i >= 0; i--) {
    const id = scene.elements[i]!.localId;
    if (scene.locked[id]) continue;
    const box = scene.boxes.get(id);
    if (box && insideQuad(box.corners, p)) return { kind: 'element', id };
  }
  return { kind: 'empty' };
}

/** The elements whose bounds touch the flat-px rectangle between `a` and `b` (a marquee). */
export function elementsTouching(scene: Scene, a: Vec2, b: Vec2): string[] {
  return scene.elements
    .filter((el) => {
      const bb = scene.boxes.get(el.localId)?.bounds;
      return bb !== undefined && bb.minX <= b[0] && bb.maxX >= a[0] && bb.minY <= b[1] && bb.maxY >= a[1];
    })
    .map((el) => el.localId);
}
