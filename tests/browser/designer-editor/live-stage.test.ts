/**
 * The live stage's shortcuts (kept sprites, dirty-rectangle redraws) must not change a pixel:
 * after a run of partial frames the canvas equals a stage drawn from scratch.
 */
import { describe, expect, it, vi } from 'vitest';
import { createImageElement, createTextElement, type DesignElement } from '../../../engine/model/index.ts';
import { LiveStage, type StageFrame } from '../../../engine/stage/index.ts';
import { solidPng } from './helpers.tsx';

async function pixels(stage: LiveStage): Promise<Uint8ClampedArray> {
  const bitmap = await stage.capture();
  const c = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, c.width, c.height).data;
}

const loader = async (url: string) => createImageBitmap(await (await fetch(url)).blob());

/** 24 overlapping, rotated pictures and texts (antialiased, so translucent at their edges). */
function scattered(urls: readonly string[]): DesignElement[] {
  const list: DesignElement[] = [];
  for (let i = 0; i < 24; i++) {
    list.push(
      i % 3 === 2
        ? createTextElement({
            flatId: 'f',
            localId: `t${i}`,
            text: `Word ${i}`,
            fontSize: 28,
            fontFamily: 'Comfortaa Regular',
            fill: '#333333',
            left: (i * 37) % 300,
            top: (i * 53) % 300,
            angle: i * 7,
          })
        : createImageElement({
            flatId: 'f',
            localId: `i${i}`,
            url: urls[i % 3]!,
            originalWidth: 64,
            originalHeight: 64,
            left: (i * 41) % 320,
            top: (i * 29) % 320,
            angle: i * 11,
            scaleX: 0.8,
            scaleY: 0.8,
          }),
    );
  }
  return list;
}

/** The drag tests' stage: a background colour under the elements, the view panned off whole pixels. */
const dragFrame = (designList: DesignElement[], lifted: string | null): StageFrame => ({
  flat: { width: 400, height: 400 },
  flatColor: '#FFFFFF',
  designList,
  background: { color: '#f4e8d0', imageUrl: null },
  view: { width: 380, height: 380, dpr: 1, zoom: 0.9, panX: 12.4, panY: 7.7 },
  lifted,
});

