/**
 * How the mockup renderer resamples a flat drawn through a warp mesh. 'bilinear' is the texture
 * unit's own filtering (trilinear when mipmapped): one fetch per pixel. 'bicubic' imitates
 * Photoshop's "Bicubic Automatic" transform of a smart object: Bicubic Sharper when the layer is
 * reduced, Bicubic Smoother when it is enlarged, both as a Keys cubic (shaders/mesh.frag.glsl,
 * variant CUBIC) whose width follows the pixel's footprint in the texture, read from the
 * full-size texture (texelFetch), with normalised weights, applied as Photoshop applies it: rows
 * first through an 8-bit intermediate, transparent past the image's edge, colour mixed straight
 * (photoshopCubicSample). Pure functions here; the shader does the same arithmetic per pixel
 * (tests/browser/mockup/resampling*.test.ts check it against these).
 *
 * Fitted to Photoshop's own layer pixels (engine/psd/README.md, "Resampling"): a 500x511 JPEG
 * reduced to 214x238 and a 32x32 pixel-art PNG enlarged to 54x54, both axis-aligned, rendered on
 * the CPU with each candidate kernel and compared with the metric of `npm run fidelity` (MAE per
 * channel over the layer, and over its interior 2 px in from the edges, where the kernel alone
 * decides). Cost on SwiftShader: a 1000x1000 px layer of a 1200x1200 mockup takes the render from
 * about 55 ms to 230-300 ms at 0.8-1.7x and to 1.2 s at 0.43x (10x10 taps per pixel).
 */

import type { SmartObjectLayer } from '../../model/index.ts';

export type Resampling = 'bilinear' | 'bicubic';

/**
 * Which layers 'bicubic' resamples with the cubic: those placed by an affine transform (scaled,
 * rotated, skewed; an identity warp is imported as affine). Photoshop's warped and perspective
 * smart objects come out softer than its Bicubic Automatic: the cubic made every warp and
 * perspective reference worse (inflate 2.44 -> 4.25, squeeze 2.27 -> 3.92, a 1.0x mesh warp
 * 0.62 -> 1.41, quilts 0.60-0.91 -> 0.79-1.16, perspective 0.90-1.38 -> 1.02-1.41), and so did
 * softer cubics and a Sharper prefilter to the placed size before a bilinear warp; bilinear from
 * a flat composed at 1.25x stays closest, so they keep it.
 */
export function resampledByCubic(layer: SmartObjectLayer): boolean {
  return layer.M.kind === 'affine';
}

/**
 * A Keys cubic and its width in texels along one texture axis, given that axis's footprint f
 * (texels per output pixel): width = max(offset + slope * f, footprint * f, 1).
 */
export interface CubicKernel {
  /** Keys' parameter: -0.5 is Catmull-Rom; more negative is sharper (deeper negative lobes). */
  readonly a: number;
  readonly offset: number;
  readonly slope: number;
  /** The kernel spans this many times the pixel's footprint (area-aware reduction). */
  readonly footprint: number;
}

/**
 * Bicubic Sharper (reduction): Keys a = -2, widened to 1.05 times the footprint (area-aware: a
 * prefilter from the full-size source). On the 0.43x reduction, layer / interior: bilinear
 * 2.64 / 2.50, Keys -0.5 not widened 2.85 / 2.72, a mip level (2x2 box) then Keys at best
 * 2.51 / 2.36 (a = -1.5), widened by 1/scale a = -0.5 2.10 / 1.94, a = -1 1.44 / 1.25, a = -2
 * 0.78 / 0.57, Lanczos3 1.49 (interior), and a = -2 at 1.05/scale 0.55 / 0.33 (best; -1.75 is as
 * good). Photoshop normalises the widened weights: unnormalised, a = -2 at 1.05 gives 1.42 / 1.26.
 */
export const BICUBIC_SHARPER: CubicKernel = { a: -2, offset: 0, slope: 0, footprint: 1.05 };

// Smoother's width: 1 at footprint 1, 1.15 at footprint 32/54.
const smootherSlope = 0.15 / (1 - 32 / 54);

