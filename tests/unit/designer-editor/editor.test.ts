/** The editor core in Node: selection, hit-testing, gestures with snapping, the view, the action registry, undo. */
import { describe, expect, it } from 'vitest';
import { elementCenter } from '../../../engine/geometry/index.ts';
import { transformOf } from '../../../src/designer/editor/geometry.ts';
import { image } from './fixtures.ts';
import { TestEditor, VIEWPORT } from './test-editor.ts';

// 'a' covers flat x 50..250, y 60..160 (centre 150,110); 'b' covers 400..600, 400..500.
const centreOf = (t: TestEditor, id: string) => elementCenter(transformOf(t.el(id), null));

describe('selection and hit-testing', () => {
  it('a click selects the element under the pointer, Shift toggles it, the empty stage deselects (Shift keeps)', () => {
    const t = TestEditor.withImages();
    t.click([100, 100]);
    expect(t.editor.state.selection).toEqual(['a']);
    t.click([500, 450], { shiftKey: true });
    expect(t.editor.state.selection).toEqual(['a', 'b']);
    t.click([100, 100], { shiftKey: true });
    expect(t.editor.state.selection).toEqual(['b']);
    t.click([700, 100], { shiftKey: true });
    expect(t.editor.state.selection).toEqual(['b']);
    t.click([700, 100]);
    expect(t.editor.state.selection).toEqual([]);
  });

  it('hits the topmost element; a locked one lets the pointer through, a hidden one is not there', () => {
    const t = TestEditor.withImages();
    t.editor.addElement('front', { ...image('front', 'c'), left: 420, top: 420 }, { select: false });
    t.click([450, 450]);
    expect(t.editor.state.selection).toEqual(['c']);
    t.editor.setLocked('c', true);
    t.click([450, 450]);
    expect(t.editor.state.selection).toEqual(['b']);
    t.editor.setHidden('b', true);
    t.click([450, 450]);
    expect(t.editor.state.selection).toEqual([]);
    expect(t.editor.hitTest(t.screen([450, 450]))).toEqual({ kind: 'empty' });
  });

  it('finds the handles of a single selection before the elements, and none for a multi-selection', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a']);
    expect(t.editor.hitTest(t.screen([250, 160]))).toEqual({ kind: 'handle', id: 'a', handle: 'corner-2' });
    expect(t.editor.hitTest(t.screen([150, 36]))).toEqual({ kind: 'handle', id: 'a', handle: 'rotate' });
    t.editor.select(['a', 'b']);
    expect(t.editor.hitTest(t.screen([250, 160]))).toEqual({ kind: 'element', id: 'a' });
  });

  it('hit-tests a rotated element by its turned box, not its bounds', () => {
    const t = TestEditor.withImages();
    t.editor.updateElement('a', { angle: 45 });
    const box = t.editor.scene().boxes.get('a')!.bounds;
    // A corner of the bounds lies outside the turned box.
    expect(t.editor.hitTest(t.screen([box.minX + 2, box.minY + 2]))).toEqual({ kind: 'empty' });
    expect(t.editor.hitTest(t.screen(centreOf(t, 'a')))).toEqual({ kind: 'element', id: 'a' });
  });

  it('keyboard focus selects an element; the focus a pointer press causes does not undo a Shift selection', () => {
    const t = TestEditor.withImages();
    t.click([100, 100]);
    t.click([500, 450], { shiftKey: true });
    t.editor.elementFocused('b');
    expect(t.editor.state.selection).toEqual(['a', 'b']);
    t.editor.elementFocused('a');
    expect(t.editor.state.selection).toEqual(['a', 'b']);
    t.editor.select([]);
    t.editor.elementFocused('b');
    expect(t.editor.state.selection).toEqual(['b']);
  });
});

