/** The editor stage in Chromium: worker-drawn pixels, pointer gestures, snapping, keyboard, layers. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { elementCenter } from '../../../engine/geometry/index.ts';
import { FLAT, drag, dragHold, isRed, isWhite, mountStage, redSquare, textEl, type Mounted } from './helpers.tsx';

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

const el = (id: string) => m!.session.find(id)!.element;

describe('editor stage', () => {
  it('draws the design in the worker and moves an element where the pointer drags it', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('sq', 40, 40));
    expect(isRed(await m.pixelAt([80, 80]))).toBe(true);
    expect(isWhite(await m.pixelAt([250, 250]))).toBe(true);

    // Alt turns snapping off, so the element follows the pointer exactly.
    await drag(m.toClient([80, 80]), m.toClient([217, 113]), { altKey: true });
    expect(el('sq').left).toBeCloseTo(177, 0);
    expect(el('sq').top).toBeCloseTo(73, 0);
    expect(isRed(await m.pixelAt([250, 140]))).toBe(true);
    expect(isWhite(await m.pixelAt([60, 60]))).toBe(true);
    expect(m.session.state.selection).toEqual(['sq']);
  });

  it('a drag is one undo step; Ctrl+Z and Ctrl+Shift+Z / Ctrl+Y undo and redo it from the keyboard', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('sq', 40, 40));
    await m.settle();
    await drag(m.toClient([80, 80]), m.toClient([180, 80]), { altKey: true, steps: 12 });
    const movedLeft = el('sq').left;
    expect(movedLeft).toBeCloseTo(140, 0);

    m.viewport.focus();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(el('sq').left).toBe(40);
    expect(isRed(await m.pixelAt([60, 60]))).toBe(true);
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(el('sq').left).toBe(movedLeft);
    await userEvent.keyboard('{Control>}z{/Control}');
    await userEvent.keyboard('{Control>}y{/Control}');
    expect(el('sq').left).toBe(movedLeft);
    expect(isRed(await m.pixelAt([movedLeft + 20, 60]))).toBe(true);
  });

  it('snaps to the print area centre line with a visible guide, and the guide goes when the drag ends', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('sq', 40, 40));
    await m.settle();
    // Centre starts at 80; dragging by 118 brings it to 198, 2 px from the centre line at 200.
    const up = await dragHold(m.toClient([80, 80]), m.toClient([198, 80]));
    await vi.waitFor(() => {
      const guide = m!.host.querySelector('[data-testid="snap-guide"][data-axis="x"]');
      expect(guide?.getAttribute('data-at')).toBe(String(FLAT / 2));
    });
    expect(el('sq').left + 40).toBeCloseTo(200, 6);
    await up();
    await vi.waitFor(() => expect(m!.host.querySelector('[data-testid="snap-guide"]')).toBeNull());
    expect(el('sq').left).toBeCloseTo(160, 6);
  });

  it("snaps to another element's edge", async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 40, 40));
    m.session.addElement('front', await redSquare('b', 240, 260));
    await m.settle();
    // a's left edge (40) is dragged to 237, 3 px short of b's left edge at 240.
    await drag(m.toClient([80, 80]), m.toClient([277, 80]));
    expect(el('a').left).toBeCloseTo(240, 6);
  });

  it('rotates with the rotate handle about the centre, snapping to right angles', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('sq', 160, 160));
    await m.settle();
    const handle = m.host.querySelector('[data-testid="handle-rotate"]')!.getBoundingClientRect();
    // A point straight right of the centre (200, 200) means 90°; 2° off still snaps.
    const target = m.toClient([300, 203]);
    await drag([handle.x + handle.width / 2, handle.y + handle.height / 2], target);
    expect(el('sq').angle).toBe(90);
    const c = elementCenter(el('sq'));
    expect(c[0]).toBeCloseTo(200, 6);
    expect(c[1]).toBeCloseTo(200, 6);
  });

  it('scales from a corner keeping the ratio (Shift frees it), the opposite corner staying put', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('sq', 100, 100));
    await m.settle();
    const h = m.host.querySelector('[data-testid="handle-corner-2"]')!.getBoundingClientRect();
    await drag([h.x + h.width / 2, h.y + h.height / 2], m.toClient([260, 250]));
    expect(el('sq').scaleX).toBeCloseTo(el('sq').scaleY, 9);
    expect(el('sq').scaleX).toBeGreaterThan(1.8);
    expect(el('sq').left).toBeCloseTo(100, 6);
    expect(el('sq').top).toBeCloseTo(100, 6);
    expect(isRed(await m.pixelAt([240, 240]))).toBe(true);

    const h2 = m.host.querySelector('[data-testid="handle-corner-2"]')!.getBoundingClientRect();
    await drag([h2.x + h2.width / 2, h2.y + h2.height / 2], m.toClient([340, 200]), { shiftKey: true });
    expect(el('sq').scaleX).toBeCloseTo(3, 1);
    expect(el('sq').scaleY).toBeCloseTo(1.25, 1);
  });

  it('reaches every element by keyboard: Tab selects, arrows nudge 1 px (Shift 10), Delete removes, Escape deselects', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 40, 40), { select: false });
    m.session.addElement('front', textEl('t', 'Hello', 200, 200), { select: false });
    await m.settle();
    const stage = page.getByRole('application', { name: 'Design area: Front' });
    await expect.element(stage).toBeInTheDocument();
    expect(document.querySelectorAll('[role="application"]')).toHaveLength(1);
    await expect.element(stage.getByRole('button', { name: 'Text: Hello' })).toBeInTheDocument();

    m.viewport.focus();
    await userEvent.keyboard('{Tab}');
    expect(m.session.state.selection).toEqual(['a']);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect([el('a').left, el('a').top]).toEqual([42, 50]);
    await userEvent.keyboard('{Escape}');
    expect(m.session.state.selection).toEqual([]);
    await userEvent.keyboard('{Tab}');
    expect(m.session.state.selection).toEqual(['t']);
    await userEvent.keyboard('{Delete}');
    expect(m.session.find('t')).toBeNull();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(m.session.find('t')).not.toBeNull();
  });

  it('Ctrl+D duplicates the selection on top; the toolbar flips and restacks it', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 40, 40));
    await m.settle();
    m.viewport.focus();
    await userEvent.keyboard('{Control>}d{/Control}');
    const ids = m.session.state.design.flatDesignList[0]!.designList.map((e) => e.localId);
    expect(ids).toHaveLength(2);
    expect(m.session.state.selection).toEqual([ids[1]]);
    await page.getByRole('button', { name: 'Flip horizontal', exact: true }).click();
    expect(el(ids[1]!).flipX).toBe(true);
    await page.getByRole('button', { name: 'Send backward', exact: true }).click();
    expect(m.session.state.design.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual([ids[1], 'a']);
  });

  it('draws text in its bundled font, not a fallback', async () => {
    m = await mountStage();
    m.session.addElement('front', textEl('t', 'HH', 100, 150));
    // Comfortaa Bold's H stem sits within the first glyph; any blue ink proves the text is drawn.
    await m.settle();
    const bitmap = await m.client.capture();
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    let blue = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 2]! > 200 && data[i]! < 80 && data[i + 3]! > 200) blue += 1;
    expect(blue).toBeGreaterThan(200);
    const { isFontLoaded } = await import('../../../engine/text/index.ts');
    await vi.waitFor(() => expect(isFontLoaded('Comfortaa Bold')).toBe(true));
  });
});

describe('layers panel with the stage', () => {
  it('lists elements front first; lock keeps the stage from selecting it, hide takes it off the pixels', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 40, 40), { select: false });
    m.session.addElement('front', textEl('t', 'Top', 200, 200), { select: false });
    await m.settle();
    const names = [...m.host.querySelectorAll('.layers__label')].map((n) => n.textContent);
    expect(names).toEqual(['Text: Top', 'Image: a.png']);

    await page.getByRole('button', { name: 'Lock: Image: a.png' }).click();
    expect(m.session.state.locked).toEqual({ a: true });
    await drag(m.toClient([80, 80]), m.toClient([150, 80]));
    expect(m.session.state.selection).toEqual([]);
    expect(el('a').left).toBe(40);
    expect(m.host.querySelector('[data-element-id="a"]')!.getAttribute('tabindex')).toBe('-1');

    expect(isRed(await m.pixelAt([80, 80]))).toBe(true);
    await page.getByRole('button', { name: 'Hide: Image: a.png' }).click();
    expect(isWhite(await m.pixelAt([80, 80]))).toBe(true);
    expect(m.host.querySelector('[data-element-id="a"]')).toBeNull();
    await page.getByRole('button', { name: 'Show: Image: a.png' }).click();
    expect(isRed(await m.pixelAt([80, 80]))).toBe(true);
  });

  it('reorders with buttons and Alt+Arrow, and selects from the list', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 40, 40), { select: false });
    m.session.addElement('front', await redSquare('b', 60, 60), { select: false });
    await m.settle();
    await page.getByRole('button', { name: 'Bring forward: Image: a.png' }).click();
    expect(m.session.state.design.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['b', 'a']);
    const row = page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Image: a.png', exact: true });
    await row.click();
    expect(m.session.state.selection).toEqual(['a']);
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(m.session.state.design.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['a', 'b']);
  });
});

describe('stage messages and zoom', () => {
  it("says 'Maximum 150 tiling' for a tiling over the limit and still draws the rest", async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 40, 40), { select: false });
    const tiny = await redSquare('tiled', 200, 200, 8);
    m.session.addElement('front', { ...tiny, tiling: { type: 0, spacing: 0, seed: 1 } }, { select: false });
    await m.settle();
    const status = () => m!.host.querySelector('p[role="status"]')!.textContent;
    await vi.waitFor(() => expect(status()).toBe('Maximum 150 tiling'));
    expect(isRed(await m.pixelAt([80, 80]))).toBe(true);
    m.session.removeElements(['tiled']);
    await m.settle();
    await vi.waitFor(() => expect(status()).toBe(''));
  });

  it('warns when artwork leaves the safe area without resizing or re-zooming the stage under the drag', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('sq', 160, 160));
    await m.settle();
    const zoom = m.host.querySelector('output')!.textContent;
    const height = m.viewport.getBoundingClientRect().height;
    const warning = m.host.querySelector('.editor-stage__warning')!;
    expect(warning.textContent).toBe('');
    // Dragged past the dashed line: the warning shows while the button is still held.
    const release = await dragHold(m.toClient([200, 200]), m.toClient([390, 200]), { altKey: true });
    await m.settle();
    expect(warning.textContent).toMatch(/^Outside the safe area/);
    expect(m.viewport.getBoundingClientRect().height).toBe(height);
    expect(m.host.querySelector('output')!.textContent).toBe(zoom);
    await release();
  });

  it('zooms with the buttons and the wheel about the pointer, and Fit brings the whole print area back', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 160, 160));
    await m.settle();
    const zoom = m.host.querySelector('output');
    const fitText = zoom!.textContent;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(parseInt(zoom!.textContent!)).toBeGreaterThan(parseInt(fitText!));
    // The element's centre stays under the pointer while the wheel zooms about it.
    const at = m.toClient([200, 200]);
    m.viewport.dispatchEvent(new WheelEvent('wheel', { deltaY: -300, clientX: at[0], clientY: at[1], bubbles: true, cancelable: true }));
    await m.settle();
    const after = m.toClient([200, 200]);
    expect(after[0]).toBeCloseTo(at[0], 0);
    expect(after[1]).toBeCloseTo(at[1], 0);
    expect(isRed(await m.pixelAt([200, 200]))).toBe(true);
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await vi.waitFor(() => expect(zoom!.textContent).toBe(fitText));
  });
});

describe('selection', () => {
  it('shift-click adds to the selection; dragging on the empty stage selects what the marquee touches', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 20, 20, 40), { select: false });
    m.session.addElement('front', await redSquare('b', 100, 20, 40), { select: false });
    m.session.addElement('front', await redSquare('c', 300, 300, 40), { select: false });
    await m.settle();
    await drag(m.toClient([40, 40]), m.toClient([40, 40]), { steps: 1 });
    await drag(m.toClient([120, 40]), m.toClient([120, 40]), { steps: 1, shiftKey: true });
    expect(m.session.state.selection).toEqual(['a', 'b']);
    // From an empty spot across a and b only.
    await drag(m.toClient([10, 200]), m.toClient([150, 30]));
    expect(m.session.state.selection).toEqual(['a', 'b']);
    await vi.waitFor(() => expect(m!.host.querySelector('[data-testid="marquee"]')).toBeNull());
    // A click on the empty stage deselects.
    await drag(m.toClient([250, 150]), m.toClient([250, 150]), { steps: 1 });
    expect(m.session.state.selection).toEqual([]);
    // Moving a multi-selection moves both by the same amount, as one undo step.
    m.session.select(['a', 'b']);
    await m.settle();
    await drag(m.toClient([40, 40]), m.toClient([90, 140]), { altKey: true });
    expect([m.session.find('a')!.element.left, m.session.find('b')!.element.left]).toEqual([expect.closeTo(70, 0), expect.closeTo(150, 0)]);
    m.session.undo();
    expect([m.session.find('a')!.element.left, m.session.find('b')!.element.left]).toEqual([20, 100]);
  });
});

describe('panning and layer dragging', () => {
  it('pans with the middle button and with Space held, moving the drawing with the view and the element not at all', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 160, 160), { select: false });
    await m.settle();
    const before = m.toClient([0, 0]);
    const from = m.toClient([300, 300]);
    await drag(from, [from[0] + 40, from[1] + 20], { button: 1 });
    await m.settle();
    const after = m.toClient([0, 0]);
    expect(after[0] - before[0]).toBeCloseTo(40, 0);
    expect(after[1] - before[1]).toBeCloseTo(20, 0);
    expect(m.session.find('a')!.element.left).toBe(160);
    expect(isRed(await m.pixelAt([200, 200]))).toBe(true);

    m.viewport.focus();
    m.viewport.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true }));
    await m.settle();
    // Dragging over the element while Space is held pans instead of moving it.
    const grab = m.toClient([200, 200]);
    await drag(grab, [grab[0] - 30, grab[1]]);
    m.viewport.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', code: 'Space', bubbles: true }));
    await m.settle();
    expect(m.toClient([0, 0])[0] - after[0]).toBeCloseTo(-30, 0);
    expect(m.session.find('a')!.element.left).toBe(160);
  });

  it('reorders by dragging a layer row onto another', async () => {
    m = await mountStage();
    m.session.addElement('front', await redSquare('a', 40, 40), { select: false });
    m.session.addElement('front', await redSquare('b', 60, 60), { select: false });
    m.session.addElement('front', await redSquare('c', 80, 80), { select: false });
    await m.settle();
    const rows = () => [...m!.host.querySelectorAll('.layers__row')] as HTMLElement[];
    // Rows are front first: c, b, a. Drop a (bottom) onto c (top): a goes to the front.
    await userEvent.dragAndDrop(rows()[2]!, rows()[0]!);
    expect(m.session.state.design.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['b', 'c', 'a']);
  });
});
