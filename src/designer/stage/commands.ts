/**
 * Editor commands on the current selection, shared by keyboard shortcuts, the stage toolbar and
 * the layers panel. Each is one undo step.
 */
import type { DesignElement } from '../../../engine/model/index.ts';
import type { DesignSession } from '../state/session.ts';
import { elementCenter } from '../../../engine/geometry/index.ts';
import { positionForCenter, rotateAboutCenter, snapAngle, transformOf, type Size } from './geometry.ts';
import { measuredTextSize } from './text-metrics.ts';

const selected = (session: DesignSession): DesignElement[] =>
  session.state.selection.map((id) => session.find(id)?.element).filter((el): el is DesignElement => el !== undefined);

export const textSizeOf = (el: DesignElement): Size | null => (el.type === 'text' ? measuredTextSize(el) : null);

export function nudge(session: DesignSession, dx: number, dy: number): void {
  const els = selected(session);
  if (els.length === 0) return;
  // Consecutive nudges of one selection are one undo step, like one drag.
  const merge = `nudge:${session.state.selection.join(',')}`;
  for (const el of els) session.updateElement(el.localId, { left: el.left + dx, top: el.top + dy }, { merge });
}

export function removeSelected(session: DesignSession): void {
  if (session.state.selection.length > 0) session.removeElements([...session.state.selection]);
}

export function duplicateSelected(session: DesignSession): void {
  if (session.state.selection.length > 0) session.duplicate([...session.state.selection]);
}

export function flipSelected(session: DesignSession, axis: 'x' | 'y'): void {
  const els = selected(session);
  if (els.length === 0) return;
  session.transact(axis === 'x' ? 'Flip horizontal' : 'Flip vertical', () => {
    for (const el of els) session.updateElement(el.localId, axis === 'x' ? { flipX: !el.flipX } : { flipY: !el.flipY });
  });
}

/** Moves each selected element one step toward the front (+1) or the back (-1). */
export function restackSelected(session: DesignSession, step: 1 | -1): void {
  const els = selected(session);
  if (els.length === 0) return;
  const ordered = els
    .map((el) => ({ el, at: session.find(el.localId)!.index }))
    .sort((a, b) => (step > 0 ? b.at - a.at : a.at - b.at));
  session.transact(step > 0 ? 'Bring forward' : 'Send backward', () => {
    for (const { el, at } of ordered) session.reorder(el.localId, at + step);
  });
}

/** Turns each selected element by `degrees` about its centre. */
export function rotateSelected(session: DesignSession, degrees: number): void {
  const els = selected(session);
  if (els.length === 0) return;
  const merge = `rotate-key:${session.state.selection.join(',')}`;
  for (const el of els) {
    const t = transformOf(el, textSizeOf(el));
    session.updateElement(el.localId, rotateAboutCenter(t, snapAngle((el.angle ?? 0) + degrees, null)), { merge });
  }
}

/** Scales each selected element by `factor` about its centre. */
export function scaleSelected(session: DesignSession, factor: number): void {
  const els = selected(session);
  if (els.length === 0) return;
  const merge = `scale-key:${session.state.selection.join(',')}`;
  for (const el of els) {
    const t = transformOf(el, textSizeOf(el));
    const scaleX = el.scaleX * factor;
    const scaleY = el.scaleY * factor;
    session.updateElement(el.localId, { scaleX, scaleY, ...positionForCenter({ ...t, scaleX, scaleY }, elementCenter(t)) }, { merge });
  }
}

/** What a key press on the stage does; returns false when the key is not the stage's. */
export function handleEditorKey(session: DesignSession, e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && key === 'z') {
    if (e.shiftKey) session.redo();
    else session.undo();
    return true;
  }
  if (mod && key === 'y') {
    session.redo();
    return true;
  }
  if (mod && key === 'd') {
    duplicateSelected(session);
    return true;
  }
  if (mod && (key === ']' || key === '[')) {
    restackSelected(session, key === ']' ? 1 : -1);
    return true;
  }
  if (mod) return false;
  const step = e.shiftKey ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      if (e.altKey) rotateSelected(session, -(e.shiftKey ? 15 : 1));
      else nudge(session, -step, 0);
      return session.state.selection.length > 0;
    case 'ArrowRight':
      if (e.altKey) rotateSelected(session, e.shiftKey ? 15 : 1);
      else nudge(session, step, 0);
      return session.state.selection.length > 0;
    case 'ArrowUp':
      nudge(session, 0, -step);
      return session.state.selection.length > 0;
    case 'ArrowDown':
      nudge(session, 0, step);
      return session.state.selection.length > 0;
    case 'Delete':
    case 'Backspace':
      removeSelected(session);
      return true;
    case 'Escape':
      if (session.state.selection.length === 0) return false;
      session.select([]);
      return true;
    case '+':
    case '=':
      scaleSelected(session, 1.05);
      return session.state.selection.length > 0;
    case '-':
      scaleSelected(session, 1 / 1.05);
      return session.state.selection.length > 0;
    default:
      return false;
  }
}