describe('live stage', () => {
  it('after partial redraws (move, restyle, remove, add) the canvas equals a fresh full draw', async () => {
    const urls = await Promise.all(['#ff0000', '#00aa00', '#0000ff'].map((c) => solidPng(64, 64, c)));
    let list = scattered(urls);
    const frame = (designList: DesignElement[]): StageFrame => ({
      flat: { width: 400, height: 400 },
      flatColor: '#FFFFFF',
      designList,
      background: null,
      view: { width: 360, height: 360, dpr: 1, zoom: 0.8, panX: 20.3, panY: 10.6 },
    });
    const live = new LiveStage(new OffscreenCanvas(1, 1), loader);
    expect((await live.update(frame(list))).replanned).toBe(24);

    for (let step = 0; step < 12; step++) {
      list = list.map((el, i) => (i === step ? { ...el, left: el.left + 23.7, top: el.top + 5.2 } : el));
      const r = await live.update(frame(list));
      expect(r.replanned).toBe(1);
    }
    list = list.map((el) => (el.localId === 't5' && el.type === 'text' ? { ...el, text: 'Changed', fill: '#aa00aa' } : el));
    await live.update(frame(list));
    list = list.filter((el) => el.localId !== 'i4');
    await live.update(frame(list));
    list = [
      ...list,
      createImageElement({ flatId: 'f', localId: 'new', url: urls[0]!, originalWidth: 64, originalHeight: 64, left: 150, top: 150 }),
    ];
    await live.update(frame(list));
    const incremental = await pixels(live);

    const fresh = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await fresh.update(frame(list));
    const full = await pixels(fresh);
    expect(incremental.length).toBe(full.length);
    let off = 0;
    for (let i = 0; i < full.length; i++) if (Math.abs(full[i]! - incremental[i]!) > 1) off += 1;
    expect(off).toBe(0);
    // And the canvas is not empty: the comparison compares drawings.
    let inked = 0;
    for (let i = 3; i < full.length; i += 4) if (full[i]! > 0) inked += 1;
    expect(inked).toBeGreaterThan(5000);
    live.destroy();
    fresh.destroy();
  });

  // In the middle, the under layer is drawn again wherever an element over the moved one lies;
  // on top, it is the canvas copied with only the moved element's rectangles drawn again.
  it.each([
    ['in the middle of the stack', 'i10'],
    ['on top of the stack', 't23'],
  ])('a drag of an element %s drawn over cached layers equals a fresh full draw', async (_where, dragged) => {
    const urls = await Promise.all(['#ff0000', '#00aa00', '#0000ff'].map((c) => solidPng(64, 64, c)));
    // Elements under and over the one dragged.
    let list = scattered(urls);
    const frame = (designList: DesignElement[]) => dragFrame(designList, null);
    const live = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await live.update(frame(list));
    const layered: boolean[] = [];
    for (let step = 1; step <= 10; step++) {
      list = list.map((el) => (el.localId === dragged ? { ...el, left: el.left + 9.3, top: el.top + 4.1 } : el));
      const r = await live.update(frame(list));
      expect(r.replanned).toBe(1);
      layered.push(r.layered);
    }
    // Every frame of the drag, the first one too, uses the layers.
    expect(layered).toEqual(Array(10).fill(true));
    const expectSameAsFresh = async () => {
      const drawn = await pixels(live);
      const fresh = new LiveStage(new OffscreenCanvas(1, 1), loader);
      await fresh.update(frame(list));
      const full = await pixels(fresh);
      fresh.destroy();
      expect(drawn.length).toBe(full.length);
      // Within a level of rounding (the over layer is blended as one picture), as partial redraws are.
      let off = 0;
      for (let i = 0; i < full.length; i++) if (Math.abs(full[i]! - drawn[i]!) > 1) off += 1;
      expect(off).toBe(0);
    };
    await expectSameAsFresh();

    // Another element moving alone starts layers of its own, built from what the canvas shows.
    list = list.map((el) => (el.localId === 'i1' ? { ...el, left: el.left + 5 } : el));
    expect((await live.update(frame(list))).layered).toBe(true);
    await expectSameAsFresh();
    // Two elements changing at once end the layers: that frame is a plain partial redraw.
    list = list.map((el) => (el.localId === 'i1' || el.localId === dragged ? { ...el, top: el.top + 6 } : el));
    expect((await live.update(frame(list))).layered).toBe(false);
    await expectSameAsFresh();
    live.destroy();
  });

  it('a drag started after the stage was still takes its copy of the canvas only while nothing was drawn since', async () => {
    const urls = await Promise.all(['#ff0000', '#00aa00', '#0000ff'].map((c) => solidPng(64, 64, c)));
    let list = scattered(urls);
    const frame = (designList: DesignElement[]) => dragFrame(designList, null);
    const still = () => new Promise((r) => setTimeout(r, 80));
    const move = (ids: string[], dx: number, dy = dx / 2) =>
      (list = list.map((el) => (ids.includes(el.localId) ? { ...el, left: el.left + dx, top: el.top + dy } : el)));
    const live = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await live.update(frame(list));
    await still();
    // A drag after a still moment: its under layer is the copy made meanwhile.
    for (let step = 0; step < 3; step++) expect(await live.update(frame(move(['i4'], 11)))).toMatchObject({ layered: true });
    // Two elements at once (a plain partial redraw), a still moment (a new copy), the two again,
    // then at once a drag of the top one across i1: the copy shows i1 where it was before, and
    // only the dragged element's rectangles are drawn again over it, so the drag must copy the
    // canvas anew.
    await live.update(frame(move(['t23', 'i1'], -9)));
    await still();
    await live.update(frame(move(['t23', 'i1'], -9)));
    for (let step = 0; step < 3; step++) expect(await live.update(frame(move(['t23'], -60, 5)))).toMatchObject({ layered: true });
    const drawn = await pixels(live);
    const fresh = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await fresh.update(frame(list));
    const full = await pixels(fresh);
    let off = 0;
    for (let i = 0; i < full.length; i++) if (Math.abs(full[i]! - drawn[i]!) > 1) off += 1;
    expect(off).toBe(0);
    live.destroy();
    fresh.destroy();
  });

  it('a selected element has its drag layers ready before the drag, and the drag equals a fresh full draw', async () => {
    const urls = await Promise.all(['#ff0000', '#00aa00', '#0000ff'].map((c) => solidPng(64, 64, c)));
    let list = scattered(urls);
    const frame = dragFrame;
    const built = vi.spyOn(LiveStage.prototype as unknown as { drawLayers: () => unknown }, 'drawLayers');
    const live = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await live.update(frame(list, null));
    // The merchant selects t23 (the top one: its under layer is the canvas with only its own rectangle drawn again) (a frame that changes no element), then the stage is still.
    await live.update(frame(list, 't23'));
    await new Promise((r) => setTimeout(r, 80));
    expect(built).toHaveBeenCalledTimes(1);
    for (let step = 1; step <= 4; step++) {
      list = list.map((el) => (el.localId === 't23' ? { ...el, left: el.left + 9.3, top: el.top + 4.1 } : el));
      expect(await live.update(frame(list, 't23'))).toMatchObject({ layered: true });
    }
    // No drag frame built layers: the first one drew from the ready ones.
    expect(built).toHaveBeenCalledTimes(1);
    const drawn = await pixels(live);
    const fresh = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await fresh.update(frame(list, null));
    const full = await pixels(fresh);
    let off = 0;
    for (let i = 0; i < full.length; i++) if (Math.abs(full[i]! - drawn[i]!) > 1) off += 1;
    expect(off).toBe(0);
    built.mockRestore();
    live.destroy();
    fresh.destroy();
  });

  it('an unchanged frame re-plans nothing', async () => {
    const url = await solidPng(32, 32, '#ff0000');
    const list = [createImageElement({ flatId: 'f', localId: 'a', url, originalWidth: 32, originalHeight: 32 })];
    const frame: StageFrame = {
      flat: { width: 100, height: 100 },
      flatColor: null,
      designList: list,
      background: null,
      view: { width: 100, height: 100, dpr: 1, zoom: 1, panX: 0, panY: 0 },
    };
    const live = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await live.update(frame);
    expect((await live.update(structuredClone(frame))).replanned).toBe(0);
    live.destroy();
  });
  it('frames that name their changed elements draw the same pixels, and a hint against a frame never drawn is not trusted', async () => {
    const urls = await Promise.all(['#ff0000', '#00aa00', '#0000ff'].map((c) => solidPng(64, 64, c)));
    let list = scattered(urls);
    const frame = (designList: DesignElement[]) => dragFrame(designList, null);
    const at = (id: string) => list.findIndex((el) => el.localId === id);
    const edit = (id: string, patch: Partial<DesignElement>) =>
      (list = list.map((el) => (el.localId === id ? ({ ...el, ...patch } as DesignElement) : el)));
    const live = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await live.update(frame(list));
    // A drag, a restyle and a text edit, each naming only what changed.
    for (let step = 0; step < 3; step++) {
      const el = list[at('i4')]!;
      edit('i4', { left: el.left + 13, top: el.top - 7 });
      expect(await live.update(frame(list), { changed: [at('i4')] })).toMatchObject({ drawn: true, replanned: 1 });
    }
    edit('t2', { fill: '#cc2200' });
    edit('i7', { angle: 31 });
    expect(await live.update(frame(list), { changed: [at('t2'), at('i7')] })).toMatchObject({ replanned: 2 });
    // A frame whose picture never arrives is replaced before it is drawn: the next frame's hint
    // is against it, so the stage must look at every element (t5 changed in the lost frame).
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const stalled = new LiveStage(new OffscreenCanvas(1, 1), async (url) => {
      if (url.includes('#stall')) await slow;
      return loader(url.replace('#stall', ''));
    });
    await stalled.update(frame(list));
    edit('t5', { text: 'Changed', textLines: ['Changed'] });
    const lostList = list.map((el) =>
      el.localId === 'i1' ? ({ ...el, url: `${(el as { url: string }).url}#stall` } as DesignElement) : el,
    );
    const lost = stalled.update(frame(lostList), { changed: [at('t5'), at('i1')] });
    edit('i4', { left: 5 });
    const next = await stalled.update(frame(list), { changed: [at('i4'), at('i1')] });
    release();
    expect((await lost).drawn).toBe(false);
    expect(next.drawn).toBe(true);
    await live.update(frame(list), { changed: [at('t5'), at('i4')] });
    const fresh = new LiveStage(new OffscreenCanvas(1, 1), loader);
    await fresh.update(frame(list));
    const full = await pixels(fresh);
    for (const stage of [live, stalled]) {
      const drawn = await pixels(stage);
      let off = 0;
      for (let i = 0; i < full.length; i++) if (Math.abs(full[i]! - drawn[i]!) > 1) off += 1;
      expect(off).toBe(0);
    }
    for (const s of [live, stalled, fresh]) s.destroy();
  });
});