/**
 * Bicubic Smoother (enlargement): Keys a = -0.6 widened to 1.15 texels at 1.69x. On the 1.69x
 * enlargement, layer / interior: bilinear 3.39 / 3.31, Keys a = -0.5 3.79 / 3.67, -0.75
 * 3.97 / 3.87, -1 4.66 / 4.58, Mitchell-Netravali (1/3, 1/3) 2.32 / 2.19, B-spline 6.68, Lanczos2
 * widened 1.15 1.33 / 1.12, Keys -0.5 widened 1.15 1.34 / 1.14, -0.6 widened 1.10 1.87 / 1.67,
 * 1.15 1.19 / 0.97 (best), 1.20 1.66 / 1.49; enlarging in 1.05-1.5x steps 2.7-7.9. How the widening
 * grows with the scale is not measured (one enlargement): it is taken as linear in the footprint,
 * 1 at scale 1 (Photoshop copies a scale-1 layer exactly) and 1.15 at 1.69x.
 */
export const BICUBIC_SMOOTHER: CubicKernel = { a: -0.6, offset: 1 + smootherSlope, slope: -smootherSlope, footprint: 1 };

/**
 * Widest kernel (in texels) the shader reads at the full-size level: its MAX_TAPS taps per axis
 * cover 4 * width + 1 texels. Wider kernels read a coarser level (the texture needs mipmaps),
 * which costs accuracy: 2x2 box mips soften Sharper (on the 0.43x reduction, level 1 then the
 * widened cubic gave 2.66 instead of 0.55), so the bound is generous.
 */
export const CUBIC_MAX_TAPS = 32;
export const CUBIC_MAX_WIDTH = (CUBIC_MAX_TAPS - 1) / 4;
/** A texture the cubic draws smaller than 1/this of its size needs mipmaps. */
export const CUBIC_MIPMAP_RATIO = CUBIC_MAX_WIDTH / BICUBIC_SHARPER.footprint;

