/**
 * Drives the editor core in Node the way the stage does: a measured viewport, pointer sequences
 * in flat px (converted through the current view, as a pointer on screen would be), and key
 * presses. No React, no DOM: the core hit-tests the points itself.
 */
import type { Vec2 } from '../../../engine/geometry/index.ts';
import { createEditor, type Editor, type KeyInput } from '../../../src/designer/editor/index.ts';
import { flat, image, template } from './fixtures.ts';

/** With an 800 px flat in an 848 px viewport the fitted view is zoom 1, pan 24: screen = flat + 24. */
export const VIEWPORT = { width: 848, height: 848 };

export interface PointerOpts {
  shiftKey?: boolean;
  altKey?: boolean;
  button?: number;
  /** Intermediate moves between down and up (default 4). */
  steps?: number;
}

export class TestEditor {
  readonly editor: Editor;
  private pointerId = 0;

  constructor(
    editor = createEditor({ template: template('t', [flat('front'), flat('back')]), measureText: () => ({ width: 120, height: 40 }) }),
  ) {
    this.editor = editor;
    editor.resetView();
    editor.setViewport(VIEWPORT);
  }

  /** A new editor with images 'a' (50,60, 200×100) and 'b' (400,400) on the front flat, nothing selected. */
  static withImages(): TestEditor {
    const t = new TestEditor();
    t.editor.addElement('front', image('front', 'a'), { select: false });
    t.editor.addElement('front', { ...image('front', 'b'), left: 400, top: 400 }, { select: false });
    return t;
  }

  screen(p: Vec2): Vec2 {
    const v = this.editor.ui.view;
    return [p[0] * v.zoom + v.panX, p[1] * v.zoom + v.panY];
  }

  /** Pointer down at a flat point; returns the pointer id for move/up. */
  down(p: Vec2, opts: PointerOpts = {}): number {
    const id = ++this.pointerId;
    this.editor.pointerDown({
      pointerId: id,
      button: opts.button ?? 0,
      point: this.screen(p),
      shiftKey: !!opts.shiftKey,
      altKey: !!opts.altKey,
    });
    return id;
  }

  /** Pointer down at a screen point (relative to the viewport). */
  downScreen(s: Vec2, opts: PointerOpts = {}): number {
    const id = ++this.pointerId;
    this.editor.pointerDown({ pointerId: id, button: opts.button ?? 0, point: s, shiftKey: !!opts.shiftKey, altKey: !!opts.altKey });
    return id;
  }

  moveScreen(id: number, s: Vec2, opts: PointerOpts = {}): void {
    this.editor.pointerMove({ pointerId: id, button: opts.button ?? 0, point: s, shiftKey: !!opts.shiftKey, altKey: !!opts.altKey });
  }

  up(id: number): void {
    this.editor.pointerUp({ pointerId: id });
  }

  /**
   * A whole drag between flat points: down, `steps` moves, up. Screen positions are fixed at
   * the down, so a pan drag moves by screen px as a real pointer would.
   */
  drag(from: Vec2, to: Vec2, opts: PointerOpts = {}): void {
    const a = this.screen(from);
    const b = this.screen(to);
    this.dragScreen(a, b, opts);
  }

  dragScreen(a: Vec2, b: Vec2, opts: PointerOpts = {}): void {
    const id = this.downScreen(a, opts);
    const steps = opts.steps ?? 4;
    for (let i = 1; i <= steps; i++) this.moveScreen(id, [a[0] + ((b[0] - a[0]) * i) / steps, a[1] + ((b[1] - a[1]) * i) / steps], opts);
    this.up(id);
  }

  /** A click (down and up, no move) at a flat point. */
  click(p: Vec2, opts: PointerOpts = {}): void {
    this.up(this.down(p, opts));
  }

  key(key: string, mods: Partial<Omit<KeyInput, 'key'>> = {}): ReturnType<Editor['keyDown']> {
    return this.editor.keyDown({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  }

  el(id: string) {
    return this.editor.find(id)!.element;
  }

  corners(id: string): [Vec2, Vec2, Vec2, Vec2] {
    return this.editor.scene().boxes.get(id)!.corners;
  }
}
