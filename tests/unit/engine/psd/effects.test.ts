import { describe, expect, it } from 'vitest';
import type { Color, EffectSolidGradient, Layer, LayerEffectsInfo, LayerMaskData, Psd } from 'ag-psd';
import { compositeDocument } from '../../../../engine/psd/composite';
import { effectGradientAxis } from '../../../../engine/psd/composite/fill';
import { dilatePlane, distanceSquared, erodePlane } from '../../../../engine/psd/composite/distance';
import type { Raster } from '../../../../engine/psd/pixels/raster';

// ---------------------------------------------------------------------------
// Synthetic documents: a square layer (opaque, optionally with an antialiased edge) over an
// optional white background, bottom layer first as ag-psd returns them.

type Rgba = readonly [number, number, number, number];
const BLUE: Color = { r: 0, g: 0, b: 255 };
const BLACK: Color = { r: 0, g: 0, b: 0 };
const WHITE_BG: Rgba = [255, 255, 255, 255];

function solid(w: number, h: number, c: Rgba): { width: number; height: number; data: Uint8ClampedArray } {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(c, i);
  return { width: w, height: h, data };
}

function square(name: string, x: number, y: number, size: number, c: Rgba, extra: Partial<Layer> = {}): Layer {
  return {
    name,
    left: x,
    top: y,
    right: x + size,
    bottom: y + size,
    blendMode: 'normal',
    opacity: 1,
    imageData: solid(size, size, c),
    ...extra,
  };
}

function background(w: number, h: number, c: Rgba = WHITE_BG): Layer {
  return { name: 'bg', left: 0, top: 0, right: w, bottom: h, blendMode: 'normal', opacity: 1, imageData: solid(w, h, c) };
}

function doc(children: Layer[], width: number, height: number, extra: Partial<Psd> = {}): Psd {
  return { width, height, children, ...extra };
}

function run(psd: Psd, opts: { smartObject?: (l: Layer) => Raster | null } = {}): { r: Raster; warnings: string[] } {
  const warnings: string[] = [];
  const r = compositeDocument(psd, { warn: (m) => warnings.push(m), smartObject: opts.smartObject });
  return { r, warnings };
}

function px(r: Raster, x: number, y: number): number[] {
  const i = (y * r.width + x) * 4;
  return Array.from(r.data.subarray(i, i + 4));
}

const fx = (e: LayerEffectsInfo): LayerEffectsInfo => e;
const overlay = (color: Color, opacity = 1, blendMode: Layer['blendMode'] = 'normal') => ({
  enabled: true,
  present: true,
  color,
  opacity,
  blendMode,
});
const pxUnits = (value: number) => ({ value, units: 'Pixels' as const });

function blackToWhite(): EffectSolidGradient {
  return {
    name: 'bw',
    type: 'solid',
    colorStops: [
      { color: BLACK, location: 0, midpoint: 0.5 },
      { color: { r: 255, g: 255, b: 255 }, location: 1, midpoint: 0.5 },
    ],
    opacityStops: [
      { opacity: 1, location: 0, midpoint: 0.5 },
      { opacity: 1, location: 1, midpoint: 0.5 },
    ],
  };
}

// ---------------------------------------------------------------------------

