/**
 * Each edit of a design gives the renderer a new flat bitmap, and the engine closes the old ones.
 * The texture of a closed bitmap can never be drawn again, so it must be freed when the next one
 * is uploaded, not kept until the texture budget (256 MB) runs out.
 */
import { expect, test } from 'vitest';
import { MockupRenderer, createMapImageLoader } from '../../../engine/render/mockup/index.ts';
import { checker, productPhoto, smartObject, solid, view } from './helpers.ts';

test("a closed flat's texture is freed when the next flat is uploaded; open flats keep theirs", async () => {
  const surface = new OffscreenCanvas(1, 1);
  const renderer = new MockupRenderer(surface, { loader: createMapImageLoader({ photo: await productPhoto() }) });
  const gl = surface.getContext('webgl2')!;
  // Which texture each flat was uploaded into, and which textures were deleted.
  const uploadedInto = new Map<unknown, WebGLTexture>();
  const deleted = new Set<WebGLTexture>();
  const texImage2D = gl.texImage2D.bind(gl) as (...args: unknown[]) => void;
  gl.texImage2D = ((...args: unknown[]) => {
    uploadedInto.set(args[args.length - 1], gl.getParameter(gl.TEXTURE_BINDING_2D) as WebGLTexture);
    texImage2D(...args);
  }) as typeof gl.texImage2D;
  const deleteTexture = gl.deleteTexture.bind(gl);
  gl.deleteTexture = (t: WebGLTexture | null) => {
    if (t) deleted.add(t);
    deleteTexture(t);
  };
  const v = view([smartObject({ matrix: [1, 0, 0, 1, 10, 20] })]);
  const [a, b, c] = [await checker(100, 100, 10), await solid(100, 100, '#3366CC'), await checker(100, 100, 25)];
  try {
    (await renderer.renderView({ view: v, flats: { front: a } })).close();
    (await renderer.renderView({ view: v, flats: { front: b } })).close();
    const ta = uploadedInto.get(a);
    const tb = uploadedInto.get(b);
    expect(ta && tb).toBeTruthy();
    expect(deleted.has(ta!)).toBe(false);
    a.close();
    (await renderer.renderView({ view: v, flats: { front: c } })).close();
    expect(deleted.has(ta!)).toBe(true);
    // b is still open: a later render may show it again, so its texture stays.
    expect(deleted.has(tb!)).toBe(false);
    const again = await renderer.renderViewToImageData({ view: v, flats: { front: b } });
    expect(again.width).toBeGreaterThan(0);
    expect(uploadedInto.get(b)).toBe(tb);
  } finally {
    await renderer.dispose();
  }
});