/** Keys' cubic convolution kernel (support -2..2; interpolating: 1 at 0, 0 at the other integers). */
export function keysCubic(x: number, a: number): number {
  const t = Math.abs(x);
  if (t < 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
  if (t < 2) return a * (((t - 5) * t + 8) * t - 4);
  return 0;
}

/** The kernel's width in texels for a footprint (texels per output pixel) along one axis. */
export function kernelWidth(k: CubicKernel, footprint: number): number {
  return Math.max(k.offset + k.slope * footprint, k.footprint * footprint, 1);
}

/**
 * Normalised weights of the texels a kernel of `width` texels reads around `center` (in texel
 * indices: texel i has its centre at i), as the shader computes them: texels `first`,
 * `first + 1`, … Texels outside the image are the caller's to clamp.
 */
export function cubicWeights(center: number, width: number, a: number): { first: number; weights: number[] } {
  const first = Math.floor(center - 2 * width) + 1;
  const last = Math.floor(center + 2 * width);
  const weights: number[] = [];
  for (let i = first; i <= last; i++) weights.push(keysCubic((i - center) / width, a));
  const sum = weights.reduce((s, w) => s + w, 0);
  return { first, weights: weights.map((w) => w / sum) };
}

/**
 * Output px per texel (geometric mean of the two axes) of an affine layer whose flat texture is
 * `textureWidth` x `textureHeight`, drawn at `outputScaleX/Y` output px per view px: what decides
 * between Sharper and Smoother. Rotation and skew do not change it; only the area scale does.
 */
export function affineLayerScale(
  layer: SmartObjectLayer,
  textureWidth: number,
  textureHeight: number,
  outputScaleX: number,
  outputScaleY: number,
): number {
  if (layer.M.kind !== 'affine') throw new Error('affineLayerScale: not an affine layer');
  const [a, b, c, d] = layer.M.matrix;
  const area = Math.abs(a * d - b * c) * outputScaleX * outputScaleY * ((layer.OS.w * layer.OS.h) / (textureWidth * textureHeight));
  return Math.sqrt(area);
}

/**
 * Photoshop's Bicubic Automatic for a layer drawn at `scale` (output px per source px). A scale
 * within 1e-6 of 1 (float noise of an unscaled placement) takes Smoother, which at 1 copies the
 * texels as Photoshop does; Sharper is wider than a texel there (measured: 0.79 instead of 0.01).
 */
export function photoshopKernel(scale: number): CubicKernel {
  return scale < 1 - 1e-6 ? BICUBIC_SHARPER : BICUBIC_SMOOTHER;
}

/** The shader's u_cubicKernel. */
export function cubicUniform(k: CubicKernel): [number, number, number, number] {
  return [k.a, k.offset, k.slope, k.footprint];
}

/** An 8-bit RGBA image with premultiplied colour, row by row (as the shader's texture holds it). */
type Rgba = readonly [number, number, number, number];

export interface PremultipliedImage {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/**
 * One kernel pass in straight colour over taps of `weights` (normalised), each `null` where it has
 * no coverage (transparent, or past the image's edge) or its straight colour and alpha (0..1).
 * Colour is not weighted by alpha: an uncovered tap takes the colour of the nearest covered tap
 * (ties the earlier one), as if the artwork continued under transparency. Returns colour and
 * alpha clamped to 0..1 (rounded to 8 bits with `round`), or null when no tap is covered.
 */
function straightPass(taps: readonly (Rgba | null)[], weights: readonly number[], round: boolean): Rgba | null {
  const covered = taps.flatMap((t) => (t ? [t] : []));
  const at = taps.flatMap((t, i) => (t ? [i] : []));
  if (covered.length === 0) return null;
  let r = 0;
  let g = 0;
  let b = 0;
  let al = 0;
  weights.forEach((w, i) => {
    let near = 0;
    at.forEach((k, n) => {
      if (Math.abs(k - i) < Math.abs((at[near] as number) - i)) near = n;
    });
    const c = covered[near] as Rgba;
    r += w * c[0];
    g += w * c[1];
    b += w * c[2];
    al += w * (taps[i]?.[3] ?? 0);
  });
  const level = (v: number) => {
    const c = Math.min(1, Math.max(0, v));
    return round ? Math.round(c * 255) / 255 : c;
  };
  return [level(r), level(g), level(b), level(al)];
}

/**
 * Photoshop's Bicubic as the shader applies it (mesh.frag.glsl, variant CUBIC), for a sample at
 * (`x`, `y`) in texel-centre coordinates (texel i has its centre at i) of `src`, with a kernel
 * `widthX` x `widthY` texels wide. Measured on the CPU against Photoshop's own pixels (engine/psd/
 * README.md, "Resampling"):
 * - separable, rows first, each row's horizontal sum clamped to 0..255 and rounded before the
 *   vertical pass (the 0.42x reduction: 355 faint pixels off the corners where Photoshop has
 *   none, alpha error 0.178, without it; 0 and 0.022 with it);
 * - the sample centre held inside the first and last texel centres, texels past the edge
 *   transparent, the weights normalised over every tap (Photoshop's outer ring of an opaque edge is
 *   238 = 0.933 x 255 at 1.69x, the in-image share of the kernel);
 * - colour mixed straight over a hidden colour that continues the artwork (a tap without coverage
 *   takes the nearest covered tap's colour in its row, a row without coverage the nearest covered
 *   row's): the 1.69x pixel art 0.37 against 0.78 premultiplied and 0.48 with each transparent
 *   texel taking the nearest opaque texel's colour in 2D.
 * Returns premultiplied colour and alpha in 0..1.
 */
export function photoshopCubicSample(
  src: PremultipliedImage,
  x: number,
  y: number,
  widthX: number,
  widthY: number,
  a: number,
): [number, number, number, number] {
  const wx = cubicWeights(Math.min(src.width - 1, Math.max(0, x)), widthX, a);
  const wy = cubicWeights(Math.min(src.height - 1, Math.max(0, y)), widthY, a);
  const rows = wy.weights.map((_, j) => {
    const ty = wy.first + j;
    if (ty < 0 || ty >= src.height) return null;
    const taps = wx.weights.map((__, i) => {
      const tx = wx.first + i;
      if (tx < 0 || tx >= src.width) return null;
      const o = (ty * src.width + tx) * 4;
      const al = (src.data[o + 3] as number) / 255;
      if (al <= 0) return null;
      const straight = (ch: number) => (src.data[o + ch] as number) / 255 / al;
      return [straight(0), straight(1), straight(2), al] as const;
    });
    const row = straightPass(taps, wx.weights, true);
    return row && row[3] > 0 ? row : null;
  });
  const out = straightPass(rows, wy.weights, false);
  if (!out) return [0, 0, 0, 0];
  const al = out[3];
  return [out[0] * al, out[1] * al, out[2] * al, al];
}
