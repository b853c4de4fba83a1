import { describe, expect, it } from 'vitest';
import type { GradientMapAdjustment, HueSaturationAdjustment, HueSaturationAdjustmentChannel, Layer } from 'ag-psd';
import {
  applyAdjustment,
  brightnessContrastLut,
  curveLut,
  exposureLut,
  hueRangeWeight,
  levelsLut,
  posterizeLut,
} from '../../../engine/psd/pixels/adjustments';
import type { Raster } from '../../../engine/psd/pixels/raster';

type Adj = NonNullable<Layer['adjustment']>;

/** A 1-row raster of the given RGBA pixels. */
const row = (...px: [number, number, number, number?][]): Raster => ({
  width: px.length,
  height: 1,
  data: new Uint8ClampedArray(px.flatMap(([r, g, b, a]) => [r, g, b, a ?? 255])),
});
const pixel = (img: Raster, i = 0): number[] => Array.from(img.data.slice(i * 4, i * 4 + 4));
const apply = (adj: Adj, img: Raster): Raster => {
  expect(applyAdjustment(adj, img)).toBe(true);
  return img;
};
const neutral = { shadowInput: 0, highlightInput: 255, shadowOutput: 0, highlightOutput: 255, midtoneInput: 1 };
const range = (a: number, b: number, c: number, d: number, hue = 0, saturation = 0, lightness = 0): HueSaturationAdjustmentChannel => ({
  a,
  b,
  c,
  d,
  hue,
  saturation,
  lightness,
});
/** Photoshop's default colour ranges, all sliders at zero. */
const hueSat = (over: Partial<HueSaturationAdjustment>): HueSaturationAdjustment => ({
  type: 'hue/saturation',
  master: range(0, 0, 25, 0),
  reds: range(315, 345, 15, 45),
  yellows: range(15, 45, 75, 105),
  greens: range(75, 105, 135, 165),
  cyans: range(135, 165, 195, 225),
  blues: range(195, 225, 255, 285),
  magentas: range(255, 285, 315, 345),
  ...over,
});

describe('Levels', () => {
  it('maps the midtone gamma as (v/255)^(1/gamma)', () => {
    const lut = levelsLut({ ...neutral, midtoneInput: 2 })!;
    for (let v = 0; v < 256; v++) expect(lut[v]).toBe(Math.round(255 * Math.sqrt(v / 255)));
    expect(lut[64]).toBe(128);
  });

  it('stretches input black/white and compresses to output black/white', () => {
    const lut = levelsLut({ ...neutral, shadowInput: 50, highlightInput: 200, shadowOutput: 20, highlightOutput: 220 })!;
    expect(lut[0]).toBe(20);
    expect(lut[50]).toBe(20);
    expect(lut[125]).toBe(120); // halfway in, halfway out
    expect(lut[200]).toBe(220);
    expect(lut[255]).toBe(220);
    expect(levelsLut(neutral)).toBeNull();
  });

  it('applies the channel levels before the RGB levels', () => {
    const img = apply(
      { type: 'levels', rgb: { ...neutral, shadowOutput: 100 }, red: { ...neutral, shadowInput: 100 } },
      row([50, 50, 50, 77]),
    );
    // red: 50 is below its black point (0), then the composite lifts black to 100; green/blue: 50 -> 100 + 50*155/255
    expect(pixel(img)).toEqual([100, 130, 130, 77]);
  });
});

describe('Curves', () => {
  it('passes through its points and is flat beyond the end points', () => {
    const pts = [
      { x: 30, y: 10 },
      { x: 64, y: 40 },
      { x: 128, y: 150 },
      { x: 192, y: 210 },
      { x: 230, y: 250 },
    ];
    const lut = curveLut(pts)!;
    for (const p of pts) expect(lut[p.x]).toBe(p.y);
    for (let v = 0; v <= 30; v++) expect(lut[v]).toBe(10);
    for (let v = 230; v < 256; v++) expect(lut[v]).toBe(250);
  });

  it('is a natural cubic spline (three points: 0.6875 of the peak halfway to it)', () => {
    // Equal spacing h, y = 0, Y, 0: M1 = -3Y/h^2, so S(h/2) = Y/2 + 0.375 * 3Y/6 = 0.6875 Y.
    const lut = curveLut([
      { x: 0, y: 0 },
      { x: 100, y: 160 },
      { x: 200, y: 0 },
    ])!;
    expect(lut[50]).toBe(110);
    expect(lut[150]).toBe(110);
    expect(lut[100]).toBe(160);
  });

  it('two points are a straight line; one point is no curve', () => {
    const lut = curveLut([
      { x: 0, y: 50 },
      { x: 255, y: 200 },
    ])!;
    expect(lut[100]).toBe(Math.round(50 + (100 * 150) / 255));
    expect(curveLut([{ x: 10, y: 10 }])).toBeNull();
  });

  it('applies per channel and then the RGB curve', () => {
    const img = apply(
      {
        type: 'curves',
        rgb: [
          { input: 0, output: 0 },
          { input: 255, output: 128 },
        ],
        red: [
          { input: 0, output: 255 },
          { input: 255, output: 0 },
        ],
      },
      row([200, 200, 200, 9]),
    );
    // red inverted (55) then halved (28); green/blue halved (100)
    expect(pixel(img)).toEqual([28, 100, 100, 9]);
  });
});