describe('colour overlay', () => {
  it("turns the layer to its colour and keeps the layer's alpha", () => {
    const layer = square('sq', 2, 2, 4, [255, 0, 0, 255], { effects: fx({ solidFill: [overlay(BLUE)] }) });
    // One antialiased pixel at half coverage.
    layer.imageData!.data.set([255, 0, 0, 128], 0);
    const { r, warnings } = run(doc([layer], 8, 8));
    expect(warnings).toEqual([]);
    expect(px(r, 3, 3)).toEqual([0, 0, 255, 255]);
    expect(px(r, 2, 2)).toEqual([0, 0, 255, 128]);
    expect(px(r, 1, 1)).toEqual([0, 0, 0, 0]);
  });

  it('mixes at its opacity (as an 8-bit value) and blends with its mode', () => {
    const half = run(
      doc([background(8, 8), square('sq', 2, 2, 4, [255, 0, 0, 255], { effects: fx({ solidFill: [overlay(BLUE, 0.5)] }) })], 8, 8),
    ).r;
    // 50% is 128/255: 255 * 127/255 = 127 of red left.
    expect(px(half, 3, 3)).toEqual([127, 0, 128, 255]);
    const mult = run(
      doc(
        [square('sq', 2, 2, 4, [200, 100, 50, 255], { effects: fx({ solidFill: [overlay({ r: 128, g: 128, b: 128 }, 1, 'multiply')] }) })],
        8,
        8,
      ),
    ).r;
    expect(px(mult, 3, 3)).toEqual([100, 50, 25, 255]);
  });

  it('shows on a layer at fill opacity 0, whose own pixels are hidden', () => {
    const withFx = run(
      doc(
        [background(8, 8), square('sq', 2, 2, 4, [255, 0, 0, 255], { fillOpacity: 0, effects: fx({ solidFill: [overlay(BLUE)] }) })],
        8,
        8,
      ),
    ).r;
    expect(px(withFx, 3, 3)).toEqual([0, 0, 255, 255]);
    expect(px(withFx, 0, 0)).toEqual([255, 255, 255, 255]);
    const without = run(doc([background(8, 8), square('sq', 2, 2, 4, [255, 0, 0, 255], { fillOpacity: 0 })], 8, 8)).r;
    expect(px(without, 3, 3)).toEqual([255, 255, 255, 255]);
  });

  it('fades with layer opacity as a whole: the overlay over the backdrop, no layer colour under it', () => {
    const { r } = run(
      doc([background(8, 8), square('sq', 2, 2, 4, [255, 0, 0, 255], { opacity: 0.5, effects: fx({ solidFill: [overlay(BLUE)] }) })], 8, 8),
    );
    const [red, green, blue] = px(r, 3, 3);
    expect(Math.abs(red! - 128)).toBeLessThanOrEqual(1);
    expect(Math.abs(green! - 128)).toBeLessThanOrEqual(1);
    expect(blue).toBe(255);
  });

  it('is drawn when the effects are switched off only through the effect, not for a disabled style', () => {
    const off = run(
      doc([square('sq', 0, 0, 2, [255, 0, 0, 255], { effects: fx({ disabled: true, solidFill: [overlay(BLUE)] }) })], 2, 2),
    ).r;
    expect(px(off, 0, 0)).toEqual([255, 0, 0, 255]);
    const notEnabled = run(
      doc([square('sq', 0, 0, 2, [255, 0, 0, 255], { effects: fx({ solidFill: [{ ...overlay(BLUE), enabled: false }] }) })], 2, 2),
    ).r;
    expect(px(notEnabled, 0, 0)).toEqual([255, 0, 0, 255]);
  });

  it('stacks several overlays with the first listed on top', () => {
    const { r } = run(
      doc(
        [square('sq', 0, 0, 2, [255, 0, 0, 255], { effects: fx({ solidFill: [overlay(BLUE), overlay({ r: 0, g: 255, b: 0 })] }) })],
        2,
        2,
      ),
    );
    expect(px(r, 0, 0)).toEqual([0, 0, 255, 255]);
  });
});

