import { describe, it, expect } from 'vitest';
import {
  affineFromPsdTransform,
  applyAffine,
  applyHomography,
  composeHomography,
  invertHomography,
  isAffineHomography,
  mat3FromMat2d,
  perspectiveFromPsdTransforms,
  placedLayerHomography,
  solveHomography,
  type Quad,
  type Vec2,
} from '../../../../engine/geometry';

const src: Quad = [
  [0, 0],
  [1200, 0],
  [1200, 800],
  [0, 800],
];
const dst: Quad = [
  [312.5, 140.25],
  [1510, 201],
  [1422.75, 1033.5],
  [280, 960],
];

function expectNear(a: Vec2, b: Vec2, eps: number): void {
  expect(Math.abs(a[0] - b[0])).toBeLessThan(eps);
  expect(Math.abs(a[1] - b[1])).toBeLessThan(eps);
}

describe('solveHomography', () => {
  it('maps the four given points within 1e-9', () => {
    const h = solveHomography(src, dst);
    for (let i = 0; i < 4; i++) expectNear(applyHomography(h, src[i]!), dst[i]!, 1e-9);
    expect(h[8]).toBe(1);
    expect(isAffineHomography(h)).toBe(false);
  });

  it('round-trips through its inverse', () => {
    const h = solveHomography(src, dst);
    const inv = invertHomography(h);
    for (let i = 0; i < 4; i++) expectNear(applyHomography(inv, dst[i]!), src[i]!, 1e-9);
    for (const p of [
      [17, 33],
      [600, 400],
      [1199, 5],
    ] as Vec2[]) {
      expectNear(applyHomography(inv, applyHomography(h, p)), p, 1e-9);
    }
  });

  it('has zero perspective terms for an affine (parallelogram) quad', () => {
    const para: Quad = [
      [100, 50],
      [1300, 250],
      [1200, 1050],
      [0, 850],
    ]; // TR + BL - TL = BR
    const h = solveHomography(src, para);
    expect(Math.abs(h[2])).toBeLessThan(1e-15);
    expect(Math.abs(h[5])).toBeLessThan(1e-15);
    expect(isAffineHomography(h)).toBe(true);
    expectNear(applyHomography(h, [600, 400]), [650, 550], 1e-9); // centre → centre of the parallelogram
  });

  it("keeps straight lines straight and maps the source centre to the diagonals' crossing", () => {
    const h = solveHomography(src, dst);
    const c = applyHomography(h, [600, 400]);
    // The image of the centre lies on both image diagonals.
    const side = (a: Vec2, b: Vec2, p: Vec2): number => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    expect(Math.abs(side(dst[0], dst[2], c))).toBeLessThan(1e-6);
    expect(Math.abs(side(dst[1], dst[3], c))).toBeLessThan(1e-6);
  });

  it('throws on collinear source or destination points', () => {
    expect(() =>
      solveHomography(
        [
          [0, 0],
          [1, 1],
          [2, 2],
          [0, 5],
        ],
        dst,
      ),
    ).toThrow(/collinear/);
    expect(() =>
      solveHomography(src, [
        [0, 0],
        [10, 0],
        [20, 0],
        [0, 10],
      ]),
    ).toThrow(/collinear/);
    expect(() =>
      solveHomography(src, [
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    ).toThrow(/degenerate/);
  });

  it('throws when inverting a singular matrix', () => {
    expect(() => invertHomography([1, 2, 0, 2, 4, 0, 0, 0, 1])).toThrow(/singular/);
  });
});

describe('composeHomography', () => {
  it('applies first then second', () => {
    const a = solveHomography(src, dst);
    const b = mat3FromMat2d([2, 0, 0, 3, 10, -5]);
    const ab = composeHomography(a, b);
    for (const p of [
      [0, 0],
      [300, 700],
      [1200, 800],
    ] as Vec2[]) {
      const q = applyHomography(a, p);
      expectNear(applyHomography(ab, p), [2 * q[0] + 10, 3 * q[1] - 5], 1e-9);
    }
  });
});

describe('Photoshop placed-layer transforms', () => {
  // Source 400x200 rotated 90° clockwise and moved: TL, TR, BR, BL.
  const transform = [500, 100, 500, 500, 300, 500, 300, 100];

  it('builds the affine map from the source rectangle to the transform quad', () => {
    const m = affineFromPsdTransform(transform, 400, 200);
    expectNear(applyAffine(m, [0, 0]), [500, 100], 1e-12);
    expectNear(applyAffine(m, [400, 0]), [500, 500], 1e-12);
    expectNear(applyAffine(m, [400, 200]), [300, 500], 1e-12);
    expectNear(applyAffine(m, [0, 200]), [300, 100], 1e-12);
  });

  it('the perspective part is the identity when nonAffineTransform equals transform', () => {
    const p = perspectiveFromPsdTransforms(transform, transform);
    for (let i = 0; i < 9; i++) expect(p[i]).toBeCloseTo([1, 0, 0, 0, 1, 0, 0, 0, 1][i]!, 12);
  });

  it('maps the affine quad onto the non-affine corners, and the full placement maps the source corners there', () => {
    const nonAffine = [520, 90, 510, 520, 290, 480, 310, 120];
    const persp = perspectiveFromPsdTransforms(transform, nonAffine);
    const full = placedLayerHomography(transform, nonAffine, 400, 200);
    const srcCorners: Vec2[] = [
      [0, 0],
      [400, 0],
      [400, 200],
      [0, 200],
    ];
    for (let i = 0; i < 4; i++) {
      const target: Vec2 = [nonAffine[i * 2]!, nonAffine[i * 2 + 1]!];
      expectNear(applyHomography(persp, [transform[i * 2]!, transform[i * 2 + 1]!]), target, 1e-9);
      expectNear(applyHomography(full, srcCorners[i]!), target, 1e-9);
    }
    // Same map as affine followed by perspective.
    const composed = composeHomography(mat3FromMat2d(affineFromPsdTransform(transform, 400, 200)), persp);
    expectNear(applyHomography(full, [123, 77]), applyHomography(composed, [123, 77]), 1e-9);
  });

  it('without nonAffineTransform the placement is purely affine', () => {
    expect(isAffineHomography(placedLayerHomography(transform, undefined, 400, 200))).toBe(true);
  });

  it('rejects malformed corner lists', () => {
    expect(() => affineFromPsdTransform([0, 0, 1, 1], 10, 10)).toThrow(/8 finite numbers/);
    expect(() => affineFromPsdTransform([0, 0, 10, 0, 20, 0, 30, 0], 10, 10)).toThrow(/collinear/);
  });
});
