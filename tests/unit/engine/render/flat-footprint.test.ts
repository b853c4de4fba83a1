/**
 * Where a flat lands on a view's photo (the editor lines the product photo up with the print area
 * by it), and the CSS transform that draws the photo so: corners of the smart object on the photo
 * go to the flat's corners, zoom and pan on top.
 */
import { describe, expect, it } from 'vitest';
import { applyHomography, type Vec2 } from '../../../../engine/geometry';
import type { CustomTemplate, SmartObjectLayer } from '../../../../engine/model';
import { flatFootprint } from '../../../../engine/render/mockup/flat-footprint';
import { backdropTransform } from '../../../../src/designer/stage/backdrop';
import { validTemplate } from '../model/fixtures';

const close = (a: Vec2, b: Vec2) => {
  expect(a[0]).toBeCloseTo(b[0], 6);
  expect(a[1]).toBeCloseTo(b[1], 6);
};

function withLayers(layers: SmartObjectLayer[]): CustomTemplate {
  const t = validTemplate();
  return { ...t, viewList: [{ ...t.viewList[0]!, viewId: 'only', viewData: { ...t.viewList[0]!.viewData, layers } }] };
}
const layer = (M: SmartObjectLayer['M'], PS: SmartObjectLayer['PS'] = null): SmartObjectLayer => ({
  T: 'SmartObject',
  PS,
  OS: { w: 600, h: 700 },
  M,
  PPC: null,
  F: { kind: 'flat', flatId: 'front' },
  blend: 1,
  opacity: 1,
});

describe('flatFootprint', () => {
  it('maps an affine placement exactly: the photo corners of the flat to the flat corners', () => {
    // The front flat (600x700) is drawn at half size from (200, 150) on the 1000 px front photo,
    // the largest of the layers showing it there.
    const fp = flatFootprint(validTemplate(), 'front')!;
    expect(fp).toMatchObject({ viewId: 'v-front', viewWidth: 1000, viewHeight: 1000 });
    close(applyHomography(fp.viewToFlat, [200, 150]), [0, 0]);
    close(applyHomography(fp.viewToFlat, [500, 500]), [600, 700]);
    close(applyHomography(fp.viewToFlat, [350, 325]), [300, 350]);
  });

  it('finds a flat shown inside nested groups through its warp corners', () => {
    // The back flat sits in a group within a group on the front photo, a 4x4 warp over 100..400.
    const fp = flatFootprint(validTemplate(), 'back')!;
    expect(fp.viewId).toBe('v-front');
    close(applyHomography(fp.viewToFlat, [100, 100]), [0, 0]);
    close(applyHomography(fp.viewToFlat, [400, 100]), [600, 0]);
    close(applyHomography(fp.viewToFlat, [100, 400]), [0, 700]);
  });

  it('keeps perspective: a trapezoid on the photo maps to the flat rectangle', () => {
    const quad = [300, 100, 700, 100, 900, 800, 100, 800] as const;
    const fp = flatFootprint(withLayers([layer({ kind: 'perspective', quad: [...quad], nonAffine: null })]), 'front')!;
    close(applyHomography(fp.viewToFlat, [300, 100]), [0, 0]);
    close(applyHomography(fp.viewToFlat, [900, 800]), [600, 700]);
    // The bottom edge's midpoint is the flat's. Halfway down the photo is past the flat's middle
    // row: the far (short, upper) half of the flat is foreshortened into less of the photo.
    close(applyHomography(fp.viewToFlat, [500, 800]), [300, 700]);
    expect(applyHomography(fp.viewToFlat, [500, 450])[1]).toBeGreaterThan(350);
  });

  it('has none for a flat only a cylinder shows, or a flat no view shows', () => {
    const mug = withLayers([
      layer({ kind: 'cylinder', quad: [200, 200, 600, 200, 600, 500, 200, 500], bulgeTop: 10, bulgeBottom: 10, arc: 200 }),
    ]);
    expect(flatFootprint(mug, 'front')).toBeNull();
    expect(flatFootprint(validTemplate(), 'no-such-flat')).toBeNull();
    expect(flatFootprint(withLayers([]), 'front')).toBeNull();
  });
});

describe('backdropTransform', () => {
  /** Applies a CSS matrix3d (column-major 4x4) to a point on the element's plane. */
  function cssApply(css: string, [x, y]: Vec2): Vec2 {
    const m = css.slice('matrix3d('.length, -1).split(',').map(Number);
    expect(m).toHaveLength(16);
    const w = m[3]! * x + m[7]! * y + m[15]!;
    return [(m[0]! * x + m[4]! * y + m[12]!) / w, (m[1]! * x + m[5]! * y + m[13]!) / w];
  }

  it('puts each photo point where the stage draws its flat point: pan + zoom x flat', () => {
    const quad = [300, 100, 700, 100, 900, 800, 100, 800] as const;
    const fp = flatFootprint(withLayers([layer({ kind: 'perspective', quad: [...quad], nonAffine: null })]), 'front')!;
    const view = { zoom: 0.59, panX: 140, panY: 22 };
    const css = backdropTransform(fp.viewToFlat, view);
    for (const p of [
      [300, 100],
      [900, 800],
      [500, 450],
      [50, 950],
    ] as Vec2[]) {
      const [fx, fy] = applyHomography(fp.viewToFlat, p);
      const [sx, sy] = cssApply(css, p);
      expect(sx).toBeCloseTo(view.panX + view.zoom * fx, 4);
      expect(sy).toBeCloseTo(view.panY + view.zoom * fy, 4);
    }
  });
});
