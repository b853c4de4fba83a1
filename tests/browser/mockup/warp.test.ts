/**
 * Placement of flats through each warp kind: affine and perspective corners, the projective
 * centre, bezier identity = affine, quilt slices, cylinder compression and shading.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import type { Point, QuiltWarpPoints } from '../../../engine/model/index.ts';
import { bitmap, canvas, checker, createRenderer, maxDiff, meanAbsDiff, px, smartObject, solid, view, type Rgba } from './helpers.ts';

let renderer: MockupRenderer;
let quadrants: ImageBitmap;

const RED: Rgba = [255, 0, 0, 255];
const GREEN: Rgba = [0, 255, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
const YELLOW: Rgba = [255, 255, 0, 255];
const GREY: Rgba = [128, 128, 128, 255];

beforeAll(async () => {
  renderer = createRenderer({ grey: await solid(256, 256, '#808080') });
  // 100x100 flat: red TL, green TR, blue BR, yellow BL quadrants.
  quadrants = await bitmap(
    canvas(100, 100, (ctx) => {
      const q: [string, number, number][] = [
        ['#FF0000', 0, 0],
        ['#00FF00', 50, 0],
        ['#0000FF', 50, 50],
        ['#FFFF00', 0, 50],
      ];
      for (const [c, x, y] of q) {
        ctx.fillStyle = c;
        ctx.fillRect(x, y, 50, 50);
      }
    }),
  );
});

afterAll(async () => {
  await renderer.dispose();
});

const near = (a: Rgba, b: Rgba, tol = 2): boolean => maxDiff(a, b) <= tol;

/** Pixel containing the point `d` px from corner `c` towards (or, negative, away from) `towards`. */
function stepFrom(c: [number, number], towards: [number, number], d: number): [number, number] {
  const dx = towards[0] - c[0];
  const dy = towards[1] - c[1];
  const len = Math.hypot(dx, dy);
  return [c[0] + (dx / len) * d, c[1] + (dy / len) * d];
}

/**
 * Each corner of the quad shows its quadrant's colour 1 px inside and the photo 1 px outside
 * (along the diagonal), so every corner lands within 1 px.
 */
function expectCorners(img: ImageData, corners: [number, number][]): void {
  const centre: [number, number] = [corners.reduce((s, c) => s + c[0], 0) / 4, corners.reduce((s, c) => s + c[1], 0) / 4];
  [RED, GREEN, BLUE, YELLOW].forEach((colour, i) => {
    const c = corners[i] as [number, number];
    const [ix, iy] = stepFrom(c, centre, 1.5);
    const [ox, oy] = stepFrom(c, centre, -1.5);
    // Edges antialiased by exact coverage leave a pixel this close to an acute corner a few per
    // cent uncovered (multisampling's four samples often all fall inside); a corner 1 px off
    // would leave it half grey.
    expect(near(px(img, ix, iy), colour, 24), `corner ${i} inside at ${ix},${iy}: ${px(img, ix, iy)}`).toBe(true);
    expect(near(px(img, ox, oy), GREY), `corner ${i} outside at ${ox},${oy}: ${px(img, ox, oy)}`).toBe(true);
  });
}

/** First x in [x0, x1) on row y where `test` holds (edges blurred by filtering cross at 50 %). */
function crossing(img: ImageData, y: number, x0: number, x1: number, test: (p: Rgba) => boolean): number {
  for (let x = x0; x < x1; x++) if (test(px(img, x, y))) return x;
  return -1;
}

async function render(layer: ReturnType<typeof smartObject>, flat: TexImageSource = quadrants): Promise<ImageData> {
  return renderer.renderViewToImageData({ view: view([layer], { imageUrl: 'grey' }), flats: { front: flat } });
}

