import { describe, expect, it } from 'vitest';
import { elementCenter, elementCorners } from '../../../engine/geometry/index.ts';
import {
  SAFE_ZONE_RATIO,
  ZOOM_MAX,
  angleToward,
  fitView,
  leavesSafeZone,
  positionForCenter,
  rotateAboutCenter,
  safeZone,
  scaleFromCorner,
  snapAngle,
  snapBox,
  snapTargets,
  toFlat,
  toScreen,
  zoomAt,
} from '../../../src/designer/editor/geometry.ts';

const box = {
  left: 100,
  top: 100,
  width: 100,
  height: 50,
  scaleX: 1,
  scaleY: 1,
  angle: 0,
  flipX: false,
  flipY: false,
  originX: 'left' as const,
  originY: 'top' as const,
};

describe('view transform', () => {
  it('fits the flat centred with a margin', () => {
    const v = fitView({ width: 800, height: 800 }, { width: 448, height: 648 }, 24);
    expect(v.zoom).toBeCloseTo(0.5, 9);
    expect([v.panX, v.panY]).toEqual([24, 124]);
  });

  it('zooms about a screen point, keeping the flat point under it, within the zoom limits', () => {
    const v = { zoom: 1, panX: 10, panY: 20 };
    const at: [number, number] = [210, 120];
    const before = toFlat(v, at);
    const z = zoomAt(v, 2, at);
    expect(z.zoom).toBe(2);
    expect(toFlat(z, at)).toEqual(before);
    expect(zoomAt(v, 1000, at).zoom).toBe(ZOOM_MAX);
    expect(toScreen(z, toFlat(z, [5, 7]))).toEqual([5, 7]);
  });
});

describe('snapping', () => {
  const flat = { width: 400, height: 400 };

  it('snaps a box centre to the flat centre line within the threshold and names the guide', () => {
    const s = snapBox({ minX: 158, minY: 10, maxX: 238, maxY: 90 }, snapTargets(flat, []), 6);
    expect(s.dx).toBe(2);
    expect(s.guides).toContainEqual({ axis: 'x', at: 200 });
  });

  it('does not snap beyond the threshold', () => {
    const s = snapBox({ minX: 150, minY: 130, maxX: 230, maxY: 170 }, snapTargets(flat, []), 6);
    expect(s).toEqual({ dx: 0, dy: 0, guides: [] });
  });

  it('snaps to the nearest of edges and centres of other elements, on both axes at once', () => {
    const other = { minX: 300, minY: 300, maxX: 350, maxY: 350 };
    const s = snapBox({ minX: 296, minY: 243, maxX: 316, maxY: 298 }, snapTargets(flat, [other]), 6);
    expect(s.dx).toBe(4);
    expect(s.dy).toBe(2);
    expect(s.guides).toEqual(
      expect.arrayContaining([
        { axis: 'x', at: 300 },
        { axis: 'y', at: 300 },
      ]),
    );
  });

  it('has a safe zone inset by SAFE_ZONE_RATIO that boxes snap to', () => {
    const z = safeZone(flat);
    expect(z.minX).toBe(400 * SAFE_ZONE_RATIO);
    const s = snapBox({ minX: 22, minY: 100, maxX: 60, maxY: 140 }, snapTargets(flat, []), 3);
    expect(s.dx).toBe(-2);
  });

  it('tells a box that reaches past the safe zone on any side from one inside it', () => {
    const z = safeZone(flat);
    const inside = { minX: z.minX, minY: z.minY, maxX: z.maxX, maxY: z.maxY };
    expect(leavesSafeZone(inside, flat)).toBe(false);
    expect(leavesSafeZone({ ...inside, minX: z.minX - 0.4 }, flat)).toBe(false);
    expect(leavesSafeZone({ ...inside, minX: z.minX - 2 }, flat)).toBe(true);
    expect(leavesSafeZone({ ...inside, maxY: z.maxY + 2 }, flat)).toBe(true);
    expect(leavesSafeZone({ ...inside, maxX: flat.width + 50 }, flat)).toBe(true);
    expect(leavesSafeZone({ ...inside, minY: -10 }, flat)).toBe(true);
  });
});

