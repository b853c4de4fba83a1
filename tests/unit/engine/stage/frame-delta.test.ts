import { describe, expect, it } from 'vitest';
import { applyFrameDelta, frameDelta } from '../../../../engine/stage/frame-delta.ts';
import type { StageFrame } from '../../../../engine/stage/live-stage.ts';
import type { DesignElement } from '../../../../engine/model/index.ts';

const el = (localId: string, left: number): DesignElement =>
  ({ type: 'image', localId, url: `/${localId}.png`, originalWidth: 10, originalHeight: 10, left, top: 0 }) as unknown as DesignElement;

const frame = (designList: DesignElement[], zoom = 1, lifted: string | null = null): StageFrame => ({
  flat: { width: 800, height: 960 },
  flatColor: '#ffffff',
  designList,
  background: null,
  view: { width: 600, height: 600, dpr: 1, zoom, panX: 0, panY: 0 },
  lifted,
});

describe('stage frame deltas', () => {
  const list = Array.from({ length: 12 }, (_, i) => el(`e${i}`, i));

  it('carries only the elements that are new objects, and rebuilds the same frame from the previous one', () => {
    const prev = frame(list);
    const moved = el('e5', 99);
    const next = frame(
      list.map((e, i) => (i === 5 ? moved : e)),
      1.5,
      'e5',
    );
    const delta = frameDelta(prev, next)!;
    expect(delta.changed).toEqual([[5, moved]]);
    expect(delta.view.zoom).toBe(1.5);
    expect(delta.lifted).toBe('e5');
    const rebuilt = applyFrameDelta(prev, delta);
    expect(rebuilt).toEqual(next);
    // The elements that did not change are the previous frame's own objects.
    expect(rebuilt.designList[4]).toBe(prev.designList[4]);
    expect(rebuilt.designList[5]).toBe(moved);
  });

  it('sends a whole frame when there is no previous one, the list changed length or order, or much changed', () => {
    const prev = frame(list);
    expect(frameDelta(null, prev)).toBeNull();
    expect(frameDelta(prev, frame(list.slice(1)))).toBeNull();
    expect(frameDelta(prev, frame([list[1]!, list[0]!, ...list.slice(2)]))).toBeNull();
    expect(frameDelta(prev, frame(list.map((e, i) => (i < 4 ? el(e.localId, 50) : e))))).toBeNull();
    expect(frameDelta(frame([]), frame([]))).toBeNull();
    // An unchanged frame is an empty delta.
    expect(frameDelta(prev, frame(list))?.changed).toEqual([]);
  });

  it('refuses a delta taken against another frame', () => {
    const delta = frameDelta(frame(list), frame(list.map((e, i) => (i === 2 ? el('e2', 7) : e))))!;
    expect(() => applyFrameDelta(frame(list.slice(0, 11)), delta)).toThrow(/does not fit/);
    const other = list.map((e, i) => (i === 2 ? el('x', 0) : e));
    expect(() => applyFrameDelta(frame(other), delta)).toThrow(/does not fit/);
  });
});