describe('gradient overlay', () => {
  const grad = (extra: Record<string, unknown> = {}) => ({
    enabled: true,
    present: true,
    blendMode: 'normal',
    opacity: 1,
    gradient: blackToWhite(),
    type: 'linear' as const,
    angle: 0,
    scale: 1,
    align: true,
    ...extra,
  });
  const row = (r: Raster, y: number, x0: number, x1: number) => Array.from({ length: x1 - x0 }, (_, i) => px(r, x0 + i, y)[0]!);

  it('linear at 0 degrees runs dark to light across the layer, keeping its alpha', () => {
    const { r, warnings } = run(doc([square('sq', 10, 0, 40, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad()] }) })], 60, 40));
    expect(warnings).toEqual([]);
    const v = row(r, 20, 10, 50);
    expect(v[0]).toBeLessThan(8);
    expect(v[39]).toBeGreaterThan(247);
    for (let i = 1; i < v.length; i++) expect(v[i]).toBeGreaterThanOrEqual(v[i - 1]!);
    expect(px(r, 20, 20)[3]).toBe(255);
    expect(px(r, 5, 20)[3]).toBe(0);
  });

  it('reverse flips it; 90 degrees runs bottom (first stop) to top', () => {
    const rev = run(
      doc([square('sq', 0, 0, 40, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad({ reverse: true })] }) })], 40, 40),
    ).r;
    expect(px(rev, 1, 20)[0]).toBeGreaterThan(235);
    expect(px(rev, 38, 20)[0]).toBeLessThan(20);
    const up = run(doc([square('sq', 0, 0, 40, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad({ angle: 90 })] }) })], 40, 40)).r;
    expect(px(up, 20, 38)[0]).toBeLessThan(20);
    expect(px(up, 20, 1)[0]).toBeGreaterThan(235);
  });

  it('scale shortens the ramp around the centre; align off lays it on the document', () => {
    const half = run(
      doc([square('sq', 0, 0, 40, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad({ scale: 0.5 })] }) })], 40, 40),
    ).r;
    expect(px(half, 9, 20)[0]).toBe(0);
    expect(px(half, 30, 20)[0]).toBe(255);
    expect(Math.abs(px(half, 20, 20)[0]! - 128)).toBeLessThan(8);
    // A 10 px layer at the left of a 40 px document: aligned it spans black to white, on the
    // document it shows only the darkest quarter.
    const onDoc = run(
      doc([square('sq', 0, 0, 10, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad({ align: false })] }) })], 40, 10),
    ).r;
    expect(px(onDoc, 9, 5)[0]).toBeLessThan(70);
    const aligned = run(doc([square('sq', 0, 0, 10, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad()] }) })], 40, 10)).r;
    expect(px(aligned, 9, 5)[0]).toBeGreaterThan(220);
  });

  it('radial, reflected and diamond start at the centre, angle sweeps round it', () => {
    for (const type of ['radial', 'reflected', 'diamond'] as const) {
      const { r } = run(doc([square('sq', 0, 0, 40, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad({ type })] }) })], 40, 40));
      expect(px(r, 20, 20)[0], type).toBeLessThan(16);
      expect(px(r, 0, 20)[0], type).toBeGreaterThan(230);
    }
    const { r } = run(
      doc([square('sq', 0, 0, 40, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad({ type: 'angle' })] }) })], 40, 40),
    );
    // Just past the axis on one side dark, just before it on the other light.
    const a = px(r, 35, 19)[0]!;
    const b = px(r, 35, 21)[0]!;
    expect(Math.min(a, b)).toBeLessThan(40);
    expect(Math.max(a, b)).toBeGreaterThan(215);
  });

  it("the axis: Photoshop's truncated half box and rounded slope (phone-case measurement)", () => {
    expect(effectGradientAxis({ left: 356, top: -102, width: 467, height: 1077 }, -162, 0.02)).toEqual([-4, 1]);
    expect(effectGradientAxis({ left: 0, top: 0, width: 100, height: 40 }, 0, 1)).toEqual([50, 0]);
    expect(effectGradientAxis({ left: 0, top: 0, width: 100, height: 40 }, 90, 1)).toEqual([0, -20]);
    expect(effectGradientAxis({ left: 0, top: 0, width: 100, height: 100 }, 135, 1)).toEqual([-50, -50]);
  });

  it('a noise gradient is named, not drawn', () => {
    const noise = { name: 'n', type: 'noise' as const, min: [0, 0, 0, 0], max: [1, 1, 1, 1] };
    const { r, warnings } = run(
      doc([square('sq', 0, 0, 2, [255, 0, 0, 255], { effects: fx({ gradientOverlay: [grad({ gradient: noise })] }) })], 2, 2),
    );
    expect(px(r, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(warnings).toEqual(['sq: layer effects not drawn (gradient overlay (noise gradient))']);
  });
});

