/**
 * Editor commands on the current selection. The action registry (actions.ts) wraps them for
 * keyboard shortcuts, the stage toolbar and the layers panel; each is one undo step, and the
 * repeatable ones (nudge, key rotate, key scale) merge while the selection stays the same, so a
 * run of arrow presses undoes as one step like one drag.
 */
import type { DesignElement } from '@pod-studio/engine/model';
import { elementCenter } from '@pod-studio/engine/geometry';
import type { DesignDocument } from './document.ts';
import { positionForCenter, rotateAboutCenter, snapAngle, transformOf, type Size } from './geometry.ts';

/** What the commands need: the document and how big a text element is laid out. */
export interface CommandContext extends DesignDocument {
  /** The measured layout size of a text element (null for images, or while its font loads). */
  textSizeOf(el: DesignElement): Size | null;
}

/** The selected elements, in selection order (live proxies: read them inside handlers only). */
export const selectedElements = (doc: DesignDocument): DesignElement[] =>
  doc.state.selection.map((id) => doc.find(id)?.element).filter((el): el is DesignElement => el !== undefined);

export function nudge(ctx: CommandContext, dx: number, dy: number): void {
  const els = selectedElements(ctx);
  if (els.length === 0) return;
  // Consecutive nudges of one selection are one undo step, like one drag.
  const merge = `nudge:${ctx.state.selection.join(',')}`;
  for (const el of els) ctx.updateElement(el.localId, { left: el.left + dx, top: el.top + dy }, { merge });
}

export function removeSelected(ctx: CommandContext): void {
  if (ctx.state.selection.length > 0) ctx.removeElements([...ctx.state.selection]);
}

export function duplicateSelected(ctx: CommandContext): void {
  if (ctx.state.selection.length > 0) ctx.duplicate([...ctx.state.selection]);
}

export function flipSelected(ctx: CommandContext, axis: 'x' | 'y'): void {
  const els = selectedElements(ctx);
  if (els.length === 0) return;
  ctx.transact(axis === 'x' ? 'Flip horizontal' : 'Flip vertical', () => {
    for (const el of els) ctx.updateElement(el.localId, axis === 'x' ? { flipX: !el.flipX } : { flipY: !el.flipY });
  });
}

/** Moves each selected element one step toward the front (+1) or the back (-1), as one undo step. */
export function restackSelected(ctx: CommandContext, step: 1 | -1): void {
  const els = selectedElements(ctx);
  if (els.length === 0) return;
  // Front-most first when bringing forward (back-most first when sending back), so elements
  // next to each other keep their order instead of swapping with each other.
  const ordered = els.map((el) => ({ el, at: ctx.find(el.localId)!.index })).sort((a, b) => (step > 0 ? b.at - a.at : a.at - b.at));
  ctx.transact(step > 0 ? 'Bring forward' : 'Send backward', () => {
    for (const { el, at } of ordered) ctx.reorder(el.localId, at + step);
  });
}

/** Turns each selected element by `degrees` about its centre. */
export function rotateSelected(ctx: CommandContext, degrees: number): void {
  const els = selectedElements(ctx);
  if (els.length === 0) return;
  const merge = `rotate-key:${ctx.state.selection.join(',')}`;
  for (const el of els) {
    const t = transformOf(el, ctx.textSizeOf(el));
    ctx.updateElement(el.localId, rotateAboutCenter(t, snapAngle((el.angle ?? 0) + degrees, null)), { merge });
  }
}

/** Scales each selected element by `factor` about its centre. */
export function scaleSelected(ctx: CommandContext, factor: number): void {
  const els = selectedElements(ctx);
  if (els.length === 0) return;
  const merge = `scale-key:${ctx.state.selection.join(',')}`;
  for (const el of els) {
    const t = transformOf(el, ctx.textSizeOf(el));
    const scaleX = el.scaleX * factor;
    const scaleY = el.scaleY * factor;
    ctx.updateElement(el.localId, { scaleX, scaleY, ...positionForCenter({ ...t, scaleX, scaleY }, elementCenter(t)) }, { merge });
  }
}
