/**
 * Edge antialiasing by coverage (the mesh with its skirt, scaled by a mask drawn on the 2D canvas;
 * the default where WebGL runs on the CPU) against multisampling (the default on a GPU): every
 * scene renders to the same picture through both, within the difference four samples make on an
 * edge; and coverage is exact where multisampling can only count samples.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PathCommand, Point } from '../../../engine/model/index.ts';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { foldedTriangles } from '../../../engine/render/mockup/mesh-outline.ts';
import { bitmap, canvas, createRenderer, group, meanAbsDiff, px, rectPath, smartObject, solid, view } from './helpers.ts';

let msaa: MockupRenderer;
let coverage: MockupRenderer;
let red: ImageBitmap;
let art: ImageBitmap;

beforeAll(async () => {
  const images = { grey: await solid(256, 256, '#808080') };
  msaa = createRenderer(images, { antialias: 'msaa' });
  coverage = createRenderer(images, { antialias: 'coverage' });
  red = await solid(100, 100, '#FF0000');
  // Artwork with transparency inside and at its edges, as merchants' designs have.
  art = await bitmap(
    canvas(100, 100, (ctx) => {
      ctx.fillStyle = 'rgba(30, 60, 200, 0.6)';
      ctx.fillRect(0, 0, 100, 100);
      ctx.fillStyle = '#F5C400';
      ctx.beginPath();
      ctx.arc(50, 50, 30, 0, Math.PI * 2);
      ctx.fill();
      ctx.clearRect(40, 0, 20, 100);
    }),
  );
});

afterAll(async () => {
  await msaa.dispose();
  await coverage.dispose();
});

function circle(cx: number, cy: number, r: number, clockwise = true): PathCommand[] {
  const k = 0.5522847498 * r * (clockwise ? 1 : -1);
  const c = (x: number, y: number): PathCommand => ({ Type: 'C', X: x, Y: y });
  const s = clockwise ? 1 : -1;
  return [
    { Type: 'M', X: cx + r, Y: cy },
    c(cx + r, cy + k),
    c(cx + k, cy + s * r),
    c(cx, cy + s * r),
    c(cx - k, cy + s * r),
    c(cx - r, cy + k),
    c(cx - r, cy),
    c(cx - r, cy - k),
    c(cx - k, cy - s * r),
    c(cx, cy - s * r),
    c(cx + k, cy - s * r),
    c(cx + r, cy - k),
    c(cx + r, cy),
    { Type: 'Z', X: 0, Y: 0 },
  ];
}

function bulgedPatch(): Point[] {
  const pts: Point[] = [];
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++)
      pts.push({
        x: 40 + 55 * c + (r === 1 || r === 2 ? (c === 0 ? -18 : c === 3 ? 18 : 0) : 0),
        y: 30 + 60 * r + (c === 1 || c === 2 ? (r === 0 ? -15 : r === 3 ? 15 : 0) : 0),
      });
  return pts;
}

const scenes: Record<string, () => ReturnType<typeof view>> = {
  'rotated affine': () =>
    view([smartObject({ matrix: [0.97, 0.26, -0.26, 0.97, 90.3, 40.6], OS: { w: 120, h: 120 } })], { imageUrl: 'grey' }),
  perspective: () =>
    view([smartObject({ M: { kind: 'perspective', quad: [0, 0, 1, 0, 1, 1, 0, 1], nonAffine: [60, 40, 200, 70, 190, 180, 50, 230] } })], {
      imageUrl: 'grey',
    }),
  'bezier warp': () => view([smartObject({ M: { kind: 'bezier' }, PS: { kind: 'custom', points: bulgedPatch() } })], { imageUrl: 'grey' }),
  'curved clip with a hole, in a clipped group': () =>
    view(
      [
        group(
          [smartObject({ matrix: [2, 0, 0, 2, 28, 28], PPC: [...circle(128, 128, 90), ...circle(128, 128, 35, false)] })],
          rectPath(20.5, 40.25, 236.5, 200.75),
        ),
      ],
      { imageUrl: 'grey' },
    ),
};

describe.each(Object.entries(scenes))('%s', (_name, scene) => {
  test.each([
    ['a solid flat', () => red],
    ['artwork with transparency', () => art],
  ])('%s: the same picture through both', async (_what, flat) => {
    const opts = { view: scene(), flats: { front: flat() } };
    const a = await msaa.renderViewToImageData(opts);
    const b = await coverage.renderViewToImageData(opts);
    let worst = 0;
    for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs((a.data[i] as number) - (b.data[i] as number)));
    // Measured 0.02-0.09 and at most 44 levels: only edge pixels differ, by what four samples
    // can miss of a pixel's coverage (a quarter of the colour step at most).
    expect(meanAbsDiff(a, b)).toBeLessThan(0.2);
    expect(worst).toBeLessThanOrEqual(64);
  });
});

describe('coverage', () => {
  test('tiles read the one mask of their layer: a tiled render equals a whole one', async () => {
    const tiled = createRenderer({ grey: await solid(256, 256, '#808080') }, { antialias: 'coverage', maxTileSize: 100 });
    try {
      for (const scene of [scenes['bezier warp']!, scenes['curved clip with a hole, in a clipped group']!]) {
        const opts = { view: scene(), flats: { front: art } };
        expect(meanAbsDiff(await tiled.renderViewToImageData(opts), await coverage.renderViewToImageData(opts))).toBe(0);
      }
    } finally {
      await tiled.dispose();
    }
  });

  test('an edge through a pixel mixes by the area it covers', async () => {
    // Left edge at x = 40.3: pixel 40 is 70 % red, where four samples would say 75 %.
    const img = await coverage.renderViewToImageData({
      view: view([smartObject({ matrix: [1, 0, 0, 1, 40.3, 30] })], { imageUrl: 'grey' }),
      flats: { front: red },
    });
    const [r, g, b] = px(img, 40, 60);
    expect(Math.abs((r as number) - (0.7 * 255 + 0.3 * 128))).toBeLessThanOrEqual(2);
    expect(Math.abs((g as number) - 0.3 * 128)).toBeLessThanOrEqual(2);
    expect(Math.abs((b as number) - 0.3 * 128)).toBeLessThanOrEqual(2);
    expect(px(img, 41, 60).slice(0, 3)).toEqual([255, 0, 0]);
    expect(px(img, 39, 60).slice(0, 3)).toEqual([128, 128, 128]);
  });

  test('no seams inside a warped mesh: the mask covers the union of its triangles', async () => {
    const img = await coverage.renderViewToImageData({ view: scenes['bezier warp']!(), flats: { front: red } });
    for (let y = 60; y < 190; y++) for (let x = 70; x < 190; x++) expect(px(img, x, y).slice(0, 3), `${x},${y}`).toEqual([255, 0, 0]);
  });

  test('a mesh folded over itself keeps the fold in its mask', () => {
    // Three quads in a row whose last one is turned back over the middle one: its triangles run
    // the other way, and the outline's winding cancels where the fold lies over the mesh.
    const positions = new Float32Array([0, 0, 10, 0, 20, 0, 15, 0, 0, 10, 10, 10, 20, 10, 15, 10]);
    const indices = new Uint32Array([0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6]);
    const folds = foldedTriangles({ positions, indices });
    expect(folds).toHaveLength(2);
    expect(folds.flat().every(([x]) => x >= 15 && x <= 20)).toBe(true);
    expect(foldedTriangles({ positions, indices: indices.slice(0, 12) })).toEqual([]);
  });
});