describe('stroke', () => {
  const stroke = (size: number, position: 'outside' | 'inside' | 'center', extra: Record<string, unknown> = {}) => ({
    enabled: true,
    present: true,
    position,
    fillType: 'color' as const,
    blendMode: 'normal' as const,
    opacity: 1,
    size: pxUnits(size),
    color: BLUE,
    ...extra,
  });
  const layerWith = (s: ReturnType<typeof stroke>, extra: Partial<Layer> = {}) =>
    square('sq', 10, 10, 10, [255, 0, 0, 255], { effects: fx({ stroke: [s] }), ...extra });

  it('outside adds a ring of its width around the shape and leaves the inside alone', () => {
    const { r, warnings } = run(doc([layerWith(stroke(3, 'outside'))], 30, 30));
    expect(warnings).toEqual([]);
    for (const x of [7, 8, 9]) expect(px(r, x, 15), `x ${x}`).toEqual([0, 0, 255, 255]);
    expect(px(r, 6, 15)[3]).toBe(0);
    expect(px(r, 10, 15)).toEqual([255, 0, 0, 255]);
    expect(px(r, 22, 15)).toEqual([0, 0, 255, 255]);
    expect(px(r, 23, 15)[3]).toBe(0);
    // Round corners: the diagonal 3 px from the corner is outside the ring.
    expect(px(r, 7, 7)[3]).toBeLessThan(64);
    expect(px(r, 8, 8)[3]).toBeGreaterThan(200);
  });

  it('inside paints a ring within the shape; center half and half', () => {
    const inside = run(doc([layerWith(stroke(2, 'inside'))], 30, 30)).r;
    expect(px(inside, 9, 15)[3]).toBe(0);
    expect(px(inside, 10, 15)).toEqual([0, 0, 255, 255]);
    expect(px(inside, 11, 15)).toEqual([0, 0, 255, 255]);
    expect(px(inside, 12, 15)).toEqual([255, 0, 0, 255]);
    const center = run(doc([layerWith(stroke(4, 'center'))], 30, 30)).r;
    expect(px(center, 7, 15)[3]).toBe(0);
    for (const x of [8, 9, 10, 11]) expect(px(center, x, 15), `x ${x}`).toEqual([0, 0, 255, 255]);
    expect(px(center, 12, 15)).toEqual([255, 0, 0, 255]);
  });

  it('covers an antialiased edge pixel fully (outside stroke goes under the edge)', () => {
    const l = layerWith(stroke(2, 'outside'));
    // Left column of the square at half coverage.
    for (let y = 0; y < 10; y++) l.imageData!.data.set([255, 0, 0, 128], y * 40);
    const { r } = run(doc([l], 30, 30));
    const edge = px(r, 10, 15);
    expect(edge[3]).toBe(255);
    expect(Math.abs(edge[0]! - 128)).toBeLessThanOrEqual(1);
    expect(Math.abs(edge[2]! - 127)).toBeLessThanOrEqual(1);
  });

  it('a gradient stroke takes its colours from the gradient', () => {
    const g = { ...blackToWhite(), style: 'linear', angle: 0, scale: 1, align: true };
    const { r } = run(doc([layerWith(stroke(3, 'outside', { fillType: 'gradient', gradient: g }))], 30, 30));
    expect(px(r, 8, 15)[0]).toBeLessThan(30);
    expect(px(r, 21, 15)[0]).toBeGreaterThan(225);
    expect(px(r, 21, 15)[3]).toBe(255);
  });

  it('follows the layer mask, unless the mask hides effects', () => {
    // A mask hiding the right half of the square (x >= 15), revealing everything outside its rect.
    const maskData = new Uint8ClampedArray(10 * 10 * 4);
    for (let i = 0; i < 100; i++) {
      const v = i % 10 < 5 ? 255 : 0;
      maskData.set([v, v, v, 255], i * 4);
    }
    const mask: LayerMaskData = {
      left: 10,
      top: 10,
      right: 20,
      bottom: 20,
      defaultColor: 255,
      imageData: { width: 10, height: 10, data: maskData } as ImageData,
    };
    const shaped = run(doc([layerWith(stroke(2, 'outside'), { mask })], 30, 30)).r;
    // The stroke runs along the mask's edge inside the square, and not round the hidden right side.
    expect(px(shaped, 15, 15)).toEqual([0, 0, 255, 255]);
    expect(px(shaped, 16, 15)).toEqual([0, 0, 255, 255]);
    expect(px(shaped, 20, 15)[3]).toBe(0);
    const global = run(doc([layerWith(stroke(2, 'outside'), { mask, layerMaskAsGlobalMask: true })], 30, 30)).r;
    expect(px(global, 15, 15)[3]).toBe(0);
    expect(px(global, 14, 15)).toEqual([255, 0, 0, 255]);
    expect(px(global, 8, 15)).toEqual([0, 0, 255, 255]);
  });
});

