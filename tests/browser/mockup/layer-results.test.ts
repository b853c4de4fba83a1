/**
 * Layers drawn again with the same design through a layer buffer are kept and reused
 * (layer-results.ts; layers blended straight from their mesh are not): a view rendered
 * in another colour, or again, must come out byte for byte as a renderer that draws every layer
 * every time draws it, and a new design, view or size must never show a kept layer.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { EdgeAntialiasing } from '../../../engine/render/mockup/layers.ts';
import { LayerResults } from '../../../engine/render/mockup/layer-results.ts';
import { bitmap, canvas, checker, createRenderer, group, rectPath, smartObject, solid, view } from './helpers.ts';

/**
 * A photo with a translucent corner: with `cpuFrames` off every render reads whole tiles back, so
 * only kept layers can differ.
 */
function translucentPhoto(): Promise<ImageBitmap> {
  return bitmap(
    canvas(256, 256, (ctx) => {
      ctx.fillStyle = '#D9D4CA';
      ctx.fillRect(0, 0, 256, 256);
      ctx.clearRect(0, 0, 40, 40);
      ctx.fillStyle = 'rgba(120, 130, 140, 0.5)';
      ctx.fillRect(0, 0, 30, 30);
    }),
  );
}

afterEach(() => vi.restoreAllMocks());

test.each(['coverage', 'msaa'] as EdgeAntialiasing[])(
  'kept layers (%s edges) render exactly as layers drawn every time, through colour, design, view and size changes',
  async (antialias) => {
    const hits = vi.spyOn(LayerResults.prototype, 'get');
    const images = { photo: await translucentPhoto() };
    const kept = createRenderer(images, { antialias, cpuFrames: false });
    const fresh = createRenderer(images, { antialias, reuseFrames: false });
    const warped = view([smartObject({ matrix: [0.9, 0.25, -0.2, 0.95, 40, 30] })]);
    const clipped = view([group([smartObject({ matrix: [0.7, -0.2, 0.2, 0.7, 90, 100], blend: 6 })], rectPath(100, 90, 230, 240))]);
    // A blurred layer goes through a buffer whatever the edges (with coverage edges the others are
    // blended from their mesh and never kept).
    const blurred = view([{ ...smartObject({ matrix: [0.8, 0.1, -0.1, 0.8, 60, 50] }), blur: 1.5 }]);
    const flats = [await checker(100, 100, 10), await solid(100, 100, '#CC3344')];
    const steps: [ReturnType<typeof view>, number, string, number?][] = [
      [warped, 0, '#FFFFFF'],
      [warped, 0, '#1E3A8A'],
      // Third render of this view and design: its layer is kept from here on.
      [warped, 0, '#B91C1C'],
      [warped, 0, '#15803D'],
      // Another design on the same view: drawn anew.
      [warped, 1, '#15803D'],
      [warped, 0, '#FFFFFF', 200],
      [clipped, 0, '#FFFFFF'],
      [clipped, 0, '#1E3A8A'],
      [clipped, 0, '#B91C1C'],
      [warped, 0, '#000000'],
      [clipped, 1, '#B91C1C'],
      [blurred, 0, '#FFFFFF'],
      [blurred, 0, '#1E3A8A'],
      [blurred, 0, '#B91C1C'],
      [blurred, 1, '#B91C1C'],
    ];
    try {
      for (const [i, [v, f, color, size]] of steps.entries()) {
        const options = { view: v, flats: { front: flats[f]! }, color, ...(size ? { size } : {}) };
        const want = await fresh.renderViewToImageData(options);
        const got = await kept.renderViewToImageData(options);
        let differing = 0;
        for (let k = 0; k < want.data.length; k++) if (got.data[k] !== want.data[k]) differing++;
        expect(differing, `step ${i}`).toBe(0);
      }
      // The kept renderer did reuse layers: the blurred view's once, and with multisampled edges
      // the warped view's three times and the clipped one's once.
      const reused = hits.mock.results.filter((r) => r.type === 'return' && r.value !== undefined).length;
      expect(reused).toBe(antialias === 'msaa' ? 5 : 1);
    } finally {
      await kept.dispose();
      await fresh.dispose();
    }
  },
);
