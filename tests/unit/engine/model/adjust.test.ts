/** Photo adjustments: the colour maths, the pixel pass and the schema of the image element's `adjust`. */
import { describe, expect, it } from 'vitest';
import {
  adjustKey,
  adjustPixels,
  adjustRgb,
  imageAssetKey,
  isNeutralAdjust,
  NEUTRAL_ADJUST,
  validateDesignElement,
  type ImageAdjust,
} from '../../../../engine/model/index.ts';

const adj = (p: Partial<ImageAdjust>): ImageAdjust => ({ ...NEUTRAL_ADJUST, ...p });
const rgb255 = (r: number, g: number, b: number, a: ImageAdjust) => adjustRgb(r / 255, g / 255, b / 255, a).map((v) => Math.round(v * 255));

const image = (extra: Record<string, unknown>) => ({
  type: 'image',
  flatId: 'front',
  localId: 'p1',
  left: 0,
  top: 0,
  width: 100,
  height: 80,
  originalWidth: 100,
  originalHeight: 80,
  url: 'https://x.example/p.jpg',
  ...extra,
});

describe('adjustRgb', () => {
  it('leaves colours alone when neutral', () => {
    expect(rgb255(12, 130, 250, NEUTRAL_ADJUST)).toEqual([12, 130, 250]);
  });

  it('brightness scales every channel by 1 + b/100, clamped', () => {
    expect(rgb255(100, 50, 200, adj({ brightness: 20 }))).toEqual([120, 60, 240]);
    expect(rgb255(100, 50, 200, adj({ brightness: 50 }))).toEqual([150, 75, 255]);
    expect(rgb255(100, 50, 200, adj({ brightness: -100 }))).toEqual([0, 0, 0]);
  });

  it('contrast pushes channels away from (or towards) mid grey', () => {
    // (v - 0.5) * 1.5 + 0.5 on 0-1 values.
    expect(rgb255(64, 128, 192, adj({ contrast: 50 }))).toEqual([32, 128, 224]);
    expect(rgb255(0, 255, 64, adj({ contrast: -100 }))).toEqual([128, 128, 128]);
  });

  it('saturation keeps greys grey and scales colour away from its luma', () => {
    expect(rgb255(90, 90, 90, adj({ saturation: 80 }))).toEqual([90, 90, 90]);
    // Fully desaturated: every channel becomes the Rec. 709 luma.
    const luma = Math.round(0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50);
    expect(rgb255(200, 100, 50, adj({ saturation: -100 }))).toEqual([luma, luma, luma]);
    const [r = 0, g = 0, b = 0] = rgb255(200, 100, 50, adj({ saturation: 50 }));
    expect(r - b).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
  });

  it('filters: greyscale, sepia, warm, cool', () => {
    const luma = Math.round(0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50);
    expect(rgb255(200, 100, 50, adj({ filter: 'greyscale' }))).toEqual([luma, luma, luma]);
    expect(rgb255(100, 100, 100, adj({ filter: 'sepia' }))).toEqual([
      Math.round(1.351 * 100),
      Math.round(1.203 * 100),
      Math.round(0.937 * 100),
    ]);
    expect(rgb255(100, 100, 100, adj({ filter: 'warm' }))).toEqual([110, 100, 85]);
    expect(rgb255(100, 100, 100, adj({ filter: 'cool' }))).toEqual([88, 100, 112]);
  });

  it('applies brightness, then contrast, then saturation, then the filter', () => {
    const a = adj({ brightness: 20, contrast: 50, filter: 'greyscale' });
    // 100 → 120 (brightness) → (120/255 - 0.5) * 1.5 + 0.5 → grey of equal channels.
    const v = Math.round(((120 / 255 - 0.5) * 1.5 + 0.5) * 255);
    expect(rgb255(100, 100, 100, a)).toEqual([v, v, v]);
  });
});

describe('adjustPixels', () => {
  it('adjusts RGB in place, keeps alpha, and matches adjustRgb', () => {
    const data = new Uint8ClampedArray([100, 50, 200, 255, 10, 20, 30, 128, 100, 50, 200, 0]);
    const a = adj({ brightness: 20, saturation: -30, filter: 'warm' });
    adjustPixels(data, a);
    expect([...data.slice(0, 3)]).toEqual(rgb255(100, 50, 200, a));
    expect(data[3]).toBe(255);
    expect([...data.slice(4, 7)]).toEqual(rgb255(10, 20, 30, a));
    expect(data[7]).toBe(128);
    expect(data[11]).toBe(0);
  });

  it('is a no-op when neutral', () => {
    const data = new Uint8ClampedArray([1, 2, 3, 4]);
    adjustPixels(data, NEUTRAL_ADJUST);
    expect([...data]).toEqual([1, 2, 3, 4]);
  });
});

describe('keys', () => {
  it('neutral adjustments keep the plain URL; others key URL and adjustment', () => {
    expect(isNeutralAdjust(undefined)).toBe(true);
    expect(adjustKey(NEUTRAL_ADJUST)).toBe('');
    expect(imageAssetKey({ url: 'u' })).toBe('u');
    expect(imageAssetKey({ url: 'u', adjust: adj({ contrast: 5 }) })).toBe('u#adjust=b0c5s0fnone');
    expect(imageAssetKey({ url: 'u', adjust: adj({ contrast: 5 }) })).not.toBe(imageAssetKey({ url: 'u', adjust: adj({ contrast: 6 }) }));
  });
});

describe('schema', () => {
  it('reads documents without adjust as before (nothing added)', () => {
    const r = validateDesignElement(image({}));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).not.toHaveProperty('adjust', expect.anything());
  });

  it('fills missing adjust fields with their defaults and drops a neutral one', () => {
    const r = validateDesignElement(image({ adjust: { brightness: 15 } }));
    expect(r.ok && r.value.type === 'image' ? r.value.adjust : null).toEqual({
      brightness: 15,
      contrast: 0,
      saturation: 0,
      filter: 'none',
    });
    const n = validateDesignElement(image({ adjust: { filter: 'none' } }));
    expect(n.ok && n.value.type === 'image' ? n.value.adjust : 'bad').toBeUndefined();
  });

  it('refuses out-of-range values and unknown filters with the path and reason', () => {
    const high = validateDesignElement(image({ adjust: { brightness: 101 } }));
    expect(high.ok).toBe(false);
    if (!high.ok) expect(high.reason).toMatch(/adjust\.brightness.*from -100 to 100.*101/);
    const filter = validateDesignElement(image({ adjust: { filter: 'vintage' } }));
    expect(filter.ok).toBe(false);
    if (!filter.ok) expect(filter.reason).toMatch(/adjust\.filter.*unknown filter/);
    const nan = validateDesignElement(image({ adjust: { contrast: '20' } }));
    expect(nan.ok).toBe(false);
  });
});