describe('shadows and glows', () => {
  const shadow = (extra: Record<string, unknown> = {}) => ({
    enabled: true,
    present: true,
    blendMode: 'normal' as const,
    color: BLACK,
    opacity: 1,
    angle: 90,
    useGlobalLight: false,
    distance: pxUnits(5),
    size: pxUnits(0),
    choke: pxUnits(0),
    layerConceals: true,
    ...extra,
  });

  it('a drop shadow appears offset by its distance away from the light', () => {
    const { r, warnings } = run(
      doc([background(40, 40), square('sq', 10, 10, 10, [255, 0, 0, 255], { effects: fx({ dropShadow: [shadow()] }) })], 40, 40),
    );
    expect(warnings).toEqual([]);
    // Light from the top (90 degrees): the shadow falls 5 px down.
    expect(px(r, 15, 22)).toEqual([0, 0, 0, 255]);
    expect(px(r, 15, 24)).toEqual([0, 0, 0, 255]);
    expect(px(r, 15, 25)).toEqual([255, 255, 255, 255]);
    expect(px(r, 15, 8)).toEqual([255, 255, 255, 255]);
    expect(px(r, 15, 15)).toEqual([255, 0, 0, 255]);
    // Light from 0 degrees (the right): the shadow falls to the left.
    const left = run(
      doc(
        [background(40, 40), square('sq', 10, 10, 10, [255, 0, 0, 255], { effects: fx({ dropShadow: [shadow({ angle: 0 })] }) })],
        40,
        40,
      ),
    ).r;
    expect(px(left, 7, 15)).toEqual([0, 0, 0, 255]);
    expect(px(left, 22, 15)).toEqual([255, 255, 255, 255]);
  });

  it('uses the global light when told to', () => {
    const { r } = run(
      doc(
        [
          background(40, 40),
          square('sq', 10, 10, 10, [255, 0, 0, 255], { effects: fx({ dropShadow: [shadow({ useGlobalLight: true })] }) }),
        ],
        40,
        40,
        {
          imageResources: { globalAngle: 180 },
        },
      ),
    );
    expect(px(r, 22, 15)).toEqual([0, 0, 0, 255]);
    expect(px(r, 15, 22)).toEqual([255, 255, 255, 255]);
  });

  it('size blurs it: soft at the edge, reaching about size pixels', () => {
    const { r } = run(
      doc(
        [
          background(60, 60),
          square('sq', 20, 20, 20, [255, 0, 0, 255], { effects: fx({ dropShadow: [shadow({ distance: pxUnits(0), size: pxUnits(9) })] }) }),
        ],
        60,
        60,
      ),
    );
    const v = (x: number) => px(r, x, 30)[0]!;
    expect(v(19)).toBeGreaterThan(64);
    expect(v(19)).toBeLessThan(192);
    expect(v(15)).toBeGreaterThan(v(19));
    expect(v(9)).toBe(255);
  });

  it('the layer knocks it out at fill 0, unless told otherwise; opacity reaches it, fill does not', () => {
    const make = (extra: Record<string, unknown>, layer: Partial<Layer> = {}) =>
      run(
        doc(
          [
            background(40, 40),
            square('sq', 10, 10, 10, [255, 0, 0, 255], {
              fillOpacity: 0,
              effects: fx({ dropShadow: [shadow({ distance: pxUnits(3), ...extra })] }),
              ...layer,
            }),
          ],
          40,
          40,
        ),
      ).r;
    const knocked = make({});
    expect(px(knocked, 15, 15)).toEqual([255, 255, 255, 255]);
    expect(px(knocked, 15, 21)).toEqual([0, 0, 0, 255]);
    const shown = make({ layerConceals: false });
    expect(px(shown, 15, 15)).toEqual([0, 0, 0, 255]);
    const faded = make({}, { opacity: 0.5 });
    expect(Math.abs(px(faded, 15, 21)[0]! - 128)).toBeLessThanOrEqual(1);
  });

  it('an inner shadow darkens the inside along the lit edge', () => {
    const { r, warnings } = run(
      doc([square('sq', 10, 10, 20, [255, 255, 255, 255], { effects: fx({ innerShadow: [shadow({ distance: pxUnits(4) })] }) })], 40, 40),
    );
    expect(warnings).toEqual([]);
    expect(px(r, 20, 11)).toEqual([0, 0, 0, 255]);
    expect(px(r, 20, 13)).toEqual([0, 0, 0, 255]);
    expect(px(r, 20, 14)).toEqual([255, 255, 255, 255]);
    expect(px(r, 20, 28)).toEqual([255, 255, 255, 255]);
    expect(px(r, 20, 9)[3]).toBe(0);
  });

  it('an outer glow lights the outside near the edge; an inner glow the inside near it, or the centre', () => {
    const glow = {
      enabled: true,
      present: true,
      blendMode: 'normal' as const,
      color: { r: 255, g: 255, b: 0 },
      opacity: 1,
      size: pxUnits(6),
      choke: pxUnits(0),
      range: 1,
    };
    const outer = run(doc([square('sq', 20, 20, 20, [255, 0, 0, 255], { effects: fx({ outerGlow: glow }) })], 60, 60)).r;
    expect(px(outer, 18, 30)[3]).toBeGreaterThan(40);
    expect(px(outer, 18, 30).slice(0, 3)).toEqual([255, 255, 0]);
    expect(px(outer, 12, 30)[3]).toBe(0);
    expect(px(outer, 30, 30)).toEqual([255, 0, 0, 255]);
    const inner = run(
      doc([square('sq', 20, 20, 20, [0, 0, 255, 255], { effects: fx({ innerGlow: { ...glow, source: 'edge' } }) })], 60, 60),
    ).r;
    expect(px(inner, 20, 30)[0]).toBeGreaterThan(100);
    expect(px(inner, 30, 30)).toEqual([0, 0, 255, 255]);
    expect(px(inner, 19, 30)[3]).toBe(0);
    const center = run(
      doc([square('sq', 20, 20, 20, [0, 0, 255, 255], { effects: fx({ innerGlow: { ...glow, source: 'center' } }) })], 60, 60),
    ).r;
    expect(px(center, 30, 30)[0]).toBeGreaterThan(200);
    expect(px(center, 20, 30)[0]).toBeLessThan(px(center, 30, 30)[0]!);
  });
});

