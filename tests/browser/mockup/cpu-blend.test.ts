/**
 * From the second render of a view with the same design, its layers are blended on the CPU
 * (cpu-blend.ts) where the photo under them is opaque (a cut-out's body too, under its parts, read
 * through a displacement map): the pictures must be those the GPU's blend gives, within one level per
 * channel (the CPU works in double precision, the GPU in single, and the maps are read back at 8
 * bits where the shader filters them), for every mode the CPU takes, with shading, highlight and
 * photo lighting, through colour and design changes; layers the CPU does not take stay on the
 * GPU, byte for byte.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { BlendCode, TemplateView } from '../../../engine/model/index.ts';
import { CpuLayers } from '../../../engine/render/mockup/cpu-layers.ts';
import { bitmap, canvas, compareBytes, createRenderer, gradientPhoto, paintedRect, productPhoto, smartObject, view } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

/** An opaque photo from light to dark, so tinted backdrops fall on both halves of every blend. */
const photo = () => gradientPhoto(['#FBFAF7', '#9A9590', '#1C1D21']);

/** A design with transparent parts, translucent strokes and strong and pale colours. */
function design(seed: number): Promise<ImageBitmap> {
  return bitmap(
    canvas(120, 120, (ctx) => {
      const colours = ['#E11D48', '#0EA5E9', '#FACC15', '#111827', '#F9FAFB', '#22C55E'];
      for (let i = 0; i < 6; i++) {
        ctx.fillStyle = colours[(i + seed) % colours.length] as string;
        ctx.globalAlpha = 1 - i * 0.12;
        ctx.beginPath();
        ctx.arc(20 + ((i * 37) % 80), 20 + ((i * 53) % 80), 14 + i * 3, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 0.6;
      ctx.lineWidth = 5;
      ctx.strokeStyle = seed % 2 ? '#7C3AED' : '#F97316';
      ctx.strokeRect(8, 8, 104, 104);
    }),
  );
}

/** A soft grey map (shading) or light spots (highlight), at half the view's size. */
function map(kind: 'shading' | 'highlight'): Promise<ImageBitmap> {
  return bitmap(
    canvas(128, 128, (ctx) => {
      const g = ctx.createRadialGradient(64, 64, 8, 64, 64, 90);
      if (kind === 'shading') {
        g.addColorStop(0, 'rgba(255,255,255,1)');
        g.addColorStop(1, 'rgba(90,90,90,0.8)');
      } else {
        g.addColorStop(0, 'rgba(120,120,120,0.7)');
        g.addColorStop(1, 'rgba(0,0,0,0)');
      }
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 128, 128);
    }),
  );
}

function warpedView(blend: BlendCode, maps: boolean): TemplateView {
  const v = view([smartObject({ matrix: [1.2, 0.35, -0.3, 1.15, 70, 40], OS: { w: 120, h: 120 }, blend, opacity: 0.85 })], {
    ...(maps ? { shadingUrl: 'shading', highlightUrl: 'highlight' } : {}),
  });
  return maps ? { ...v, viewData: { ...v.viewData, photoLighting: { black: 30, white: 210 } } } : v;
}

const COLOURS = ['#FFFFFF', '#1E3A8A', '#B91C1C', '#FDE68A', '#111827'];

/**
 * Renderers with the CPU blend on and off over the same photo and maps, the two designs, and a
 * count of the terms the CPU makes.
 */
async function rig() {
  const kept = vi.spyOn(CpuLayers.prototype, 'keep');
  const sampled = vi.spyOn(CpuLayers.prototype, 'keepSample');
  const images = { photo: await photo(), shading: await map('shading'), highlight: await map('highlight') };
  const cpu = createRenderer(images, { cpuBlend: true });
  const gpu = createRenderer(images, { cpuBlend: false });
  return { kept, sampled, cpu, gpu, flats: [await design(0), await design(1)] };
}

// Overlay, multiply, normal, screen, hard light and exclusion go by lines in the backdrop;
// darken, soft light, colour burn and divide by the whole formula.
test.each([5, 6, 7, 8, 10, 20, 3, 9, 12, 22] as BlendCode[])(
  'blend %i on the CPU matches the GPU within one level, with and without maps, through colours and designs',
  async (blend) => {
    const { kept, sampled, cpu, gpu, flats } = await rig();
    try {
      for (const maps of [false, true]) {
        const v = warpedView(blend, maps);
        // Each design in every colour: the first render of a design draws on the GPU, the second
        // makes the CPU's terms, the later ones only blend.
        for (const f of [0, 1, 0]) {
          for (const color of COLOURS) {
            const options = { view: v, flats: { front: flats[f] as ImageBitmap }, color };
            const want = await gpu.renderViewToImageData(options);
            const got = await cpu.renderViewToImageData(options);
            const { differing, largest } = compareBytes(got, want);
            expect(largest, `${maps ? 'maps' : 'plain'} flat ${f} ${color}`).toBeLessThanOrEqual(1);
            // Off by one only where a value falls on a rounding edge: a few bytes in a hundred.
            expect(differing, `${maps ? 'maps' : 'plain'} flat ${f} ${color}`).toBeLessThan(want.data.length * 0.02);
          }
        }
      }
      // The CPU made terms once per design and view (the third run of design 0 found them kept),
      // and sampled the view's three maps once for both designs.
      expect(kept).toHaveBeenCalledTimes(4);
      expect(sampled).toHaveBeenCalledTimes(3);
    } finally {
      await cpu.dispose();
      await gpu.dispose();
    }
  },
);

test('a layer the CPU cannot blend (a non-separable mode) stays on the GPU, byte for byte', async () => {
  const { kept, cpu, gpu, flats } = await rig();
  const flat = flats[0] as ImageBitmap;
  try {
    for (const blend of [2, 1, 25] as BlendCode[]) {
      for (const color of COLOURS) {
        const options = { view: warpedView(blend, true), flats: { front: flat }, color };
        expect(compareBytes(await cpu.renderViewToImageData(options), await gpu.renderViewToImageData(options)).differing).toBe(0);
      }
    }
    expect(kept).not.toHaveBeenCalled();
  } finally {
    await cpu.dispose();
    await gpu.dispose();
  }
});

test('a caller rendering several colours of a design has the first render make the terms', async () => {
  const { kept, cpu, gpu, flats } = await rig();
  try {
    const v = warpedView(6, true);
    // One colour of a design: nothing is made for colours that will not come.
    await cpu.renderViewToImageData({ view: v, flats: { front: flats[0] as ImageBitmap }, color: COLOURS[1], runColors: 1 });
    expect(kept).not.toHaveBeenCalled();
    // A run of every colour of the other design: its first render makes the terms, once.
    for (const color of COLOURS) {
      const options = { view: v, flats: { front: flats[1] as ImageBitmap }, color };
      const got = await cpu.renderViewToImageData({ ...options, runColors: COLOURS.length });
      expect(kept, color).toHaveBeenCalledTimes(1);
      const { differing, largest } = compareBytes(got, await gpu.renderViewToImageData(options));
      expect(largest, color).toBeLessThanOrEqual(1);
      expect(differing, color).toBeLessThan(got.data.length * 0.02);
    }
  } finally {
    await cpu.dispose();
    await gpu.dispose();
  }
});

test('on a cut-out photo with parts and a displacement map the CPU blends, over the body and past its edge', async () => {
  const kept = vi.spyOn(CpuLayers.prototype, 'keep');
  const images = {
    photo: await productPhoto(),
    shading: await map('shading'),
    highlight: await map('highlight'),
    sheen: await paintedRect([40, 30, 180, 90], 'rgba(255,255,255,0.45)'),
    shadow: await paintedRect([0, 140, 256, 116], 'rgba(40,40,60,0.5)'),
    bend: await paintedRect([0, 0, 256, 256], { from: [0, 0], to: [256, 256], stops: ['rgb(90,150,0)', 'rgb(170,100,0)'] }),
  };
  const cpu = createRenderer(images, { cpuBlend: true });
  const gpu = createRenderer(images, { cpuBlend: false });
  const flats = [await design(0), await design(1)];
  // The body of the cut-out spans 32..224; the first layer stays on it, the second hangs past it,
  // where the CPU blends over the photo's translucent and transparent pixels by the whole formula.
  const cutOut = (matrix: [number, number, number, number, number, number], blend: BlendCode): TemplateView => {
    const v = view([smartObject({ matrix, OS: { w: 120, h: 120 }, blend, opacity: 0.85 })], {
      shadingUrl: 'shading',
      highlightUrl: 'highlight',
      parts: [
        { partLargeImageUrl: null, imageUrl: 'sheen', shadow: 0, ornament: 1 },
        { partLargeImageUrl: null, imageUrl: 'shadow', shadow: 1, ornament: 0 },
      ],
    });
    return { ...v, viewData: { ...v.viewData, displacement: { url: 'bend', scaleX: 8, scaleY: 8 } } };
  };
  try {
    for (const blend of [7, 6, 5, 9] as BlendCode[]) {
      kept.mockClear();
      const v = cutOut([1, 0.2, -0.2, 1, 70, 60], blend);
      for (const f of [0, 1, 0]) {
        for (const color of COLOURS) {
          const options = { view: v, flats: { front: flats[f] as ImageBitmap }, color };
          const { differing, largest } = compareBytes(await cpu.renderViewToImageData(options), await gpu.renderViewToImageData(options));
          expect(largest, `blend ${blend} flat ${f} ${color}`).toBeLessThanOrEqual(1);
          expect(differing, `blend ${blend} flat ${f} ${color}`).toBeLessThan(256 * 256 * 4 * 0.02);
        }
      }
      // Terms once per design: the displaced layer was blended on the CPU.
      expect(kept, `blend ${blend}`).toHaveBeenCalledTimes(2);
    }
    for (const blend of [7, 6] as BlendCode[]) {
      kept.mockClear();
      const past = cutOut([1.5, 0, 0, 1.5, 4, 40], blend);
      for (const color of COLOURS) {
        const options = { view: past, flats: { front: flats[0] as ImageBitmap }, color };
        const { differing, largest } = compareBytes(await cpu.renderViewToImageData(options), await gpu.renderViewToImageData(options));
        // Over the cut-out's translucent edge the composite's colour and alpha can each land a level
        // apart, and flattening over the white background adds the two.
        expect(largest, `past the edge, blend ${blend} ${color}`).toBeLessThanOrEqual(2);
        // The displaced source, read back at 8 bits where the GPU blends it unrounded, moves those
        // pixels most (measured: 2.8-3.0 % of the bytes, the layer covering half the view).
        expect(differing, `past the edge, blend ${blend} ${color}`).toBeLessThan(256 * 256 * 4 * 0.04);
      }
      expect(kept, `past the edge, blend ${blend}`).toHaveBeenCalledTimes(1);
    }
  } finally {
    await cpu.dispose();
    await gpu.dispose();
  }
});