describe('affine', () => {
  test('scaled and translated: edges on the expected pixels', async () => {
    const img = await render(smartObject({ matrix: [1.2, 0, 0, 0.8, 40, 30] }));
    // x from 40 to 160, y from 30 to 110: the outer edges are exact (MSAA coverage of whole pixels).
    expect(near(px(img, 40, 30), RED), 'top-left inside').toBe(true);
    expect(near(px(img, 39, 30), GREY), 'left of it').toBe(true);
    expect(near(px(img, 40, 29), GREY), 'above it').toBe(true);
    expect(near(px(img, 159, 109), BLUE), 'bottom-right inside').toBe(true);
    expect(near(px(img, 160, 109), GREY), 'right of it').toBe(true);
    expect(near(px(img, 159, 110), GREY), 'below it').toBe(true);
    // The quadrant boundary (source x = 50) lands at 40 + 1.2 * 50 = 100; bilinear filtering
    // blends across it, so find where green overtakes red.
    expect(crossing(img, 50, 42, 158, (p) => p[1] > p[0])).toBe(100);
  });

  test('rotated 30 degrees: corners within 1 px', async () => {
    const a = Math.PI / 6;
    const m: [number, number, number, number, number, number] = [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 120, 40];
    const img = await render(smartObject({ matrix: m, OS: { w: 100, h: 100 } }));
    const map = (x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
    expectCorners(img, [map(0, 0), map(100, 0), map(100, 100), map(0, 100)]);
  });
});

describe('perspective', () => {
  const quad: [number, number, number, number, number, number, number, number] = [60, 40, 200, 70, 190, 180, 50, 230];

  test('corners within 1 px and the centre at the diagonals crossing', async () => {
    const img = await render(smartObject({ M: { kind: 'perspective', quad: [0, 0, 1, 0, 1, 1, 0, 1], nonAffine: quad } }));
    const corners: [number, number][] = [
      [quad[0], quad[1]],
      [quad[2], quad[3]],
      [quad[4], quad[5]],
      [quad[6], quad[7]],
    ];
    expectCorners(img, corners);
    // A projective map sends the square's centre to where the quad's diagonals cross; an
    // affine-per-triangle approximation would put the quadrant boundaries elsewhere.
    const [p0, p1, p2, p3] = corners as [[number, number], [number, number], [number, number], [number, number]];
    const d1 = [p2[0] - p0[0], p2[1] - p0[1]];
    const d2 = [p3[0] - p1[0], p3[1] - p1[1]];
    const den = (d1[0] as number) * (d2[1] as number) - (d1[1] as number) * (d2[0] as number);
    const t = ((p1[0] - p0[0]) * (d2[1] as number) - (p1[1] - p0[1]) * (d2[0] as number)) / den;
    const cx = p0[0] + t * (d1[0] as number);
    const cy = p0[1] + t * (d1[1] as number);
    const bilinear = [(p0[0] + p1[0] + p2[0] + p3[0]) / 4, (p0[1] + p1[1] + p2[1] + p3[1]) / 4];
    expect(Math.hypot(cx - (bilinear[0] as number), cy - (bilinear[1] as number)), 'scene has real perspective').toBeGreaterThan(3);
    expect(near(px(img, cx - 1.5, cy - 1.5), RED)).toBe(true);
    expect(near(px(img, cx + 1.5, cy - 1.5), GREEN)).toBe(true);
    expect(near(px(img, cx + 1.5, cy + 1.5), BLUE)).toBe(true);
    expect(near(px(img, cx - 1.5, cy + 1.5), YELLOW)).toBe(true);
  });

  test('quad without nonAffine is used as is', async () => {
    const a = await render(smartObject({ M: { kind: 'perspective', quad, nonAffine: null } }));
    const b = await render(smartObject({ M: { kind: 'perspective', quad: [0, 0, 9, 0, 9, 9, 0, 9], nonAffine: quad } }));
    expect(meanAbsDiff(a, b)).toBe(0);
  });
});

function identityPatch(x: number, y: number, w: number, h: number, rows = 4, cols = 4): Point[] {
  const pts: Point[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) pts.push({ x: x + (w * c) / (cols - 1), y: y + (h * r) / (rows - 1) });
  return pts;
}

describe('bezier patch', () => {
  test('the identity patch equals the affine placement', async () => {
    const flat = await checker(100, 100, 10);
    const affine = await render(smartObject({ matrix: [1.5, 0, 0, 1.2, 30.5, 40.25] }), flat);
    const bezier = await render(
      smartObject({ M: { kind: 'bezier' }, PS: { kind: 'custom', points: identityPatch(30.5, 40.25, 150, 120) } }),
      flat,
    );
    expect(meanAbsDiff(affine, bezier)).toBeLessThan(0.05);
  });

  test('a bent patch moves the middle of the flat and keeps the corners', async () => {
    const pts = identityPatch(50, 50, 150, 150);
    // Push the two inner control points of the top row down by 30 px: the top edge sags.
    for (const i of [1, 2]) {
      const p = pts[i] as Point;
      pts[i] = { x: p.x, y: p.y + 30 };
    }
    const img = await render(smartObject({ M: { kind: 'bezier' }, PS: { kind: 'custom', points: pts } }));
    expectCorners(img, [
      [50, 50],
      [200, 50],
      [200, 200],
      [50, 200],
    ]);
    // Top edge y = 50 + 30 * 3u(1 - u): 72.4 at x = 120.5 (u = 0.47), clear of the quadrant
    // boundary at u = 0.5 where filtering mixes red and green.
    expect(near(px(img, 120, 71), GREY), `${px(img, 120, 71)}`).toBe(true);
    expect(near(px(img, 120, 74), RED, 4), `${px(img, 120, 74)}`).toBe(true);
  });
});

describe('quilt', () => {
  /** Left 30 % red, the rest blue, on a 100 px wide flat. */
  async function splitFlat(): Promise<ImageBitmap> {
    return bitmap(
      canvas(100, 100, (ctx) => {
        ctx.fillStyle = '#FF0000';
        ctx.fillRect(0, 0, 30, 100);
        ctx.fillStyle = '#0000FF';
        ctx.fillRect(30, 0, 70, 100);
      }),
    );
  }

  /** 4 rows x 7 cols: two patches side by side split at source x = 30, identity placement at (40, 60) x1.5. */
  function quilt(shiftMiddle = 0): QuiltWarpPoints {
    const xs = [0, 10, 20, 30, 53.333333, 76.666667, 100].map((x) => 40 + 1.5 * x);
    const points: Point[] = [];
    for (let r = 0; r < 4; r++) {
      xs.forEach((x, c) => points.push({ x: c === 3 ? x + shiftMiddle : x, y: 60 + (1.5 * 100 * r) / 3 }));
    }
    return { kind: 'quilt', rows: 4, cols: 7, points, quiltSliceX: [0, 30, 100], quiltSliceY: [0, 100] };
  }

  test('an identity quilt equals the affine placement', async () => {
    const flat = await checker(100, 100, 10);
    const affine = await render(smartObject({ matrix: [1.5, 0, 0, 1.5, 40, 60] }), flat);
    const q = await render(smartObject({ M: { kind: 'quilt' }, PS: quilt() }), flat);
    expect(meanAbsDiff(affine, q)).toBeLessThan(0.05);
  });

  test('moving the shared column moves the slice boundary', async () => {
    const flat = await splitFlat();
    for (const shift of [0, 12]) {
      const img = await render(smartObject({ M: { kind: 'quilt' }, PS: quilt(shift) }), flat);
      // Source x = 30 is the slice boundary: it lands at 40 + 45 + shift.
      const edge = 85 + shift;
      for (const y of [70, 135, 200]) {
        expect(
          crossing(img, y, 45, 190, (p) => p[2] > p[0]),
          `shift ${shift} y ${y}`,
        ).toBe(edge);
      }
    }
  });
});

describe('cylinder', () => {
  /** 16 vertical stripes alternating black and white, 10 px each. */
  async function stripes(): Promise<ImageBitmap> {
    return bitmap(
      canvas(160, 100, (ctx) => {
        ctx.fillStyle = '#FFFFFF';
        ctx.fillRect(0, 0, 160, 100);
        ctx.fillStyle = '#000000';
        for (let i = 0; i < 16; i += 2) ctx.fillRect(i * 10, 0, 10, 100);
      }),
    );
  }

  const M = {
    kind: 'cylinder' as const,
    quad: [40, 60, 216, 60, 216, 200, 40, 200] as [number, number, number, number, number, number, number, number],
    bulgeTop: 0,
    bulgeBottom: 0,
    arc: 180,
  };

  test('stripes are compressed towards the edges as x = cx + r sin(theta)', async () => {
    const img = await render(smartObject({ M, OS: { w: 160, h: 100 } }), await stripes());
    const row = 130;
    // Expected stripe boundaries: u = k/16, theta = (u - 0.5) * pi, x = 128 + 88 sin(theta).
    const boundaries = Array.from({ length: 15 }, (_, k) => 128 + 88 * Math.sin(((k + 1) / 16 - 0.5) * Math.PI));
    const found: number[] = [];
    let prev = px(img, 41, row)[0] > 128;
    for (let x = 42; x < 215; x++) {
      const cur = px(img, x, row)[0] > 128;
      if (cur !== prev) found.push(x);
      prev = cur;
    }
    expect(found.length).toBe(15);
    found.forEach((x, k) => expect(Math.abs(x - (boundaries[k] as number)), `boundary ${k}`).toBeLessThanOrEqual(1));
    const widthCentre = (found[8] as number) - (found[7] as number);
    const widthEdge = (found[1] as number) - (found[0] as number);
    expect(widthCentre).toBeGreaterThan(widthEdge * 3);
  });

  test('shading darkens towards the silhouette', async () => {
    const white = await solid(160, 100, '#FFFFFF');
    const img = await render(smartObject({ M, OS: { w: 160, h: 100 } }), white);
    const centre = px(img, 128, 130)[0];
    expect(centre).toBeGreaterThanOrEqual(253);
    for (const x of [60, 50, 44]) {
      // theta from x, lighting = 1 - 0.3 * (1 - cos theta).
      const theta = Math.asin((x + 0.5 - 128) / 88);
      const want = 255 * (1 - 0.3 * (1 - Math.cos(theta)));
      expect(Math.abs(px(img, x, 130)[0] - want), `x ${x}: ${px(img, x, 130)[0]} vs ${want}`).toBeLessThanOrEqual(4);
    }
    expect(px(img, 50, 130)[0]).toBeLessThan(centre - 30);
  });

  test('the top edge sags by bulgeTop at the centre', async () => {
    const img = await render(smartObject({ M: { ...M, bulgeTop: 20 }, OS: { w: 160, h: 100 } }), await solid(160, 100, '#FF0000'));
    // The top edge is y = 60 + 20 cos(theta) with sin(theta) = (x - 128) / 88: 80 at the centre.
    for (const x of [128, 100, 60]) {
      const theta = Math.asin((x + 0.5 - 128) / 88);
      const edge = 60 + 20 * Math.cos(theta);
      const first = Array.from({ length: 60 }, (_, i) => 50 + i).find((y) => px(img, x, y)[0] > 160) ?? -1;
      expect(Math.abs(first + 0.5 - edge), `x ${x}: first red row ${first}, edge ${edge}`).toBeLessThanOrEqual(1);
    }
  });
});