describe('effects on clipping bases and smart objects; warnings', () => {
  it("a clipping base's overlay lies under its clipped layers; its shadow is outside the clip", () => {
    const base = square('base', 10, 10, 10, [255, 0, 0, 255], {
      effects: fx({
        solidFill: [overlay(BLUE)],
        dropShadow: [{ enabled: true, blendMode: 'normal', color: BLACK, opacity: 1, angle: 90, distance: pxUnits(4), size: pxUnits(0) }],
      }),
    });
    const clipped = square('clip', 10, 10, 5, [0, 255, 0, 255], { clipping: true });
    const { r } = run(doc([background(30, 30), base, clipped], 30, 30));
    expect(px(r, 12, 12)).toEqual([0, 255, 0, 255]);
    expect(px(r, 17, 17)).toEqual([0, 0, 255, 255]);
    expect(px(r, 15, 22)).toEqual([0, 0, 0, 255]);
    // The clipped layer stays inside the base.
    expect(px(r, 9, 12)).toEqual([255, 255, 255, 255]);
  });

  it("a smart object's effects are drawn on the pixels of its render", () => {
    const so = square('so', 0, 0, 4, [255, 0, 0, 255], {
      placedLayer: { id: 'x', type: 'raster', transform: [0, 0, 4, 0, 4, 4, 0, 4] } as Layer['placedLayer'],
      effects: fx({
        stroke: [{ enabled: true, position: 'outside', fillType: 'color', blendMode: 'normal', opacity: 1, size: pxUnits(1), color: BLUE }],
      }),
    });
    // The render covers a different square than the stored pixels: (4,4)..(8,8).
    const render: Raster = { width: 12, height: 12, data: new Uint8ClampedArray(12 * 12 * 4) };
    for (let y = 4; y < 8; y++) for (let x = 4; x < 8; x++) render.data.set([0, 255, 0, 255], (y * 12 + x) * 4);
    const { r } = run(doc([so], 12, 12), { smartObject: () => render });
    expect(px(r, 5, 5)).toEqual([0, 255, 0, 255]);
    expect(px(r, 3, 5)).toEqual([0, 0, 255, 255]);
    expect(px(r, 8, 5)).toEqual([0, 0, 255, 255]);
    expect(px(r, 1, 1)[3]).toBe(0);
  });

  it('a shape cut at the document edge gets no inner shadow along that edge', () => {
    const inner = [
      { enabled: true, blendMode: 'normal' as const, color: BLACK, opacity: 1, angle: 180, distance: pxUnits(3), size: pxUnits(0) },
    ];
    const { r } = run(doc([square('sq', 0, 0, 10, [255, 0, 0, 255], { effects: fx({ innerShadow: inner }) })], 20, 10));
    expect(px(r, 0, 5)).toEqual([255, 0, 0, 255]);
    expect(px(r, 5, 0)).toEqual([255, 0, 0, 255]);
    // Away from the document's edge the shadow is there: a layer starting at x = 4.
    const away = run(doc([square('sq', 4, 0, 10, [255, 0, 0, 255], { effects: fx({ innerShadow: inner }) })], 20, 10)).r;
    expect(px(away, 5, 5)).toEqual([0, 0, 0, 255]);
    expect(px(away, 7, 5)).toEqual([255, 0, 0, 255]);
  });

  it('names what it does not draw, once, and nothing for what it draws', () => {
    const { warnings } = run(
      doc(
        [
          square('sq', 0, 0, 4, [255, 0, 0, 255], {
            effects: fx({
              solidFill: [overlay(BLUE)],
              bevel: { enabled: true },
              satin: { enabled: true },
              patternOverlay: { enabled: false },
              stroke: [{ enabled: true, fillType: 'pattern', size: pxUnits(1) }],
            }),
          }),
          {
            name: 'g',
            blendMode: 'pass through',
            opacity: 1,
            children: [],
            effects: fx({ dropShadow: [{ enabled: true }] }),
          },
        ],
        4,
        4,
      ),
    );
    expect(warnings).toEqual([
      'sq: layer effects not drawn (bevel and emboss, satin, stroke (pattern fill))',
      'g: layer effects not drawn (drop shadow)',
    ]);
  });

  it('says when the effects scale is not applied to sizes', () => {
    const { warnings } = run(
      doc(
        [
          square('sq', 2, 2, 4, [255, 0, 0, 255], {
            effects: fx({ scale: 2, stroke: [{ enabled: true, position: 'outside', fillType: 'color', size: pxUnits(1), color: BLUE }] }),
          }),
        ],
        8,
        8,
      ),
    );
    expect(warnings).toEqual(['sq: layer effects scale 200% not applied (sizes drawn as stored)']);
  });
});

describe('distance transform', () => {
  it('gives exact squared distances', () => {
    const inside = new Uint8Array(25);
    inside[12] = 1;
    const d = distanceSquared(inside, 5, 5);
    expect(d[12]).toBe(0);
    expect(d[0]).toBe(8);
    expect(d[14]).toBe(4);
    expect(d[7]).toBe(1);
  });

  it('grows and shrinks a square by whole pixels', () => {
    const a = new Float32Array(100);
    for (let y = 3; y < 7; y++) for (let x = 3; x < 7; x++) a[y * 10 + x] = 1;
    const grown = dilatePlane(a, 10, 10, 2);
    expect(grown[5 * 10 + 1]).toBe(1);
    expect(grown[5 * 10 + 0]).toBe(0);
    const shrunk = erodePlane(a, 10, 10, 1);
    expect(shrunk[5 * 10 + 3]).toBe(0);
    expect(shrunk[5 * 10 + 4]).toBe(1);
  });
});
