/** The Photo panel's crop maths: the frame keeps the print's shape, the placed photo prints exactly the crop, DPI bands follow the crop. */
import { describe, expect, it } from 'vitest';
import { elementCorners } from '@pod-studio/engine/geometry';
import {
  cropAt,
  cropDpi,
  cropOfElement,
  cropZoom,
  moveCrop,
  placeCroppedPhoto,
  photoIdOf,
  printAspect,
  zoomCrop,
} from '../../../src/designer/panels/photo-tools';
import { cropError } from '../../../contract/photos';

// An 8 x 10 in print edited at 800 x 1000 design px and printed at 1200 x 1500 px.
const FLAT = { width: 800, height: 1000, flatWidth: 1200, flatHeight: 1500 };
const LANDSCAPE = { width: 3000, height: 2000 };

describe('crop frame', () => {
  it('starts as the largest centred crop of the print shape', () => {
    const c = cropAt(LANDSCAPE, printAspect(FLAT));
    // 2000 px tall fits; 0.8 x 2000 = 1600 px wide.
    expect(c.height).toBeCloseTo(1);
    expect(c.width).toBeCloseTo(1600 / 3000);
    expect(c.x).toBeCloseTo((1 - 1600 / 3000) / 2);
    expect(c.y).toBeCloseTo(0);
    expect((c.width * LANDSCAPE.width) / (c.height * LANDSCAPE.height)).toBeCloseTo(0.8);
    expect(cropError(c)).toBeNull();
  });

  it('zooms about its centre, keeps the shape, and stays inside the photo when moved', () => {
    const aspect = printAspect(FLAT);
    const c = zoomCrop(LANDSCAPE, aspect, cropAt(LANDSCAPE, aspect), 2);
    expect(cropZoom(LANDSCAPE, aspect, c)).toBeCloseTo(2);
    expect(c.x + c.width / 2).toBeCloseTo(0.5);
    expect((c.width * LANDSCAPE.width) / (c.height * LANDSCAPE.height)).toBeCloseTo(0.8);
    const far = moveCrop(c, 5, -5);
    expect(far.x + far.width).toBeCloseTo(1);
    expect(far.y).toBe(0);
    expect(cropError(far)).toBeNull();
  });
});

describe('placing the cropped photo', () => {
  it('maps the crop onto the whole print area', () => {
    const crop = { x: 0.2, y: 0.1, width: 0.4, height: 0.6 };
    const el = placeCroppedPhoto('photo', FLAT, { url: 'u', width: 3000, height: 2000, photoId: 7 }, crop, null);
    expect(photoIdOf(el)).toBe(7);
    expect(el.adjust).toBeUndefined();
    // The crop's corners in photo px land on the flat's corners.
    const [tl, , br] = elementCorners(el);
    const at = (fx: number, fy: number) => [tl![0] + (br![0] - tl![0]) * fx, tl![1] + (br![1] - tl![1]) * fy];
    const [x0, y0] = at(crop.x, crop.y);
    const [x1, y1] = at(crop.x + crop.width, crop.y + crop.height);
    expect(x0).toBeCloseTo(0);
    expect(y0).toBeCloseTo(0);
    expect(x1).toBeCloseTo(FLAT.width);
    expect(y1).toBeCloseTo(FLAT.height);
    const back = cropOfElement(el, FLAT);
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(back[k]).toBeCloseTo(crop[k]);
  });

  it('carries the adjustment onto the element', () => {
    const adjust = { brightness: 10, contrast: 0, saturation: -20, filter: 'sepia' as const };
    const el = placeCroppedPhoto(
      'photo',
      FLAT,
      { url: 'u', width: 100, height: 100, photoId: 1 },
      { x: 0, y: 0, width: 0.8, height: 1 },
      adjust,
    );
    expect(el.adjust).toEqual(adjust);
  });
});

describe('DPI of a crop', () => {
  it('falls through the bands as the crop gets smaller', () => {
    const aspect = printAspect(FLAT);
    const whole = cropDpi(LANDSCAPE, cropAt(LANDSCAPE, aspect), FLAT);
    // 1600 photo px across 1200 print px at the default 125 dpi (9.6 in): about 167 dpi.
    expect(whole.dpi).toBe(167);
    expect(whole.quality).toBe('good');
    expect(cropDpi(LANDSCAPE, cropAt(LANDSCAPE, aspect, 1.6), FLAT).quality).toBe('medium');
    expect(cropDpi(LANDSCAPE, cropAt(LANDSCAPE, aspect, 3), FLAT).quality).toBe('bad');
    expect(cropDpi({ width: 400, height: 500 }, cropAt({ width: 400, height: 500 }, aspect), FLAT).quality).toBe('bad');
  });
});