describe('Hue/Saturation', () => {
  it('turns pure red by +120 to pure green and by -120 to pure blue', () => {
    expect(pixel(apply(hueSat({ master: range(0, 0, 25, 0, 120) }), row([255, 0, 0])))).toEqual([0, 255, 0, 255]);
    expect(pixel(apply(hueSat({ master: range(0, 0, 25, 0, -120) }), row([255, 0, 0])))).toEqual([0, 0, 255, 255]);
  });

  it('desaturates to (max + min) / 2 at -100 and mixes to white/black with lightness', () => {
    expect(pixel(apply(hueSat({ master: range(0, 0, 25, 0, 0, -100) }), row([200, 100, 50])))).toEqual([125, 125, 125, 255]);
    expect(pixel(apply(hueSat({ master: range(0, 0, 25, 0, 0, 0, 100) }), row([200, 100, 50])))).toEqual([255, 255, 255, 255]);
    expect(pixel(apply(hueSat({ master: range(0, 0, 25, 0, 0, 0, -50) }), row([200, 100, 50])))).toEqual([100, 50, 25, 255]);
  });

  it('limits a colour range to its hues, feathered linearly', () => {
    const reds = range(315, 345, 15, 45, 120);
    expect(hueRangeWeight(0, reds)).toBe(1);
    expect(hueRangeWeight(30, reds)).toBeCloseTo(0.5, 12);
    expect(hueRangeWeight(330, reds)).toBeCloseTo(0.5, 12);
    expect(hueRangeWeight(60, reds)).toBe(0);
    const img = apply(hueSat({ reds }), row([255, 0, 0], [0, 0, 255], [255, 255, 0], [255, 128, 0]));
    expect(pixel(img, 0)).toEqual([0, 255, 0, 255]); // red: full range, +120
    expect(pixel(img, 1)).toEqual([0, 0, 255, 255]); // blue: outside
    expect(pixel(img, 2)).toEqual([255, 255, 0, 255]); // yellow (60 deg): outside
    // orange (30.1 deg) sits halfway down the feather: turned by ~60 deg to ~90 deg
    const [r, g, b] = pixel(img, 3);
    expect(g).toBe(255);
    expect(b).toBe(0);
    expect(r).toBeGreaterThan(120);
    expect(r).toBeLessThan(135);
  });

  it('colorize gives every pixel the colorize hue and saturation at its own lightness', () => {
    const img = apply(
      hueSat({ master: { a: 256, b: 120, c: 100, d: 0, hue: 0, saturation: 0, lightness: 0 } }),
      row([128, 128, 128], [255, 0, 0], [0, 0, 0]),
    );
    expect(pixel(img, 0)).toEqual([1, 255, 1, 255]);
    expect(pixel(img, 1)).toEqual([0, 255, 0, 255]);
    expect(pixel(img, 2)).toEqual([0, 0, 0, 255]);
  });
});

describe('Brightness/Contrast', () => {
  it('legacy brightness +50 adds 50 levels (clipping at white)', () => {
    const lut = brightnessContrastLut(50, 0, true);
    expect(lut[0]).toBe(50);
    expect(lut[100]).toBe(150);
    expect(lut[230]).toBe(255);
    expect(brightnessContrastLut(-50, 0, true)[40]).toBe(0);
  });

  it('legacy contrast scales about mid-grey: +50 doubles, -100 is flat grey, +100 a threshold', () => {
    expect(brightnessContrastLut(0, 50, true)[100]).toBe(73); // (100 - 127.5) * 2 + 127.5
    expect(brightnessContrastLut(0, 50, true)[200]).toBe(255);
    expect(new Set(brightnessContrastLut(0, -100, true))).toEqual(new Set([128]));
    const t = brightnessContrastLut(0, 100, true);
    expect([t[127], t[128]]).toEqual([0, 255]);
  });

  it('modern brightness keeps black and white and differs from legacy', () => {
    const modern = brightnessContrastLut(50, 0, false);
    expect(modern[0]).toBe(0);
    expect(modern[255]).toBe(255);
    for (let v = 1; v < 256; v++) expect(modern[v]!).toBeGreaterThanOrEqual(modern[v - 1]!);
    expect(modern[128]!).toBeGreaterThan(140);
    expect(modern[128]!).toBeLessThan(178); // legacy would give 178
    expect(modern[230]!).toBeLessThan(255);
    const ident = brightnessContrastLut(0, 0, false);
    for (let v = 0; v < 256; v++) expect(ident[v]).toBe(v);
    const contrast = brightnessContrastLut(0, 100, false);
    expect(contrast[63]).toBe(38); // the fitted control point moves 25 levels per 100 contrast
    expect(contrast[191]).toBe(216);
  });
});