describe('gestures', () => {
  it('a drag moves the element by the pointer delta (Alt: no snapping), as one undo step', () => {
    const t = TestEditor.withImages();
    t.drag([100, 100], [137, 113], { altKey: true, steps: 10 });
    expect([t.el('a').left, t.el('a').top]).toEqual([87, 73]);
    expect(t.editor.state.selection).toEqual(['a']);
    expect(t.editor.gesture).toBeNull();
    t.editor.undo();
    expect([t.el('a').left, t.el('a').top]).toEqual([50, 60]);
    expect(t.editor.canUndo()).toBe(true); // the two adds remain
  });

  it('moves a multi-selection together', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a', 'b']);
    t.drag([100, 100], [110, 120], { altKey: true });
    expect([t.el('a').left, t.el('a').top, t.el('b').left, t.el('b').top]).toEqual([60, 80, 410, 420]);
    t.editor.undo();
    expect([t.el('a').left, t.el('b').left]).toEqual([50, 400]);
  });

  it('snaps the moved box centre to the print area centre line with a guide, cleared on pointer up', () => {
    const t = TestEditor.withImages();
    const id = t.down([100, 100]);
    // Centre 150 → 397: 3 px from the centre line at 400.
    t.moveScreen(id, t.screen([347, 100]));
    expect(t.el('a').left).toBe(300);
    expect(t.editor.ui.guides).toContainEqual({ axis: 'x', at: 400 });
    t.up(id);
    expect(t.editor.ui.guides).toEqual([]);
  });

  it('snaps within SNAP_SCREEN_PX screen px: 4 flat px snaps at zoom 1, not at zoom 2', () => {
    const near = (zoom: number) => {
      const t = TestEditor.withImages();
      t.editor.setView({ zoom, panX: 0, panY: 0 });
      // Centre 150 → 396, 4 flat px short of the centre line.
      t.drag([100, 100], [346, 100], { steps: 1 });
      return t.el('a').left;
    };
    expect(near(1)).toBe(300);
    expect(near(2)).toBe(296);
  });

  it('snaps to the print area edges and to other elements', () => {
    const t = TestEditor.withImages();
    // Left edge 50 → 3: snaps to the flat's left edge at 0.
    t.drag([100, 100], [53, 100], { steps: 1 });
    expect(t.el('a').left).toBe(0);
    // Bottom edge 160 → 397: snaps to b's top edge at 400.
    t.drag([100, 100], [100, 337], { steps: 1 });
    expect(t.el('a').top).toBe(300);
  });

  it('scales from a corner keeping the ratio and the opposite corner; Shift frees the ratio', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a']);
    t.drag([250, 160], [350, 210]);
    expect(t.el('a').scaleX).toBeCloseTo(1.5, 9);
    expect(t.el('a').scaleY).toBeCloseTo(1.5, 9);
    const [tl, , br] = t.corners('a');
    expect(tl[0]).toBeCloseTo(50, 9);
    expect(tl[1]).toBeCloseTo(60, 9);
    expect(br[0]).toBeCloseTo(350, 9);
    expect(br[1]).toBeCloseTo(210, 9);
    t.editor.undo();
    expect(t.el('a').scaleX).toBe(1);

    t.drag([250, 160], [350, 160], { shiftKey: true });
    expect(t.el('a').scaleX).toBeCloseTo(1.5, 9);
    expect(t.el('a').scaleY).toBeCloseTo(1, 9);
    expect(t.corners('a')[0][0]).toBeCloseTo(50, 9);
  });

  it('scaling from the top-left corner keeps the bottom-right corner', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a']);
    t.drag([50, 60], [150, 110]);
    const [tl, , br] = t.corners('a');
    expect(br[0]).toBeCloseTo(250, 9);
    expect(br[1]).toBeCloseTo(160, 9);
    expect(tl[0]).toBeCloseTo(150, 9);
    expect(t.el('a').scaleX).toBeCloseTo(0.5, 9);
  });

  it('rotates about the centre with the rotate handle: right angles within 3°, Shift in 15° steps', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a']);
    const c = centreOf(t, 'a');
    // 100 px right and 2 px down of the centre reads 91.1°: snapped to 90.
    t.drag([150, 36], [c[0] + 100, c[1] + 2]);
    expect(t.el('a').angle).toBe(90);
    expect(centreOf(t, 'a')[0]).toBeCloseTo(c[0], 9);
    expect(centreOf(t, 'a')[1]).toBeCloseTo(c[1], 9);
    t.editor.undo();
    expect(t.el('a').angle).toBe(0);

    // 16.7° below the horizontal reads 106.7°: kept free, or 105 with Shift.
    t.drag([150, 36], [c[0] + 100, c[1] + 30]);
    expect(t.el('a').angle).toBeCloseTo(106.7, 1);
    t.editor.undo();
    t.drag([150, 36], [c[0] + 100, c[1] + 30], { shiftKey: true });
    expect(t.el('a').angle).toBe(105);
  });

  it('a marquee from the empty stage selects what it touches (Shift adds), shown only while dragged', () => {
    const t = TestEditor.withImages();
    const id = t.down([10, 300]);
    t.moveScreen(id, t.screen([300, 30]));
    expect(t.editor.ui.marquee).not.toBeNull();
    expect(t.editor.state.selection).toEqual(['a']);
    t.up(id);
    expect(t.editor.ui.marquee).toBeNull();
    t.drag([700, 700], [550, 480], { shiftKey: true });
    expect(t.editor.state.selection).toEqual(['a', 'b']);
  });

  it('says a move is under way from its first pointer move until pointer up (a marquee is not one)', () => {
    const t = TestEditor.withImages();
    const id = t.down([450, 450]);
    expect(t.editor.ui.transforming).toBe(false);
    t.moveScreen(id, t.screen([470, 460]));
    expect(t.editor.ui.transforming).toBe(true);
    t.up(id);
    expect(t.editor.ui.transforming).toBe(false);
    const marquee = t.down([10, 300]);
    t.moveScreen(marquee, t.screen([300, 30]));
    expect(t.editor.ui.transforming).toBe(false);
    t.up(marquee);
  });

  it('pans with the middle button, and with the primary button while Space is held, leaving elements alone', () => {
    const t = TestEditor.withImages();
    t.dragScreen([700, 700], [740, 720], { button: 1 });
    expect([t.editor.ui.view.panX, t.editor.ui.view.panY]).toEqual([64, 44]);
    expect(t.key(' ')).toBe('pan');
    t.dragScreen(t.screen([100, 100]), [t.screen([100, 100])[0] - 30, t.screen([100, 100])[1]]);
    t.editor.keyUp({ key: ' ' });
    expect(t.editor.ui.view.panX).toBe(34);
    expect(t.el('a').left).toBe(50);
    expect(t.editor.state.selection).toEqual([]);
  });

  it('ignores moves of another pointer and a secondary-button press', () => {
    const t = TestEditor.withImages();
    const id = t.down([100, 100], { altKey: true });
    t.editor.pointerMove({ pointerId: id + 100, button: 0, point: t.screen([300, 300]), shiftKey: false, altKey: true });
    t.up(id);
    expect(t.el('a').left).toBe(50);
    expect(t.editor.pointerDown({ pointerId: 99, button: 2, point: t.screen([100, 100]), shiftKey: false, altKey: false }).gesture).toBe(
      'none',
    );
  });
});

