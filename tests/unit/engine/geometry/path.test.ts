import { describe, it, expect } from 'vitest';
import {
  flattenPath,
  pathBounds,
  pathFromCommands,
  pathFromPsdPaths,
  pointInPolygons,
  polygonArea,
  signedArea,
  triangulatePath,
  triangulatePolygon,
  windingNumber,
  type PathKnot,
  type Polygon,
  type SubPath,
  type Vec2,
} from '../../../../engine/geometry';

const K = 0.5522847498307936; // 4/3·(√2 − 1): cubic arc handle length per unit radius

/** Circle of radius r around (cx, cy) from 4 cubic arcs, clockwise on a y-down screen. */
function circle(cx: number, cy: number, r: number): SubPath {
  const k = K * r;
  const knot = (ax: number, ay: number, ix: number, iy: number, ox: number, oy: number): PathKnot => ({
    anchor: [cx + ax, cy + ay],
    in: [cx + ix, cy + iy],
    out: [cx + ox, cy + oy],
  });
  return {
    closed: true,
    knots: [knot(r, 0, r, -k, r, k), knot(0, r, k, r, -k, r), knot(-r, 0, -r, k, -r, -k), knot(0, -r, -k, -r, k, -r)],
  };
}

function triangleAreaSum(points: readonly Vec2[], indices: readonly number[]): number {
  let sum = 0;
  for (let t = 0; t < indices.length; t += 3) {
    sum += polygonArea([points[indices[t]!]!, points[indices[t + 1]!]!, points[indices[t + 2]!]!]);
  }
  return sum;
}

describe('flattenPath', () => {
  it('approximates a 4-arc circle with area within 0.5% of πr²', () => {
    const r = 100;
    const [poly] = flattenPath([circle(200, 150, r)], 0.25);
    const area = polygonArea(poly!.points);
    expect(Math.abs(area - Math.PI * r * r) / (Math.PI * r * r)).toBeLessThan(0.005);
    // Every vertex lies on (or within the cubic approximation's error of) the circle.
    for (const [x, y] of poly!.points) expect(Math.abs(Math.hypot(x - 200, y - 150) - r)).toBeLessThan(0.05);
  });

  it('uses more vertices for a tighter tolerance and keeps edges within tolerance of the curve', () => {
    const coarse = flattenPath([circle(0, 0, 100)], 2)[0]!.points.length;
    const fine = flattenPath([circle(0, 0, 100)], 0.05)[0]!.points.length;
    expect(fine).toBeGreaterThan(coarse);
    const pts = flattenPath([circle(0, 0, 100)], 0.5)[0]!.points;
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i]!;
      const b = pts[(i + 1) % pts.length]!;
      const mid = Math.hypot((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      expect(100 - mid).toBeLessThan(0.5);
    }
  });

  it('measures tolerance in output px when a transform is given', () => {
    const plain = flattenPath([circle(0, 0, 10)], 0.25)[0]!.points.length;
    const scaled = flattenPath([circle(0, 0, 10)], 0.25, [10, 0, 0, 10, 0, 0])[0]!;
    expect(scaled.points.length).toBeGreaterThan(plain);
    // Scaling by 10 then flattening is the same job as flattening a radius-100 circle.
    expect(scaled.points.length).toBe(flattenPath([circle(0, 0, 100)], 0.25)[0]!.points.length);
    expect(Math.abs(polygonArea(scaled.points) / (Math.PI * 100 * 100) - 1)).toBeLessThan(0.005);
  });

  it('emits straight segments as single edges', () => {
    const path = pathFromCommands([
      { Type: 'M', X: 0, Y: 0 },
      { Type: 'L', X: 100, Y: 0 },
      { Type: 'L', X: 100, Y: 50 },
      { Type: 'L', X: 0, Y: 50 },
      { Type: 'Z', X: 0, Y: 0 },
    ]);
    const [poly] = flattenPath(path);
    expect(poly!.points).toEqual([
      [0, 0],
      [100, 0],
      [100, 50],
      [0, 50],
    ]);
    expect(poly!.closed).toBe(true);
  });
});

