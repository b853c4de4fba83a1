/**
 * Temporary-tattoo print processing on known pixels: the print is the design mirrored, paper white
 * is not printed (with soft edges), and the cut line lies the asked distance in mm outside the
 * artwork at the print's DPI.
 */
import { describe, expect, it } from 'vitest';
import {
  cutLine,
  cutLineSvg,
  distanceToMask,
  mirrorHorizontally,
  mmToPx,
  ringArea,
  simplifyRing,
  tattooPrint,
  whiteToAlpha,
  type Point,
  type RgbaPixels,
} from '../../../../engine/render/compose/tattoo';

type Rgba = readonly [number, number, number, number];

function image(width: number, height: number, paint: (x: number, y: number) => Rgba): RgbaPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data.set(paint(x, y), (y * width + x) * 4);
  return { width, height, data };
}

const px = (img: RgbaPixels, x: number, y: number): number[] => [
  ...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4),
];

const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
const RED: Rgba = [200, 20, 30, 255];

/** Distance from p to the segment a-b. */
function toSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

describe('mirrorHorizontally', () => {
  it('flips every row left to right and leaves the input alone', () => {
    const img = image(3, 2, (x, y) => [x * 100, y * 100, 7, 255]);
    const out = mirrorHorizontally(img);
    expect(px(out, 0, 0)).toEqual([200, 0, 7, 255]);
    expect(px(out, 2, 0)).toEqual([0, 0, 7, 255]);
    expect(px(out, 1, 1)).toEqual([100, 100, 7, 255]);
    expect(px(img, 0, 0)).toEqual([0, 0, 7, 255]);
    expect(mirrorHorizontally(out).data).toEqual(img.data);
  });

  it('refuses pixel data that does not match the size', () => {
    expect(() => mirrorHorizontally({ width: 2, height: 2, data: new Uint8ClampedArray(12) })).toThrow('does not match');
  });
});

describe('whiteToAlpha', () => {
  it('makes paper white and near white transparent and keeps ink and saturated colours', () => {
    const colours: Rgba[] = [WHITE, [250, 250, 249, 255], [20, 20, 20, 255], [255, 240, 0, 255], RED, [128, 128, 128, 255]];
    const out = whiteToAlpha(image(colours.length, 1, (x) => colours[x] ?? CLEAR));
    expect(px(out, 0, 0)[3]).toBe(0);
    expect(px(out, 1, 0)[3]).toBe(0);
    expect(px(out, 2, 0)).toEqual([20, 20, 20, 255]);
    // Yellow's lowest channel is 0: a colour, not white.
    expect(px(out, 3, 0)).toEqual([255, 240, 0, 255]);
    expect(px(out, 4, 0)).toEqual([...RED]);
    expect(px(out, 5, 0)).toEqual([128, 128, 128, 255]);
  });

  it('fades pixels inside the soft threshold and takes the white out of their colour', () => {
    // A black line's anti-aliased edge on white: light greys between the thresholds.
    const greys = [225, 232, 238, 243];
    const out = whiteToAlpha(image(greys.length, 1, (x) => [greys[x] ?? 0, greys[x] ?? 0, greys[x] ?? 0, 255]));
    const alphas = greys.map((_, x) => px(out, x, 0)[3] ?? -1);
    // Lighter grey, less left: strictly falling, all partly transparent.
    for (let i = 1; i < alphas.length; i += 1) expect(alphas[i]).toBeLessThan(alphas[i - 1] ?? 0);
    for (const a of alphas) expect(a).toBeGreaterThan(0);
    for (const a of alphas) expect(a).toBeLessThan(255);
    // What remains is darker than the grey was: the white share is gone, no pale fringe.
    greys.forEach((g, x) => expect(px(out, x, 0)[0]).toBeLessThan(g));
    // Composited back over white it is the grey it was (within rounding): nothing visible changed on paper.
    greys.forEach((g, x) => {
      const [r, , , a] = px(out, x, 0) as [number, number, number, number];
      expect(Math.abs((r * a) / 255 + 255 * (1 - a / 255) - g)).toBeLessThan(3);
    });
  });

  it('keeps transparent pixels transparent and refuses a threshold the wrong way round', () => {
    expect(px(whiteToAlpha(image(1, 1, () => CLEAR)), 0, 0)).toEqual([0, 0, 0, 0]);
    expect(() =>
      whiteToAlpha(
        image(1, 1, () => WHITE),
        { from: 0.9, to: 0.8 },
      ),
    ).toThrow('from < to');
  });
});

