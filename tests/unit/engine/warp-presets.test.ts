import { describe, it, expect } from 'vitest';
import { createQuiltWarp, evaluatePatch, evaluateQuiltNormalized, identityPatch, type Vec2 } from '../../../engine/geometry';
import {
  WARP_PRESET_STYLES,
  isWarpPreset,
  presetWarpNet,
  presetWarpPlacementBounds,
  presetWarpPoints,
  type Rect,
  type WarpPresetParams,
  type WarpPresetStyle,
} from '../../../engine/geometry/warp-presets';

const flat = (over: Partial<WarpPresetParams> = {}): WarpPresetParams => ({
  bend: 0,
  horizontal: 0,
  vertical: 0,
  orientation: 'horizontal',
  ...over,
});

const BENDING_STYLES = WARP_PRESET_STYLES.filter((s): s is Exclude<WarpPresetStyle, 'cylinder'> => s !== 'cylinder');
const BOUNDS: Rect = { x: 40, y: -15, width: 300, height: 180 };

/** Surface of a preset as a function of texture (u, v), via its exact quilt. */
function surfaceOf(style: WarpPresetStyle, params: WarpPresetParams, bounds: Rect): (u: number, v: number) => Vec2 {
  const quilt = createQuiltWarp(presetWarpNet(style, params, bounds).quilt);
  return (u, v) => evaluateQuiltNormalized(quilt, u, v);
}

/** Box of the surface, sampled densely (the edges hold the extremes of these shapes). */
function surfaceBox(f: (u: number, v: number) => Vec2): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const n = 400;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const [x, y] = f(i / n, j / n);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Maps the warp frame onto an axis-aligned transform rectangle the way Photoshop places: box onto quad. */
function placeOnto(box: Rect, target: Rect): (p: Vec2) => Vec2 {
  return ([x, y]) => [target.x + ((x - box.x) * target.width) / box.width, target.y + ((y - box.y) * target.height) / box.height];
}

/** The other coordinate of the curve t -> c(t) where coordinate `axis` equals `value` (increasing on [lo, hi]). */
function otherAt(c: (t: number) => Vec2, axis: 0 | 1, value: number, lo = 0, hi = 1): number {
  for (let i = 0; i < 60; i++) {
    const m = (lo + hi) / 2;
    if (c(m)[axis] < value) lo = m;
    else hi = m;
  }
  return c((lo + hi) / 2)[1 - axis]!;
}
const yAtX = (c: (t: number) => Vec2, x: number, lo?: number, hi?: number) => otherAt(c, 0, x, lo, hi);
const xAtY = (c: (t: number) => Vec2, y: number, lo?: number, hi?: number) => otherAt(c, 1, y, lo, hi);

function expectPointsClose(actual: readonly Vec2[], expected: readonly Vec2[], digits = 9): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((p, i) => {
    const q = expected[i] as Vec2;
    expect(p[0]).toBeCloseTo(q[0], digits);
    expect(p[1]).toBeCloseTo(q[1], digits);
  });
}

describe('isWarpPreset', () => {
  it("accepts ag-psd's sixteen preset spellings and nothing else", () => {
    expect(WARP_PRESET_STYLES).toHaveLength(16);
    for (const s of WARP_PRESET_STYLES) expect(isWarpPreset(s)).toBe(true);
    for (const s of ['none', 'custom', 'Arc', 'fishEye', 'warpArc', '']) expect(isWarpPreset(s)).toBe(false);
  });
});