describe('adapters', () => {
  it('reads ag-psd knots [in, anchor, out]', () => {
    const [sub] = pathFromPsdPaths([{ open: false, knots: [{ points: [1, 2, 3, 4, 5, 6] }, { points: [7, 8, 9, 10, 11, 12] }] }]);
    expect(sub!.closed).toBe(true);
    expect(sub!.knots[0]).toEqual({ in: [1, 2], anchor: [3, 4], out: [5, 6] });
    expect(() => pathFromPsdPaths([{ open: true, knots: [{ points: [1, 2] }] }])).toThrow(/6 finite numbers/);
  });

  it('reads PPC commands: three C records make one cubic; a closing point equal to the start folds in', () => {
    const r = 50;
    const k = K * r;
    const path = pathFromCommands([
      { Type: 'M', X: r, Y: 0 },
      { Type: 'C', X: r, Y: k },
      { Type: 'C', X: k, Y: r },
      { Type: 'C', X: 0, Y: r },
      { Type: 'C', X: -k, Y: r },
      { Type: 'C', X: -r, Y: k },
      { Type: 'C', X: -r, Y: 0 },
      { Type: 'C', X: -r, Y: -k },
      { Type: 'C', X: -k, Y: -r },
      { Type: 'C', X: 0, Y: -r },
      { Type: 'C', X: k, Y: -r },
      { Type: 'C', X: r, Y: -k },
      { Type: 'C', X: r, Y: 0 },
      { Type: 'Z', X: 0, Y: 0 },
    ]);
    expect(path).toHaveLength(1);
    expect(path[0]!.knots).toHaveLength(4);
    expect(path[0]!.knots[0]).toEqual({ anchor: [r, 0], in: [r, -k], out: [r, k] });
    const area = polygonArea(flattenPath(path)[0]!.points);
    expect(Math.abs(area - Math.PI * r * r) / (Math.PI * r * r)).toBeLessThan(0.005);
  });

  it('accepts a C record that carries its own control points, and several subpaths', () => {
    const path = pathFromCommands([
      { Type: 'M', X: 0, Y: 0 },
      { Type: 'C', X: 30, Y: 0, X1: 10, Y1: -10, X2: 20, Y2: -10 },
      { Type: 'Z', X: 0, Y: 0 },
      { Type: 'M', X: 100, Y: 100 },
      { Type: 'L', X: 110, Y: 100 },
    ]);
    expect(path).toHaveLength(2);
    expect(path[0]!.knots[0]!.out).toEqual([10, -10]);
    expect(path[0]!.knots[1]!.in).toEqual([20, -10]);
    expect(path[1]!.closed).toBe(false);
  });

  it('rejects unknown or incomplete commands', () => {
    expect(() => pathFromCommands([{ Type: 'Q', X: 0, Y: 0 }])).toThrow(/unknown path command/);
    expect(() => pathFromCommands([{ Type: 'L', X: 0, Y: 0 }])).toThrow(/before any M/);
    expect(() =>
      pathFromCommands([
        { Type: 'M', X: 0, Y: 0 },
        { Type: 'C', X: 1, Y: 1 },
      ]),
    ).toThrow(/three consecutive/);
  });
});

describe('pathBounds', () => {
  it('is the exact extent of the curves, not of the control points', () => {
    const b = pathBounds([circle(200, 150, 100)]);
    expect(b.minX).toBeCloseTo(100, 9);
    expect(b.maxX).toBeCloseTo(300, 9);
    expect(b.minY).toBeCloseTo(50, 9);
    expect(b.maxY).toBeCloseTo(250, 9);
    // A bulging cubic: control points at y = -40, curve peaks at y = -30.
    const bulge = pathBounds(
      pathFromCommands([
        { Type: 'M', X: 0, Y: 0 },
        { Type: 'C', X: 100, Y: 0, X1: 0, Y1: -40, X2: 100, Y2: -40 },
      ]),
    );
    expect(bulge.minY).toBeCloseTo(-30, 9);
  });
});