describe('distanceToMask', () => {
  it('is the exact Euclidean distance between pixel centres', () => {
    const mask = new Uint8Array(7 * 7);
    mask[3 * 7 + 3] = 1;
    const d = distanceToMask(mask, 7, 7);
    expect(d[3 * 7 + 3]).toBe(0);
    expect(d[3 * 7 + 6]).toBe(3);
    expect(d[0]).toBeCloseTo(Math.hypot(3, 3), 10);
    expect(d[6 * 7 + 5]).toBeCloseTo(Math.hypot(2, 3), 10);
  });
});

describe('cutLine', () => {
  const dpi = 300;

  it('traces a disc at its radius plus the offset, in mm', () => {
    // A disc of 5 mm radius at 300 dpi, 2 mm offset: the cut is a circle of 7 mm.
    const radiusPx = mmToPx(5, dpi);
    const size = Math.ceil(mmToPx(20, dpi));
    const c = size / 2;
    const img = image(size, size, (x, y) => (Math.hypot(x + 0.5 - c, y + 0.5 - c) <= radiusPx ? RED : CLEAR));
    const line = cutLine(img, { offsetMm: 2, dpi });
    expect(line.rings).toHaveLength(1);
    const ring = line.rings[0] ?? [];
    const cMm = (c * 25.4) / dpi;
    for (const [x, y] of ring) expect(Math.abs(Math.hypot(x - cMm, y - cMm) - 7)).toBeLessThan(0.1);
    // Simplified: a 7 mm circle within 0.05 mm needs a few dozen points, not thousands.
    expect(ring.length).toBeGreaterThan(20);
    expect(ring.length).toBeLessThan(200);
    expect(ringArea(ring)).toBeGreaterThan(0);
    expect(line.widthMm).toBeCloseTo((size * 25.4) / dpi, 2);
  });

  it('keeps a square the offset away on every side, with rounded corners', () => {
    // 10 mm square artwork (its pixels' edges, not centres), 3 mm offset, 150 dpi.
    const dpi150 = 150;
    const side = Math.round(mmToPx(10, dpi150));
    const pad = Math.round(mmToPx(6, dpi150));
    const size = side + 2 * pad;
    const img = image(size, size, (x, y) => (x >= pad && x < pad + side && y >= pad && y < pad + side ? RED : CLEAR));
    const line = cutLine(img, { offsetMm: 3, dpi: dpi150 });
    expect(line.rings).toHaveLength(1);
    const ring = line.rings[0] ?? [];
    const lo = (pad * 25.4) / dpi150;
    const hi = ((pad + side) * 25.4) / dpi150;
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    expect(Math.min(...xs)).toBeCloseTo(lo - 3, 1);
    expect(Math.max(...xs)).toBeCloseTo(hi + 3, 1);
    expect(Math.min(...ys)).toBeCloseTo(lo - 3, 1);
    expect(Math.max(...ys)).toBeCloseTo(hi + 3, 1);
    // Every traced point is 3 mm from the square (rounded corners, not a bigger square).
    const sq: Point[] = [
      [lo, lo],
      [hi, lo],
      [hi, hi],
      [lo, hi],
    ];
    for (const p of ring) {
      const d = Math.min(...sq.map((a, i) => toSegment(p, a, sq[(i + 1) % 4] as Point)));
      expect(Math.abs(d - 3)).toBeLessThan(0.12);
    }
  });

  it('joins pieces closer than twice the offset, keeps far ones apart, and cuts no holes', () => {
    const dpi100 = 100;
    // Three 20 px squares: A and B 10 px apart (2.54 mm), C 80 px away; and a ring (donut).
    const rects = [
      [20, 20, 20, 20],
      [50, 20, 20, 20],
      [150, 20, 20, 20],
    ];
    const inRect = (x: number, y: number) => rects.some(([rx = 0, ry = 0, w = 0, h = 0]) => x >= rx && x < rx + w && y >= ry && y < ry + h);
    const inDonut = (x: number, y: number) => {
      const d = Math.hypot(x + 0.5 - 60, y + 0.5 - 120);
      return d <= 30 && d >= 15;
    };
    const img = image(220, 170, (x, y) => (inRect(x, y) || inDonut(x, y) ? RED : CLEAR));
    // 2 mm offset = 7.9 px: A and B merge (gap 10 px < 15.7 px), C stays alone; the donut's hole
    // (15 px radius) would be a hole of the cut, which is not cut.
    const line = cutLine(img, { offsetMm: 2, dpi: dpi100 });
    expect(line.rings).toHaveLength(3);
    for (const r of line.rings) expect(ringArea(r)).toBeGreaterThan(0);
  });

  it('drops specks smaller than the minimum area and refuses a negative offset', () => {
    const img = image(60, 60, (x, y) => (x === 30 && y === 30 ? RED : CLEAR));
    expect(cutLine(img, { offsetMm: 0, dpi: 300 }).rings).toHaveLength(0);
    expect(() => cutLine(img, { offsetMm: -1, dpi: 300 })).toThrow('offset');
  });
});