describe('view', () => {
  it('fits the flat into the viewport, follows the viewport until zoomed, and refits for a new flat', () => {
    const t = new TestEditor();
    expect(t.editor.ui.view).toEqual({ zoom: 1, panX: 24, panY: 24 });
    t.editor.setViewport({ width: 448, height: 448 });
    expect(t.editor.ui.view.zoom).toBeCloseTo(0.5, 9);
    t.editor.zoomBy(2);
    const zoomed = { ...t.editor.ui.view };
    expect(zoomed.zoom).toBeCloseTo(1, 9);
    // The flat point at the viewport centre stays there.
    expect((224 - zoomed.panX) / zoomed.zoom).toBeCloseTo(400, 9);
    t.editor.setViewport(VIEWPORT);
    expect(t.editor.ui.view).toEqual(zoomed);
    t.editor.setActiveFlat('back');
    t.editor.syncView();
    expect(t.editor.ui.view).toEqual({ zoom: 1, panX: 24, panY: 24 });
  });

  it('zooms with the wheel about the pointer, and Fit brings the whole flat back', () => {
    const t = new TestEditor();
    t.editor.wheel(-200, [124, 224]);
    const v = t.editor.ui.view;
    expect(v.zoom).toBeCloseTo(Math.exp(0.3), 9);
    expect((124 - v.panX) / v.zoom).toBeCloseTo(100, 9);
    expect(t.editor.actions.run('zoom-fit')).toBe(true);
    expect(t.editor.ui.view).toEqual({ zoom: 1, panX: 24, panY: 24 });
  });
});