describe('scale and rotate', () => {
  it('positionForCenter inverts elementCenter for any origin and angle', () => {
    const t = { ...box, angle: 33, originX: 'center' as const, originY: 'bottom' as const, scaleX: 1.5 };
    const { left, top } = positionForCenter(t, [250, 260]);
    const c = elementCenter({ ...t, left, top });
    expect(c[0]).toBeCloseTo(250, 9);
    expect(c[1]).toBeCloseTo(260, 9);
  });

  it('scales from the bottom-right corner keeping the ratio and the top-left corner fixed', () => {
    const r = scaleFromCorner(box, 2, [300, 170], true);
    expect(r.scaleX).toBeCloseTo(r.scaleY, 9);
    expect(r.scaleX).toBeGreaterThan(1.5);
    const [tl] = elementCorners({ ...box, ...r });
    expect(tl[0]).toBeCloseTo(100, 9);
    expect(tl[1]).toBeCloseTo(100, 9);
  });

  it('scales each axis freely without the ratio', () => {
    const r = scaleFromCorner(box, 2, [300, 125], false);
    expect(r.scaleX).toBeCloseTo(2, 9);
    expect(r.scaleY).toBeCloseTo(0.5, 9);
  });

  it('follows the handle where a flipped box draws it, and keeps a negative scale negative', () => {
    // Mirrored, the local bottom-right corner is drawn at the bottom-left: dragging it left grows the box.
    const flipped = scaleFromCorner({ ...box, flipX: true }, 2, [0, 125], false);
    expect([flipped.scaleX, flipped.scaleY]).toEqual([expect.closeTo(2, 9), expect.closeTo(0.5, 9)]);
    const negative = scaleFromCorner({ ...box, scaleX: -1 }, 2, [-100, 125], false);
    expect(negative.scaleX).toBeCloseTo(-2, 9);
  });

  it('scales a rotated element along its own axes', () => {
    const t = { ...box, angle: 90 };
    const corners = elementCorners(t);
    const fixed = corners[0];
    const r = scaleFromCorner(t, 2, [fixed[0] - 100, fixed[1] + 200], false);
    expect(r.scaleX).toBeCloseTo(2, 9);
    expect(r.scaleY).toBeCloseTo(2, 9);
    const after = elementCorners({ ...t, ...r });
    expect(after[0][0]).toBeCloseTo(fixed[0], 9);
    expect(after[0][1]).toBeCloseTo(fixed[1], 9);
  });

  it('never scales below the minimum size, even when dragged past the opposite corner', () => {
    const r = scaleFromCorner(box, 2, [0, 0], true);
    expect(r.scaleX * box.width).toBeGreaterThanOrEqual(4 - 1e-9);
    expect(r.scaleY * box.height).toBeGreaterThanOrEqual(4 - 1e-9);
  });

  it('reads the rotate handle angle and snaps it to right angles or shift steps', () => {
    expect(angleToward([0, 0], [10, 0])).toBeCloseTo(90, 9);
    expect(angleToward([0, 0], [0, -10])).toBeCloseTo(0, 9);
    expect(snapAngle(92.5, null)).toBe(90);
    expect(snapAngle(95, null)).toBe(95);
    expect(snapAngle(-10, null)).toBe(350);
    expect(snapAngle(37, 15)).toBe(30);
    expect(snapAngle(359, 15)).toBe(0);
  });

  it('rotates about the centre', () => {
    const c = elementCenter(box);
    const r = rotateAboutCenter(box, 45);
    const after = elementCenter({ ...box, ...r });
    expect(after[0]).toBeCloseTo(c[0], 9);
    expect(after[1]).toBeCloseTo(c[1], 9);
    expect(r.angle).toBe(45);
  });
});

describe('snapping among many elements', () => {
  it('finds the nearest line that a scan over every edge and centre finds, on both axes', () => {
    const flat = { width: 1000, height: 1000 };
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 1000;
    const others = Array.from({ length: 400 }, () => {
      const x = random();
      const y = random();
      return { minX: x, minY: y, maxX: x + random() / 10, maxY: y + random() / 10 };
    });
    const targets = snapTargets(flat, others);
    // Brute force over the lines in the order they were given, not the sorted ones.
    const lines = (lo: 'minX' | 'minY', hi: 'maxX' | 'maxY', size: number) => {
      const safe = safeZone(flat);
      const s = lo === 'minX' ? [safe.minX, safe.maxX] : [safe.minY, safe.maxY];
      return [0, size / 2, size, ...s, ...others.flatMap((o) => [o[lo], (o[lo] + o[hi]) / 2, o[hi]])];
    };
    const nearest = (edges: number[], all: number[]) => Math.min(...edges.flatMap((e) => all.map((t) => Math.abs(t - e))));
    let snapped = 0;
    for (let k = 0; k < 300; k++) {
      const x = random();
      const y = random();
      const b = { minX: x, minY: y, maxX: x + 37.3, maxY: y + 21.9 };
      const s = snapBox(b, targets, 6);
      const dx = nearest([b.minX, (b.minX + b.maxX) / 2, b.maxX], lines('minX', 'maxX', flat.width));
      const dy = nearest([b.minY, (b.minY + b.maxY) / 2, b.maxY], lines('minY', 'maxY', flat.height));
      expect(Math.abs(s.dx)).toBeCloseTo(dx <= 6 ? dx : 0, 9);
      expect(Math.abs(s.dy)).toBeCloseTo(dy <= 6 ? dy : 0, 9);
      // A snap shows the line it landed on.
      const moved = [b.minX + s.dx, b.minX + s.dx + 18.65, b.maxX + s.dx];
      if (s.dx !== 0) expect(s.guides.some((g) => g.axis === 'x' && moved.some((m) => Math.abs(m - g.at) < 1e-6))).toBe(true);
      if (s.dx !== 0) snapped += 1;
    }
    expect(snapped).toBeGreaterThan(50);
  });
});
