/**
 * The rects around a hole cover exactly the pixels of the outer rect outside the hole, each once:
 * a frame finished around the layers' rect finishes every other pixel and none twice.
 */
import { describe, expect, test } from 'vitest';
import { rectsAround } from '../../../../engine/render/mockup/tiles';
import type { PixelRect } from '../../../../engine/gl/targets';

function coverage(outer: PixelRect, rects: PixelRect[]): number[] {
  const counts = new Array<number>(outer.width * outer.height).fill(0);
  for (const r of rects) {
    for (let y = r.y; y < r.y + r.height; y++)
      for (let x = r.x; x < r.x + r.width; x++) counts[(y - outer.y) * outer.width + (x - outer.x)]!++;
  }
  return counts;
}

describe('rectsAround', () => {
  const outer = { x: 2, y: 3, width: 9, height: 7 };
  const holes: PixelRect[] = [
    { x: 4, y: 5, width: 3, height: 2 },
    { x: 0, y: 0, width: 5, height: 5 },
    { x: 8, y: 8, width: 10, height: 10 },
    { x: 2, y: 3, width: 9, height: 7 },
    { x: 30, y: 30, width: 2, height: 2 },
    { x: 5, y: 0, width: 1, height: 40 },
  ];
  for (const hole of holes) {
    test(`hole ${JSON.stringify(hole)}`, () => {
      const rects = rectsAround(outer, hole);
      const counts = coverage(outer, rects);
      counts.forEach((n, i) => {
        const x = outer.x + (i % outer.width);
        const y = outer.y + Math.floor(i / outer.width);
        const inHole = x >= hole.x && x < hole.x + hole.width && y >= hole.y && y < hole.y + hole.height;
        expect(n, `(${x}, ${y})`).toBe(inHole ? 0 : 1);
      });
      expect(rects.every((r) => r.width > 0 && r.height > 0)).toBe(true);
    });
  }
});