describe('action registry', () => {
  it('maps key presses to actions, modifiers included', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a']);
    expect(t.key('ArrowRight')).toBe('nudge-right');
    expect(t.key('ArrowRight', { shiftKey: true })).toBe('nudge-right-10');
    expect(t.key('ArrowUp', { altKey: true })).toBe('nudge-up');
    expect(t.key('ArrowLeft', { altKey: true })).toBe('rotate-left');
    expect(t.key('ArrowRight', { altKey: true, shiftKey: true })).toBe('rotate-right-15');
    expect(t.key('=')).toBe('scale-up');
    expect(t.key('+', { shiftKey: true })).toBe('scale-up');
    expect(t.key('-')).toBe('scale-down');
    expect(t.key('d', { metaKey: true })).toBe('duplicate');
    expect(t.key(']', { ctrlKey: true })).toBe('bring-forward');
    expect(t.key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(t.key('y', { ctrlKey: true })).toBe('redo');
    expect(t.key('z', { ctrlKey: true })).toBe('undo');
    expect(t.key('ArrowRight', { ctrlKey: true })).toBeNull();
    expect(t.key('+', { ctrlKey: true })).toBeNull();
    // Undoing the duplicate dropped its copy from the selection.
    t.editor.select(['a']);
    expect(t.key('Escape')).toBe('deselect');
    expect(t.editor.state.selection).toEqual([]);
  });

  it('a disabled action disables its button; its key passes to the page or is swallowed as declared', () => {
    const t = TestEditor.withImages();
    const r = t.editor.actions;
    expect(r.isEnabled('duplicate')).toBe(false);
    expect(r.run('duplicate')).toBe(false);
    expect(t.key('ArrowRight')).toBeNull();
    expect(t.key('Escape')).toBeNull();
    const before = t.editor.state.revision;
    expect(t.key('Delete')).toBe('delete');
    expect(t.key('d', { ctrlKey: true })).toBe('duplicate');
    expect(t.editor.state.revision).toBe(before);
    while (t.editor.canUndo()) t.editor.undo();
    expect(r.isEnabled('undo')).toBe(false);
    expect(t.key('z', { ctrlKey: true })).toBe('undo');
    expect(r.isEnabled('zoom-in')).toBe(true);
  });

  it('one list gives the toolbar its labels and the keys their actions; a key bound twice does nothing', () => {
    const t = TestEditor.withImages();
    const r = t.editor.actions;
    expect(r.get('duplicate')).toMatchObject({ label: 'Duplicate selection', text: 'Duplicate' });
    expect(r.get('zoom-out')).toMatchObject({ label: 'Zoom out', text: '−' });
    expect(r.list().filter((a) => (a.kbd ?? []).length > 0).length).toBeGreaterThan(15);
    t.editor.select(['a']);
    r.register({
      id: 'flip-horizontal',
      label: 'Flip horizontal',
      kbd: [{ key: 'ArrowRight', shift: false, alt: false }],
      perform: () => {},
    });
    expect(t.key('ArrowRight')).toBeNull();
    expect(t.el('a').left).toBe(50);
  });

  it('only= limits a key to some actions (undo and redo anywhere in the design step)', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a']);
    const key = (k: string, ctrlKey = false) =>
      t.editor.actions.handleKey({ key: k, ctrlKey, shiftKey: false, metaKey: false, altKey: false }, { only: ['undo', 'redo'] });
    expect(key('Delete')).toBeNull();
    expect(t.editor.find('a')).not.toBeNull();
    expect(key('z', true)).toBe('undo');
  });

  it('layer-row actions act on the row element: Alt+Up/Down restack it, swallowed at the ends', () => {
    const t = TestEditor.withImages();
    const r = t.editor.actions;
    const order = () => t.editor.state.design.flatDesignList[0]!.designList.map((e) => e.localId);
    const altKey = (key: string, target: string) =>
      r.handleKey({ key, altKey: true, shiftKey: false, ctrlKey: false, metaKey: false }, { scope: 'layer', target });
    expect(r.isEnabled('layer-forward', 'b')).toBe(false);
    expect(altKey('ArrowUp', 'a')).toBe('layer-forward');
    expect(order()).toEqual(['b', 'a']);
    const rev = t.editor.state.revision;
    expect(altKey('ArrowUp', 'a')).toBe('layer-forward');
    expect(t.editor.state.revision).toBe(rev);
    expect(altKey('ArrowDown', 'a')).toBe('layer-backward');
    expect(order()).toEqual(['a', 'b']);
    r.run('layer-toggle-hidden', 'a');
    expect(t.editor.state.hidden).toEqual({ a: true });
    r.run('layer-toggle-locked', 'b');
    expect(t.editor.state.locked).toEqual({ b: true });
  });

  it('toolbar commands: flip and restack the selection, each one undo step', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a', 'b']);
    t.editor.actions.run('flip-horizontal');
    expect([t.el('a').flipX, t.el('b').flipX]).toEqual([true, true]);
    t.editor.undo();
    expect([t.el('a').flipX, t.el('b').flipX]).toEqual([false, false]);
    t.editor.select(['a']);
    t.editor.actions.run('bring-forward');
    expect(t.editor.state.design.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['b', 'a']);
  });
});

