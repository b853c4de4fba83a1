/** Where a bulk design lands on a print area (src/bulk/model/placement.ts). */
import { describe, expect, it } from 'vitest';
import { placeStack, STACK_GAP } from '../../../src/bulk/model/placement';

// A print area drawn at 400x500 editing units that prints at 2400x3000 px (6 print px per unit).
const area = { width: 400, height: 500, flatWidth: 2400, flatHeight: 3000 };

describe('placeStack', () => {
  it('fits a design inside the area, centred', () => {
    const [p] = placeStack([{ width: 1000, height: 500 }], area, { mode: 'fit', anchor: 'center' });
    expect(p!.scale).toBeCloseTo(0.4);
    expect(p!.left).toBe(200);
    expect(p!.top).toBe(250);
  });

  it('fills the area (the longer side overflows) and pins to the top or bottom', () => {
    const [top] = placeStack([{ width: 1000, height: 500 }], area, { mode: 'fill', anchor: 'top' });
    expect(top!.scale).toBeCloseTo(1);
    expect(top!.top).toBeCloseTo(250);
    const [bottom] = placeStack([{ width: 100, height: 50 }], area, { mode: 'fit', anchor: 'bottom' });
    expect(bottom!.top + (50 * bottom!.scale) / 2).toBeCloseTo(500);
  });

  it('keeps an image at its print size, shrinking only one larger than the area', () => {
    const [small] = placeStack([{ width: 600, height: 600 }], area, { mode: 'keep', anchor: 'center' });
    expect(small!.scale).toBeCloseTo(1 / 6); // 600 print px → 100 editing units
    const [big] = placeStack([{ width: 6000, height: 6000 }], area, { mode: 'keep', anchor: 'center' });
    expect(big!.scale).toBeCloseTo(400 / 6000);
  });

  it('stacks several designs top to bottom and places them as one', () => {
    const placed = placeStack(
      [
        { width: 400, height: 400 },
        { width: 400, height: 100 },
      ],
      area,
      { mode: 'fit', anchor: 'top' },
    );
    const gap = STACK_GAP * 400;
    const s = Math.min(400 / 400, 500 / (500 + gap));
    expect(placed[0]!.scale).toBeCloseTo(s);
    expect(placed[0]!.top).toBeCloseTo(200 * s);
    expect(placed[1]!.top).toBeCloseTo((400 + gap + 50) * s);
    expect(placed[1]!.left).toBe(200);
  });

  it("applies a product's own size and shift after the placement", () => {
    const [p] = placeStack(
      [{ width: 1000, height: 500 }],
      area,
      { mode: 'fit', anchor: 'center' },
      { scalePct: 50, offsetXPct: 10, offsetYPct: -20 },
    );
    expect(p!.scale).toBeCloseTo(0.2);
    expect(p!.left).toBeCloseTo(240);
    expect(p!.top).toBeCloseTo(150);
  });

  it('places nothing when there is nothing to place', () => {
    expect(placeStack([], area, { mode: 'fit', anchor: 'center' })).toEqual([]);
  });
});