describe('Exposure, Invert, Threshold, Posterize', () => {
  it('exposure +1 doubles linear light', () => {
    const lut = exposureLut(1, 0, 1);
    const lin = Math.pow((128 / 255 + 0.055) / 1.055, 2.4) * 2;
    expect(lut[128]).toBe(Math.round((1.055 * Math.pow(lin, 1 / 2.4) - 0.055) * 255));
    expect(lut[128]).toBe(176);
    expect(lut[0]).toBe(0);
    expect(lut[200]).toBe(255);
    const ident = exposureLut(0, 0, 1);
    for (let v = 0; v < 256; v++) expect(ident[v]).toBe(v);
  });

  it('invert', () => {
    expect(pixel(apply({ type: 'invert' }, row([0, 100, 255, 10])))).toEqual([255, 155, 0, 10]);
  });

  it('threshold on 0.3/0.59/0.11 luminosity', () => {
    const img = apply({ type: 'threshold', level: 128 }, row([128, 128, 128], [127, 127, 127], [255, 0, 0], [0, 255, 0]));
    expect([0, 1, 2, 3].map((i) => pixel(img, i)[0])).toEqual([255, 0, 0, 255]);
  });

  it('posterize to 4 levels', () => {
    const lut = posterizeLut(4);
    expect([0, 63, 64, 127, 128, 191, 192, 255].map((v) => lut[v])).toEqual([0, 0, 85, 85, 170, 170, 255, 255]);
  });
});

describe('Gradient Map', () => {
  const gm = (over: Partial<GradientMapAdjustment>): GradientMapAdjustment => ({
    type: 'gradient map',
    gradientType: 'solid',
    colorStops: [
      { location: 0, midpoint: 0.5, color: { r: 0, g: 0, b: 0 } },
      { location: 4096, midpoint: 0.5, color: { r: 255, g: 255, b: 255 } },
    ],
    ...over,
  });

  it('maps luminosity through the gradient (black to white: the luminosity grey)', () => {
    const img = apply(gm({}), row([255, 0, 0], [0, 0, 255], [10, 200, 30, 40]));
    expect(pixel(img, 0)).toEqual([77, 77, 77, 255]);
    expect(pixel(img, 1)).toEqual([28, 28, 28, 255]);
    expect(pixel(img, 2)).toEqual([124, 124, 124, 40]);
    expect(pixel(apply(gm({ reverse: true }), row([255, 0, 0])))).toEqual([178, 178, 178, 255]);
  });

  it('the midpoint is where the two colours mix half and half', () => {
    const stops = [
      { location: 0, midpoint: 0.2, color: { r: 255, g: 0, b: 0 } },
      { location: 4096, midpoint: 0.5, color: { r: 0, g: 0, b: 255 } },
    ];
    // grey 51 has luminosity 51 = 0.2 of the way
    const [r, g, b] = pixel(apply(gm({ colorStops: stops }), row([51, 51, 51])));
    expect(Math.abs(r! - 127.5)).toBeLessThanOrEqual(1);
    expect(g).toBe(0);
    expect(Math.abs(b! - 127.5)).toBeLessThanOrEqual(1);
  });

  it('noise gradients are not supported', () => {
    const img = row([1, 2, 3]);
    expect(applyAdjustment(gm({ gradientType: 'noise' }), img)).toBe(false);
    expect(pixel(img)).toEqual([1, 2, 3, 255]);
  });
});

describe('other kinds', () => {
  it('channel mixer, monochrome green', () => {
    const img = apply({ type: 'channel mixer', monochrome: true, gray: { red: 0, green: 100, blue: 0, constant: 0 } }, row([10, 200, 30]));
    expect(pixel(img)).toEqual([200, 200, 200, 255]);
  });

  it('reports unsupported kinds and leaves the pixels alone', () => {
    const img = row([1, 2, 3]);
    expect(applyAdjustment({ type: 'color balance', midtones: { cyanRed: 50, magentaGreen: 0, yellowBlue: 0 } }, img)).toBe(false);
    expect(pixel(img)).toEqual([1, 2, 3, 255]);
  });
});