describe('undo merge rules', () => {
  it('moves within one drag are one step; a second drag of the same element is another', () => {
    const t = TestEditor.withImages();
    t.drag([100, 100], [120, 100], { altKey: true, steps: 8 });
    t.drag([120, 100], [150, 100], { altKey: true, steps: 8 });
    expect(t.el('a').left).toBe(100);
    t.editor.undo();
    expect(t.el('a').left).toBe(70);
    t.editor.undo();
    expect(t.el('a').left).toBe(50);
  });

  it('a run of nudges of one selection is one step; another selection starts another', () => {
    const t = TestEditor.withImages();
    t.editor.select(['a']);
    for (let i = 0; i < 5; i++) t.key('ArrowRight');
    t.editor.select(['b']);
    t.key('ArrowDown');
    t.editor.select(['a']);
    t.key('ArrowRight');
    expect(t.el('a').left).toBe(56);
    t.editor.undo();
    t.editor.undo();
    expect([t.el('a').left, t.el('b').top]).toEqual([55, 400]);
    t.editor.undo();
    expect(t.el('a').left).toBe(50);
  });

  it('a typing burst is one step until sealed (the text box loses focus); another field is another step', () => {
    const t = new TestEditor();
    t.editor.addElement('front', { ...image('front', 'x') });
    t.editor.transact('text', () => {});
    const id = 'x';
    for (const left of [1, 2, 3]) t.editor.updateElement(id, { left }, { merge: `text:${id}` });
    t.editor.updateElement(id, { top: 9 }, { merge: `fill:${id}` });
    t.editor.undo();
    expect([t.el(id).left, t.el(id).top]).toEqual([3, 60]);
    t.editor.undo();
    expect(t.el(id).left).toBe(50);
    t.editor.redo();
    t.editor.seal();
    t.editor.updateElement(id, { left: 4 }, { merge: `text:${id}` });
    t.editor.undo();
    expect(t.el(id).left).toBe(3);
  });

  it('transact makes several changes one step', () => {
    const t = TestEditor.withImages();
    t.editor.transact('Both', () => {
      t.editor.updateElement('a', { left: 1 });
      t.editor.updateElement('b', { left: 2 });
      t.editor.removeElements(['b']);
    });
    t.editor.undo();
    expect([t.el('a').left, t.el('b').left]).toEqual([50, 400]);
  });

  it('undoing back to the saved point makes the document clean; redo makes it dirty again', () => {
    const t = TestEditor.withImages();
    expect(t.editor.state.dirty).toBe(true);
    t.editor.markSaved();
    expect(t.editor.state.dirty).toBe(false);
    t.drag([100, 100], [130, 100], { altKey: true });
    expect(t.editor.state.dirty).toBe(true);
    t.editor.undo();
    expect(t.editor.state.dirty).toBe(false);
    t.editor.redo();
    expect(t.editor.state.dirty).toBe(true);
    t.editor.undo();
    t.editor.undo();
    expect(t.editor.state.dirty).toBe(true);
  });
});
