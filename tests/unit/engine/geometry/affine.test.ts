import { describe, it, expect } from 'vitest';
import {
  applyAffine,
  elementBounds,
  elementCenter,
  elementCorners,
  elementMatrix,
  fabricObjectMatrix,
  hitTestElement,
  invertAffine,
  multiplyAffine,
  type ElementTransform,
  type Vec2,
} from '../../../../engine/geometry';

function expectNear(a: Vec2, b: Vec2, eps = 1e-9): void {
  expect(Math.abs(a[0] - b[0])).toBeLessThan(eps);
  expect(Math.abs(a[1] - b[1])).toBeLessThan(eps);
}

describe('elementMatrix (fabric.js v5 object transform)', () => {
  it('with defaults (origin left/top) is a translation by left/top', () => {
    const m = elementMatrix({ left: 30, top: 40, width: 100, height: 50 });
    expect(m).toEqual([1, 0, 0, 1, 30, 40]);
  });

  it('scales from the origin point', () => {
    const el: ElementTransform = { left: 30, top: 40, width: 100, height: 50, scaleX: 2, scaleY: 0.5 };
    expectNear(applyAffine(elementMatrix(el), [0, 0]), [30, 40]);
    expectNear(applyAffine(elementMatrix(el), [100, 50]), [230, 65]);
  });

  it('angle 90 about the centre origin: hand-computed corners', () => {
    // Centre (100,50); local (0,0) is (-20,-10) from it; rotating 90° clockwise (y down)
    // sends (dx,dy) to (-dy,dx) → (10,-20) → (110,30).
    const el: ElementTransform = { left: 100, top: 50, width: 40, height: 20, angle: 90, originX: 'center', originY: 'center' };
    const m = elementMatrix(el);
    expect(m).toEqual([0, 1, -1, 0, 110, 30]);
    expectNear(applyAffine(m, [0, 0]), [110, 30]);
    expectNear(applyAffine(m, [40, 0]), [110, 70]);
    expectNear(applyAffine(m, [40, 20]), [90, 70]);
    expectNear(applyAffine(m, [20, 10]), [100, 50]);
  });

  it('angle 90 with origin left/top rotates about the top-left point', () => {
    const el: ElementTransform = { left: 100, top: 50, width: 40, height: 20, angle: 90 };
    expectNear(elementCenter(el), [90, 70]);
    expectNear(applyAffine(elementMatrix(el), [0, 0]), [100, 50]);
    expectNear(applyAffine(elementMatrix(el), [40, 0]), [100, 90]);
  });

  it('flipX mirrors the content inside the same box', () => {
    const el: ElementTransform = { left: 10, top: 20, width: 40, height: 20, flipX: true };
    const m = elementMatrix(el);
    expect(m).toEqual([-1, 0, 0, 1, 50, 20]);
    expectNear(applyAffine(m, [0, 0]), [50, 20]);
    expectNear(applyAffine(m, [40, 20]), [10, 40]);
    expect(elementBounds(el)).toEqual({ minX: 10, minY: 20, maxX: 50, maxY: 40 });
  });

  it('flipY with scale and origin right/bottom', () => {
    const el: ElementTransform = {
      left: 200,
      top: 100,
      width: 50,
      height: 30,
      scaleX: 2,
      scaleY: 2,
      flipY: true,
      originX: 'right',
      originY: 'bottom',
    };
    // Box occupies x 100..200, y 40..100; flipY puts local top at the bottom.
    expectNear(applyAffine(elementMatrix(el), [0, 0]), [100, 100]);
    expectNear(applyAffine(elementMatrix(el), [50, 30]), [200, 40]);
  });

  it('counts strokeWidth in the dimensions as fabric does when the origin is not the centre', () => {
    const el: ElementTransform = { left: 0, top: 0, width: 100, height: 50, strokeWidth: 2 };
    expectNear(elementCenter(el), [51, 26]);
    expectNear(applyAffine(elementMatrix(el), [0, 0]), [1, 1]);
  });

  it('equals T(center)·R·S of fabric calcTransformMatrix for a general case', () => {
    const el: ElementTransform = {
      left: 321,
      top: 123,
      width: 80,
      height: 60,
      scaleX: 1.5,
      scaleY: 0.75,
      angle: 30,
      originX: 'center',
      originY: 'top',
    };
    const rad = Math.PI / 6;
    // fabric: centre = origin shifted by half the scaled height, rotated about the origin.
    const c: Vec2 = [321 - Math.sin(rad) * 22.5, 123 + Math.cos(rad) * 22.5];
    expectNear(elementCenter(el), c);
    const m = fabricObjectMatrix(el);
    expectNear([m[0], m[1]], [Math.cos(rad) * 1.5, Math.sin(rad) * 1.5]);
    expectNear([m[2], m[3]], [-Math.sin(rad) * 0.75, Math.cos(rad) * 0.75]);
    expectNear([m[4], m[5]], c);
  });
});

describe('inverse, bounds and hit testing', () => {
  const el: ElementTransform = {
    left: 400,
    top: 300,
    width: 200,
    height: 100,
    scaleX: 0.5,
    scaleY: 0.5,
    angle: 45,
    originX: 'center',
    originY: 'center',
  };

  it('the inverse undoes the matrix', () => {
    const m = elementMatrix(el);
    const id = multiplyAffine(m, invertAffine(m));
    [1, 0, 0, 1, 0, 0].forEach((v, i) => expect(id[i]).toBeCloseTo(v, 12));
    expect(() => invertAffine([0, 0, 0, 1, 5, 5])).toThrow(/singular/);
  });

  it('bounds enclose the rotated box', () => {
    const b = elementBounds(el);
    const half = (100 * Math.SQRT1_2 + 50 * Math.SQRT1_2) / 2;
    expect(b.minX).toBeCloseTo(400 - half, 9);
    expect(b.maxX).toBeCloseTo(400 + half, 9);
    expect(b.minY).toBeCloseTo(300 - half, 9);
    expect(b.maxY).toBeCloseTo(300 + half, 9);
    expect(elementCorners(el)).toHaveLength(4);
  });

  it('hits points inside the rotated box only', () => {
    expect(hitTestElement(el, [400, 300])).toBe(true);
    expect(hitTestElement(el, [420, 320])).toBe(true); // along the long (rotated x) axis
    expect(hitTestElement(el, [400 + 40, 300 - 40])).toBe(false); // 56.6 px along the short axis, half-height is 25
    expect(hitTestElement(el, [b().minX + 1, b().minY + 1])).toBe(false); // bounding-box corner is outside a rotated box
    expect(hitTestElement({ ...el, scaleX: 0 }, [400, 300])).toBe(false);
  });

  function b() {
    return elementBounds(el);
  }
});