describe('point in polygon', () => {
  const outer: Polygon = {
    closed: true,
    points: [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ],
  };
  const innerSame: Polygon = {
    closed: true,
    points: [
      [25, 25],
      [75, 25],
      [75, 75],
      [25, 75],
    ],
  };
  const innerReversed: Polygon = {
    closed: true,
    points: [
      [25, 25],
      [25, 75],
      [75, 75],
      [75, 25],
    ],
  };

  it('tests a simple square', () => {
    expect(pointInPolygons([outer], [50, 50])).toBe(true);
    expect(pointInPolygons([outer], [150, 50])).toBe(false);
    expect(pointInPolygons([outer], [50, -1], 'evenodd')).toBe(false);
    expect(Math.abs(windingNumber([outer], [10, 90]))).toBe(1);
  });

  it('distinguishes nonzero and even-odd for nested subpaths', () => {
    // Same direction: nonzero fills the middle, even-odd makes a hole.
    expect(pointInPolygons([outer, innerSame], [50, 50], 'nonzero')).toBe(true);
    expect(pointInPolygons([outer, innerSame], [50, 50], 'evenodd')).toBe(false);
    // Opposite direction: a hole under both rules.
    expect(pointInPolygons([outer, innerReversed], [50, 50], 'nonzero')).toBe(false);
    expect(pointInPolygons([outer, innerReversed], [50, 50], 'evenodd')).toBe(false);
    expect(pointInPolygons([outer, innerReversed], [10, 50], 'nonzero')).toBe(true);
  });

  it('works on a concave polygon', () => {
    const u: Polygon = {
      closed: true,
      points: [
        [0, 0],
        [30, 0],
        [30, 70],
        [70, 70],
        [70, 0],
        [100, 0],
        [100, 100],
        [0, 100],
      ],
    };
    expect(pointInPolygons([u], [50, 30])).toBe(false);
    expect(pointInPolygons([u], [50, 85])).toBe(true);
    expect(pointInPolygons([u], [15, 15])).toBe(true);
  });
});

describe('triangulatePolygon (ear clipping)', () => {
  it('triangle areas sum to the polygon area for a concave polygon, in either orientation', () => {
    const star: Vec2[] = [];
    for (let i = 0; i < 10; i++) {
      const a = (i * Math.PI) / 5;
      const r = i % 2 === 0 ? 100 : 40;
      star.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    for (const pts of [star, [...star].reverse()]) {
      const idx = triangulatePolygon(pts);
      expect(idx.length).toBe((pts.length - 2) * 3);
      expect(triangleAreaSum(pts, idx)).toBeCloseTo(polygonArea(pts), 9);
      // Every triangle keeps the polygon's orientation (needed for nonzero stencils).
      for (let t = 0; t < idx.length; t += 3) {
        const tri = [pts[idx[t]!]!, pts[idx[t + 1]!]!, pts[idx[t + 2]!]!];
        expect(Math.sign(signedArea(tri))).toBe(Math.sign(signedArea(pts)));
      }
    }
  });

  it('triangle areas sum to the polygon area for 50 random star-shaped polygons', () => {
    let seed = 42;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 50; n++) {
      const count = 5 + Math.floor(rand() * 60);
      const pts: Vec2[] = [];
      for (let i = 0; i < count; i++) {
        const a = (i / count) * Math.PI * 2;
        const r = 10 + rand() * 90;
        pts.push([r * Math.cos(a), r * Math.sin(a)]);
      }
      const idx = triangulatePolygon(pts);
      expect(idx.length).toBe((count - 2) * 3);
      expect(triangleAreaSum(pts, idx)).toBeCloseTo(polygonArea(pts), 6);
    }
  });

  it('handles a flattened circle, duplicates and collinear points', () => {
    const pts = flattenPath([circle(0, 0, 80)], 0.1)[0]!.points;
    expect(triangleAreaSum(pts, triangulatePolygon(pts))).toBeCloseTo(polygonArea(pts), 6);
    const messy: Vec2[] = [
      [0, 0],
      [50, 0],
      [50, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ];
    const idx = triangulatePolygon(messy);
    expect(triangleAreaSum(messy, idx)).toBeCloseTo(10000, 9);
    expect(
      triangulatePolygon([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toEqual([]);
  });

  it('triangulatePath concatenates subpaths with offset indices', () => {
    const path = [circle(0, 0, 50), circle(200, 0, 30)];
    const tri = triangulatePath(path, 0.25);
    const pts: Vec2[] = [];
    for (let i = 0; i < tri.positions.length; i += 2) pts.push([tri.positions[i]!, tri.positions[i + 1]!]);
    const polys = flattenPath(path, 0.25);
    expect(pts.length).toBe(polys[0]!.points.length + polys[1]!.points.length);
    expect(triangleAreaSum(pts, [...tri.indices])).toBeCloseTo(polygonArea(polys[0]!.points) + polygonArea(polys[1]!.points), 1);
  });
});