describe('simplifyRing', () => {
  it('keeps a square as its four corners', () => {
    const ring: Point[] = [];
    for (let i = 0; i < 10; i += 1) ring.push([i, 0]);
    for (let i = 0; i < 10; i += 1) ring.push([10, i]);
    for (let i = 10; i > 0; i -= 1) ring.push([i, 10]);
    for (let i = 10; i > 0; i -= 1) ring.push([0, i]);
    const out = simplifyRing(ring, 0.01);
    expect(out).toHaveLength(4);
    expect(out).toEqual(
      expect.arrayContaining([
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ]),
    );
  });
});

describe('cutLineSvg', () => {
  it('is a page in mm with one CutContour path of closed subpaths, never filled', () => {
    const svg = cutLineSvg({
      rings: [
        [
          [1, 1],
          [5, 1],
          [5, 4],
        ],
      ],
      widthMm: 20.5,
      heightMm: 10,
      offsetMm: 2,
    });
    expect(svg).toContain('width="20.5mm" height="10mm" viewBox="0 0 20.5 10"');
    expect(svg).toMatch(/<path id="CutContour" d="M1,1L5,1L5,4Z" fill="none" stroke="#FF00FF"/);
    expect(svg).toContain('inkscape:label="CutContour"');
  });
});

describe('tattooPrint', () => {
  it('pads, removes white, mirrors and traces the cut on the mirrored page', () => {
    const dpi = 200;
    // A 40 x 20 px design: red block on the left half, white paper on the right.
    const flat = image(40, 20, (x) => (x < 20 ? RED : WHITE));
    const print = tattooPrint(flat, { dpi, cutOffsetMm: 1 });
    const pad = print.paddingPx;
    expect(pad).toBe(Math.ceil(mmToPx(2, dpi)));
    expect(print.pixels.width).toBe(40 + 2 * pad);
    // Mirrored: the red block is now on the right half of the design area, the white gone.
    expect(px(print.pixels, pad + 30, pad + 10)).toEqual([...RED]);
    expect(px(print.pixels, pad + 5, pad + 10)[3]).toBe(0);
    // The cut hugs the red block on the right, 1 mm out: x from (pad+20-d) to (pad+40+d) px.
    const ring = print.cut.rings[0] ?? [];
    expect(print.cut.rings).toHaveLength(1);
    const xs = ring.map((p) => p[0]);
    const mm = (v: number) => (v * 25.4) / dpi;
    expect(Math.min(...xs)).toBeCloseTo(mm(pad + 20) - 1, 1);
    expect(Math.max(...xs)).toBeCloseTo(mm(pad + 40) + 1, 1);
    expect(print.cut.widthMm).toBeCloseTo(mm(print.pixels.width), 2);
  });
});
