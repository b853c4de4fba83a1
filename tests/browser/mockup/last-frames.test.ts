/**
 * Repeated renders of one photo, colour and size reuse the last frame outside the layers and read
 * back only what the layers can have changed: the pixels must be exactly those of a renderer that
 * reads every frame back whole, given the same renders, whatever changed in between (the design,
 * the view's layers, the colour).
 */
import { expect, test } from 'vitest';
import { bitmap, canvas, checker, createRenderer, group, rectPath, smartObject, solid, view } from './helpers.ts';

/** An opaque product photo (a gradient over the whole view): the case the reuse applies to. */
function opaquePhoto(): Promise<ImageBitmap> {
  return bitmap(
    canvas(256, 256, (ctx) => {
      const g = ctx.createLinearGradient(0, 0, 256, 256);
      g.addColorStop(0, '#F4F1EA');
      g.addColorStop(1, '#7A7F88');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 256, 256);
    }),
  );
}

function differingBytes(a: ImageData, b: ImageData): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) n++;
  return n;
}

test('renders that reuse the last frame equal whole readbacks, through design, view and colour changes', async () => {
  const images = { photo: await opaquePhoto() };
  const kept = createRenderer(images);
  const whole = createRenderer(images, { reuseFrames: false });
  const left = view([smartObject({ matrix: [1, 0, 0, 1, 10, 20] })]);
  // Another view on the same photo: its layer draws elsewhere, clipped, multiplied.
  const right = view([group([smartObject({ matrix: [0.8, 0.3, -0.3, 0.8, 140, 90], blend: 6 })], rectPath(120, 80, 250, 250))]);
  const flats = [await checker(100, 100, 10), await checker(100, 100, 25), await solid(100, 100, '#3366CC')];
  const steps: [ReturnType<typeof view>, number, string?][] = [
    [left, 0],
    [left, 1],
    [left, 2],
    [right, 0],
    [left, 1],
    [left, 1, '#1E3A8A'],
    [left, 2, '#1E3A8A'],
    [left, 0, '#1E3A8A'],
    [right, 2],
    [left, 0],
  ];
  try {
    for (const [i, [v, f, color]] of steps.entries()) {
      const options = { view: v, flats: { front: flats[f]! }, ...(color ? { color } : {}) };
      const want = await whole.renderViewToImageData(options);
      const got = await kept.renderViewToImageData(options);
      expect(differingBytes(got, want), `step ${i}`).toBe(0);
    }
  } finally {
    await kept.dispose();
    await whole.dispose();
  }
});
