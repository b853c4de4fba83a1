/**
 * A stage frame as the changes from the previous one. During a drag one element of hundreds
 * changes per frame; sending the whole design list to the stage worker cloned every element on
 * both sides of the message, and the worker then had to serialise each one again to find what
 * changed. A delta carries only the elements that are new objects; the worker rebuilds the frame
 * on its previous one, so the elements that did not change stay the same objects and the live
 * stage recognises them without looking inside.
 */
import type { DesignElement } from '../model/index.ts';
import type { StageFrame } from './live-stage.ts';

export interface StageFrameDelta {
  readonly flat: StageFrame['flat'];
  readonly flatColor: StageFrame['flatColor'];
  readonly background: StageFrame['background'];
  readonly view: StageFrame['view'];
  readonly lifted: string | null;
  /** How many elements the frame has (the same as the previous one). */
  readonly count: number;
  /** The elements that changed, by their place in the design list. */
  readonly changed: readonly (readonly [index: number, element: DesignElement])[];
}

/** Most elements a delta carries; past that a whole frame is as cheap. */
const MAX_CHANGED_SHARE = 0.25;

/**
 * The changes from `prev` to `next`, or null when a whole frame should go: no previous frame,
 * elements added, removed or reordered, or too many changed. Elements are compared by identity,
 * so a caller must hand a new object for every changed element (the editor's snapshots do).
 */
export function frameDelta(prev: StageFrame | null, next: StageFrame): StageFrameDelta | null {
  if (prev === null) return null;
  const a = prev.designList;
  const b = next.designList;
  if (a.length !== b.length || a.length === 0) return null;
  const changed: [number, DesignElement][] = [];
  const most = Math.max(1, Math.floor(b.length * MAX_CHANGED_SHARE));
  for (let i = 0; i < b.length; i++) {
    const el = b[i]!;
    if (el === a[i]) continue;
    if (el.localId !== a[i]!.localId || changed.length === most) return null;
    changed.push([i, el]);
  }
  return {
    flat: next.flat,
    flatColor: next.flatColor,
    background: next.background,
    view: next.view,
    lifted: next.lifted ?? null,
    count: b.length,
    changed,
  };
}

/** The frame a delta describes, built on the frame it was taken against. */
export function applyFrameDelta(prev: StageFrame, delta: StageFrameDelta): StageFrame {
  if (prev.designList.length !== delta.count) throw new Error('stage frame delta does not fit the previous frame');
  const designList = prev.designList.slice();
  for (const [i, el] of delta.changed) {
    if (designList[i]?.localId !== el.localId) throw new Error('stage frame delta does not fit the previous frame');
    designList[i] = el;
  }
  return { flat: delta.flat, flatColor: delta.flatColor, background: delta.background, view: delta.view, lifted: delta.lifted, designList };
}