describe('errors', () => {
  it('names an unknown style and lists the known ones', () => {
    expect(() => presetWarpPoints('spiral' as WarpPresetStyle, flat(), BOUNDS)).toThrow(
      /unknown warp preset style 'spiral' \(expected one of: arc, arcLower/,
    );
    expect(() => presetWarpNet('custom' as WarpPresetStyle, flat(), BOUNDS)).toThrow(/unknown warp preset style 'custom'/);
  });

  it('rejects empty bounds and non-finite percentages', () => {
    expect(() => presetWarpPoints('arc', flat(), { x: 0, y: 0, width: 0, height: 10 })).toThrow(/positive size/);
    expect(() => presetWarpPoints('arc', flat({ bend: Number.NaN }), BOUNDS)).toThrow(/bend must be a finite/);
    expect(() => presetWarpPoints('arc', flat({ horizontal: Infinity }), BOUNDS)).toThrow(/horizontal distortion/);
  });
});

describe('bend 0 without distortion', () => {
  const identity = identityPatch(BOUNDS.x, BOUNDS.y, BOUNDS.width, BOUNDS.height);
  for (const style of BENDING_STYLES) {
    it(`${style} is the identity grid, either orientation, placed on the bounds`, () => {
      for (const orientation of ['horizontal', 'vertical'] as const) {
        expectPointsClose(presetWarpPoints(style, flat({ orientation }), BOUNDS), identity);
        const box = presetWarpPlacementBounds(style, flat({ orientation }), BOUNDS);
        expect(box.x).toBeCloseTo(BOUNDS.x, 9);
        expect(box.y).toBeCloseTo(BOUNDS.y, 9);
        expect(box.width).toBeCloseTo(BOUNDS.width, 9);
        expect(box.height).toBeCloseTo(BOUNDS.height, 9);
      }
    });
  }

  it('bends every style visibly at bend 50 (the identity above is not vacuous)', () => {
    for (const style of BENDING_STYLES) {
      const pts = presetWarpPoints(style, flat({ bend: 50 }), BOUNDS);
      const moved = Math.max(...pts.map((p, i) => Math.hypot(p[0] - identity[i]![0], p[1] - identity[i]![1])));
      expect(moved, style).toBeGreaterThan(20);
    }
  });
});

describe('against Photoshop renders', () => {
  // Aspose's Inflate.psd and Squeeze.psd: a 1024 px square source, bend 50, transform
  // 0,0..300,300. Photoshop's layer pixels: inflate 250x250 at (25,25), squeeze 300x250 at (0,25).
  const SOURCE: Rect = { x: 0, y: 0, width: 1024, height: 1024 };
  const TRANSFORM: Rect = { x: 0, y: 0, width: 300, height: 300 };
  // Half a pixel each side of the layer's integer extent, over 300 px.
  const EXTENT_TOL = 1 / 300;

  it('inflate 50: a quadratic net whose surface covers 250/300 of its placement box', () => {
    const params = flat({ bend: 50 });
    const net = presetWarpNet('inflate', params, SOURCE);
    expect([net.uOrder, net.vOrder, net.rows, net.cols]).toEqual([3, 3, 3, 3]);
    const box = net.placementBounds;
    const surface = surfaceBox(surfaceOf('inflate', params, SOURCE));
    expect(surface.width / box.width).toBeCloseTo(250 / 300, 2);
    expect(Math.abs(surface.width / box.width - 250 / 300)).toBeLessThan(EXTENT_TOL);
    expect(Math.abs(surface.height / box.height - 250 / 300)).toBeLessThan(EXTENT_TOL);
    // Placing by the box of the 16 cubic points instead would draw it 281 px wide, not 250.
    const xs = presetWarpPoints('inflate', params, SOURCE).map((p) => p[0]);
    expect(surface.width / (Math.max(...xs) - Math.min(...xs))).toBeCloseTo(0.9375, 6);
  });

  it("inflate 50: the top and left edges run where Photoshop's pixels end (within 0.75 px)", () => {
    const params = flat({ bend: 50 });
    const f = surfaceOf('inflate', params, SOURCE);
    const place = placeOnto(presetWarpPlacementBounds('inflate', params, SOURCE), TRANSFORM);
    // Measured on reference/snow_man.png: 150 minus the alpha summed down (or across) the half image.
    // Nearer the corners the edge is too steep for that measure (Photoshop's own pixels are 1.3 px
    // asymmetric there), so those columns are left out.
    const measured: [number, number][] = [
      [80.5, 37.32],
      [110.5, 29.27],
      [150.5, 25.01],
      [190.5, 29.47],
      [220.5, 37.7],
    ];
    for (const [x, y] of measured) {
      expect(Math.abs(yAtX((t) => place(f(t, 0)), x) - y), `top at x=${x}`).toBeLessThan(0.75);
      expect(Math.abs(xAtY((t) => place(f(0, t)), x) - y), `left at y=${x}`).toBeLessThan(0.75);
    }
  });

  it('squeeze 50: full width and 250/300 of the height of its placement box', () => {
    const params = flat({ bend: 50 });
    const box = presetWarpPlacementBounds('squeeze', params, SOURCE);
    const surface = surfaceBox(surfaceOf('squeeze', params, SOURCE));
    expect(surface.width / box.width).toBeCloseTo(1, 9);
    expect(Math.abs(surface.height / box.height - 250 / 300)).toBeLessThan(EXTENT_TOL);
  });

  it("squeeze 50: top edge bulges out and sides pinch in where Photoshop's pixels end (within 0.75 px)", () => {
    const params = flat({ bend: 50 });
    const f = surfaceOf('squeeze', params, SOURCE);
    const place = placeOnto(presetWarpPlacementBounds('squeeze', params, SOURCE), TRANSFORM);
    const tops: [number, number][] = [
      [60.5, 34.04],
      [90.5, 29.12],
      [120.5, 26],
      [150.5, 25],
      [180.5, 26.02],
      [210.5, 29.37],
      [240.5, 34.45],
    ];
    const lefts: [number, number][] = [
      [70.5, 13.64],
      [100.5, 28.28],
      [130.5, 35.98],
      [150.5, 37.47],
      [170.5, 35.82],
      [200.5, 27.88],
      [230.5, 13.09],
    ];
    for (const [x, y] of tops) expect(Math.abs(yAtX((t) => place(f(t, 0)), x) - y), `top at x=${x}`).toBeLessThan(0.75);
    for (const [y, x] of lefts) expect(Math.abs(xAtY((t) => place(f(0, t)), y) - x), `left at y=${y}`).toBeLessThan(0.75);
  });

  // ag-psd's cylinder-warp test file: a 272x420 source at bounds 105,143..377,563, transform
  // 105,108..377,597; Photoshop's layer is 272x489 at (105,108), every column exactly 420 px tall.
  const CYL_BOUNDS: Rect = { x: 105, y: 143, width: 272, height: 420 };
  const CYL_PARAMS = flat({ values: [105, 563, 377, 143, 0.5, 0.5, 0.5708295036764706] });
  const CYL_TRANSFORM: Rect = { x: 105, y: 108, width: 272, height: 489 };

  it('cylinder: two cubic patches whose box is the transform, one pixel taller than the surface, columns moved rigidly', () => {
    const net = presetWarpNet('cylinder', CYL_PARAMS, CYL_BOUNDS);
    expect([net.uOrder, net.rows, net.cols]).toEqual([4, 4, 7]);
    expect(net.quilt.sliceX).toEqual([105, 241, 377]);
    const box = net.placementBounds;
    expect(box.width).toBeCloseTo(272, 9);
    // Photoshop's transform is 489 tall: the front handles end a pixel below the front point.
    expect(box.height).toBeCloseTo(489, 9);
    const surface = surfaceBox(surfaceOf('cylinder', CYL_PARAMS, CYL_BOUNDS));
    expect(surface.height).toBeGreaterThan(488);
    expect(surface.height).toBeLessThan(488.1);
    const f = surfaceOf('cylinder', CYL_PARAMS, CYL_BOUNDS);
    for (const u of [0, 0.1, 0.3, 0.5, 0.8, 1]) {
      const top = f(u, 0);
      const bottom = f(u, 1);
      expect(bottom[0]).toBeCloseTo(top[0], 9);
      expect(bottom[1] - top[1]).toBeCloseTo(420, 9);
    }
    // The ellipse is half as deep as it is half wide (68 px here; Photoshop's front sits 68 px below its corners).
    expect(f(0.5, 0)[1] - f(0, 0)[1]).toBeCloseTo(68, 9);
  });

  it("cylinder: placed on the transform, its edges run where Photoshop's pixels end", () => {
    const f = surfaceOf('cylinder', CYL_PARAMS, CYL_BOUNDS);
    const place = placeOnto(presetWarpPlacementBounds('cylinder', CYL_PARAMS, CYL_BOUNDS), CYL_TRANSFORM);
    // Measured on reference/cylinder_warp.png per column: [x, top edge, bottom edge].
    const measured: [number, number, number][] = [
      [125.5, 142.45, 562.49],
      [145.5, 155.6, 575.63],
      [165.5, 164.18, 584.22],
      [185.5, 169.98, 590.0],
      [205.5, 173.49, 593.53],
      [225.5, 175.31, 595.34],
      [240.5, 175.98, 596.02],
      [265.5, 174.9, 594.94],
      [285.5, 172.02, 592.05],
      [305.5, 167.37, 587.4],
      [325.5, 160.41, 580.44],
      [355.5, 143.39, 563.42],
    ];
    for (const [x, top, bottom] of measured) {
      const [lo, hi] = x < 241 ? [0, 0.5] : [0.5, 1];
      // The exact curve; Photoshop's pixels follow its chords (8 per quarter), 0.35 px inside it where the edge is steep.
      expect(Math.abs(yAtX((t) => place(f(t, 0)), x, lo, hi) - top), `top at x=${x}`).toBeLessThan(0.4);
      expect(Math.abs(yAtX((t) => place(f(t, 1)), x, lo, hi) - bottom), `bottom at x=${x}`).toBeLessThan(0.4);
    }
  });

  it('cylinder: the one-patch stand-in keeps the corners and the front point, and reads values positionally', () => {
    const quilt = presetWarpNet('cylinder', CYL_PARAMS, CYL_BOUNDS).points;
    const single = presetWarpPoints('cylinder', CYL_PARAMS, CYL_BOUNDS);
    expect(single).toHaveLength(16);
    expect(single[0]).toEqual(quilt[0]);
    expect(single[3]).toEqual(quilt[6]);
    expect(evaluatePatch(single, 0.5, 0)[1]).toBeCloseTo((quilt[3] as Vec2)[1], 9);
    // Without values the defaults are the ones Photoshop wrote here.
    expectPointsClose(presetWarpPoints('cylinder', flat(), CYL_BOUNDS), single, 2);
    // A deeper ellipse (values[4]) makes a deeper front.
    const deeper = flat({ values: [105, 563, 377, 143, 0.75, 0.5, 0.5708295036764706] });
    const g = surfaceOf('cylinder', deeper, CYL_BOUNDS);
    expect(g(0.5, 0)[1] - g(0, 0)[1]).toBeCloseTo(102, 9);
  });
});

describe('shapes', () => {
  const B: Rect = { x: 0, y: 0, width: 300, height: 180 };
  const cx = B.width / 2;
  const cy = B.height / 2;
  const at = (pts: readonly Vec2[], r: number, c: number): Vec2 => pts[r * 4 + c] as Vec2;

  it('left-right mirror symmetry of the symmetric styles', () => {
    for (const style of [
      'arc',
      'arcLower',
      'arcUpper',
      'arch',
      'bulge',
      'shellLower',
      'shellUpper',
      'fisheye',
      'inflate',
      'squeeze',
    ] as const) {
      const p = presetWarpPoints(style, flat({ bend: 35 }), B);
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) {
          expect(at(p, r, c)[0] + at(p, r, 3 - c)[0], style).toBeCloseTo(2 * cx, 9);
          expect(at(p, r, c)[1], style).toBeCloseTo(at(p, r, 3 - c)[1], 9);
        }
      }
    }
  });

  it('top-bottom mirror symmetry of bulge, fish, fisheye, inflate and squeeze; twist turns about the centre', () => {
    for (const style of ['bulge', 'fish', 'fisheye', 'inflate', 'squeeze'] as const) {
      const p = presetWarpPoints(style, flat({ bend: 35 }), B);
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) {
          expect(at(p, r, c)[1] + at(p, 3 - r, c)[1], style).toBeCloseTo(2 * cy, 9);
          expect(at(p, r, c)[0], style).toBeCloseTo(at(p, 3 - r, c)[0], 9);
        }
      }
    }
    const t = presetWarpPoints('twist', flat({ bend: 35 }), B);
    for (let i = 0; i < 16; i++) {
      expect(t[i]![0] + t[15 - i]![0]).toBeCloseTo(2 * cx, 9);
      expect(t[i]![1] + t[15 - i]![1]).toBeCloseTo(2 * cy, 9);
    }
  });

  it('arc 50 is an annular sector: both edges concentric circles spanning 90 degrees, the inner chord as wide as the bounds', () => {
    const f = surfaceOf('arc', flat({ bend: 50 }), B);
    // Centre below: the inner (bottom) arc through the bottom corners with half-angle 45 degrees.
    const R = cx / Math.sin(Math.PI / 4);
    const centre: Vec2 = [cx, B.height + R * Math.cos(Math.PI / 4)];
    for (let i = 0; i <= 20; i++) {
      const u = i / 20;
      const inner = f(u, 1);
      const outer = f(u, 0);
      // The cubic arc approximation stays within 0.03 % of the radius at 45 degrees.
      expect(Math.abs(Math.hypot(inner[0] - centre[0], inner[1] - centre[1]) - R)).toBeLessThan(3e-4 * R);
      expect(Math.abs(Math.hypot(outer[0] - centre[0], outer[1] - centre[1]) - (R + B.height))).toBeLessThan(3e-4 * (R + B.height));
    }
    expect(f(0, 1)).toEqual([0, B.height]);
    expect(f(1, 1)[0]).toBeCloseTo(B.width, 9);
    // Arcs bulge up for positive bend.
    expect(f(0.5, 0)[1]).toBeLessThan(f(0, 0)[1]);
  });

  it('negative bend mirrors the shape and keeps the image upright', () => {
    const mirrorY = (pts: readonly Vec2[]): Vec2[] =>
      pts.map((_, i) => {
        const r = Math.floor(i / 4);
        const c = i % 4;
        const p = at(pts, 3 - r, c);
        return [p[0], B.height - p[1]];
      });
    const mirrorX = (pts: readonly Vec2[]): Vec2[] =>
      pts.map((_, i) => {
        const r = Math.floor(i / 4);
        const c = i % 4;
        const p = at(pts, r, 3 - c);
        return [B.width - p[0], p[1]];
      });
    for (const style of ['arc', 'arch'] as const) {
      expectPointsClose(presetWarpPoints(style, flat({ bend: -40 }), B), mirrorY(presetWarpPoints(style, flat({ bend: 40 }), B)));
    }
    for (const style of ['flag', 'wave', 'fish', 'twist'] as const) {
      expectPointsClose(presetWarpPoints(style, flat({ bend: -40 }), B), mirrorX(presetWarpPoints(style, flat({ bend: 40 }), B)));
    }
    // Rise mirrors up to a shift, which placement (box onto transform) takes out.
    const rise = presetWarpPoints('rise', flat({ bend: -40 }), B);
    const mirrored = mirrorX(presetWarpPoints('rise', flat({ bend: 40 }), B));
    const dy = rise[0]![1] - mirrored[0]![1];
    expectPointsClose(
      rise,
      mirrored.map(([x, y]): Vec2 => [x, y + dy]),
    );
    // arcLower and arcUpper flip their arcing edge about its chord.
    const low = presetWarpPoints('arcLower', flat({ bend: 40 }), B);
    const lowNeg = presetWarpPoints('arcLower', flat({ bend: -40 }), B);
    expect(at(low, 3, 1)[1] + at(lowNeg, 3, 1)[1]).toBeCloseTo(2 * B.height, 9);
  });

  it('vertical orientation is the horizontal shape turned a quarter counter-clockwise', () => {
    const H: Rect = { x: 0, y: 0, width: 180, height: 300 };
    const V: Rect = { x: 10, y: 20, width: 300, height: 180 };
    for (const style of BENDING_STYLES) {
      const horiz = presetWarpPoints(style, flat({ bend: 45 }), H);
      const vert = presetWarpPoints(style, flat({ bend: 45, orientation: 'vertical' }), V);
      // Horizontal frame (xw, yw) sits in the vertical one at (x, y) = (yw, height - xw); row r, column c
      // of the vertical net is row c, column 3 - r of the horizontal one.
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) {
          const [xw, yw] = at(horiz, c, 3 - r);
          expect(at(vert, r, c)[0], style).toBeCloseTo(V.x + yw, 9);
          expect(at(vert, r, c)[1], style).toBeCloseTo(V.y + V.height - xw, 9);
        }
      }
    }
    // So a positive vertical arc bulges left, and the source's top-left corner stays top-left.
    const arc = presetWarpPoints('arc', flat({ bend: 50, orientation: 'vertical' }), V);
    expect(evaluatePatch(arc, 0, 0.5)[0]).toBeLessThan(V.x - 10);
    expect(at(arc, 0, 0)[1]).toBeLessThan(at(arc, 3, 0)[1]);
    expect(at(arc, 0, 0)[0]).toBeLessThan(at(arc, 0, 3)[0]);
  });

  it('inflate is the same either way round on a square; squeeze turns', () => {
    const S: Rect = { x: 0, y: 0, width: 200, height: 200 };
    expectPointsClose(
      presetWarpPoints('inflate', flat({ bend: 50, orientation: 'vertical' }), S),
      presetWarpPoints('inflate', flat({ bend: 50 }), S),
    );
    const sq = presetWarpNet('squeeze', flat({ bend: 50, orientation: 'vertical' }), S);
    // Vertical squeeze: sides bulge out, top and bottom pinch in.
    expect(sq.placementBounds).toEqual({ x: -50, y: 0, width: 300, height: 200 });
  });

  it('distortion tapers the untouched grid linearly (a keystone, grid lines evenly spaced)', () => {
    const p = presetWarpPoints('arc', flat({ horizontal: 50 }), B);
    // Left edge at half the height, right edge one and a half, both centred on the middle line.
    expect(at(p, 3, 0)[1] - at(p, 0, 0)[1]).toBeCloseTo(0.5 * B.height, 9);
    expect(at(p, 3, 3)[1] - at(p, 0, 3)[1]).toBeCloseTo(1.5 * B.height, 9);
    expect(at(p, 0, 0)[1] + at(p, 3, 0)[1]).toBeCloseTo(2 * cy, 9);
    for (let c = 0; c < 4; c++) expect(at(p, 0, c)[0]).toBeCloseTo((B.width * c) / 3, 9);
    const v = presetWarpPoints('fish', flat({ vertical: -30 }), B);
    expect(at(v, 0, 3)[0] - at(v, 0, 0)[0]).toBeCloseTo(1.3 * B.width, 9);
    expect(at(v, 3, 3)[0] - at(v, 3, 0)[0]).toBeCloseTo(0.7 * B.width, 9);
  });

  it('clamps bends past 100 % to 100 %', () => {
    expectPointsClose(presetWarpPoints('arc', flat({ bend: 250 }), B), presetWarpPoints('arc', flat({ bend: 100 }), B));
  });
});
