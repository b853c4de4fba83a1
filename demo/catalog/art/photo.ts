/**
 * The product photographer: turns one view drawing into the files a view needs. The surface is
 * computed, not drawn: art/relief.ts builds a height field from the drawing (the silhouette
 * rounded into a form, fold valleys, seams, seeded drape, the weave of the finish) and lights it
 * like a studio (key, fill, rim; ambient occlusion in creases; sheen, sparkle and softbox
 * reflections on glossy goods). sharp rasterises the drawing and encodes the files:
 *
 *   <view>.jpg            the studio photo of the WHITE product, for galleries and lists
 *   <view>-cutout.png     the same product alone on transparency, with its contact and cast
 *                         shadow: the engine's view image. The engine tints the whole image with
 *                         the SKU colour (colour x luminance), so nothing but the product may be
 *                         in it. Its grey is the lit diffuse surface (the shading map).
 *   <view>-mask.png       where the product is (the tint region for the lists' colour covers)
 *   <view>-shading.png    the lit diffuse surface, multiplied over prints (white = no change): the
 *                         folds, creases and the weave show through the ink
 *   <view>-sheen.png      the speculars as white with alpha, an untinted part drawn over body and
 *                         print alike (a black mug still shines; a glossy highlight crosses the print)
 *   <view>-surface.png    where a print may land: the product and what lies on it (a framed
 *                         print's paper), the contact sheet's check of every mockup
 *   <view>-displace.png   how the print bends with the folds: the slope of the height field (weave
 *                         left out), red across and green down (128 = flat), Photoshop's Displace
 *   <view>-parts.png      untinted parts drawn on top (soles, zips, mats, camera bumps), if any
 *
 * The photo is the cut-out over the backdrop, then the underlays, the sheen and the parts (the
 * sheen after the parts on glazed goods: the acrylic lies over the mat). What the engine rebuilds
 * from the maps therefore matches the photo.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { ViewDrawing } from '../archetypes/types';
import { svgPath } from './path';
import {
  FINISHES,
  boxBlur,
  displacementFromHeight,
  hash2,
  heightField,
  lightSurface,
  mottleField,
  seedOf,
  weaveField,
  wideBlur,
  type Finish,
  type Form,
} from './relief';
import { JPEG_QUALITY, alphaPng } from '../../../server/catalog/tint';
import { backdropSvg, glassSvg, maskSvg, partsSvg, reliefSvg, shadowSvg, underlaySvg } from './svg';

export interface ViewFileNames {
  photo: string;
  cutout: string;
  mask: string;
  shading: string;
  sheen: string;
  displacement: string;
  surface: string;
  parts: string | null;
}

export function viewFileNames(view: Pick<ViewDrawing, 'id' | 'ornaments'>): ViewFileNames {
  return {
    photo: `${view.id}.jpg`,
    cutout: `${view.id}-cutout.png`,
    mask: `${view.id}-mask.png`,
    shading: `${view.id}-shading.png`,
    sheen: `${view.id}-sheen.png`,
    displacement: `${view.id}-displace.png`,
    surface: `${view.id}-surface.png`,
    parts: (view.ornaments ?? []).length > 0 ? `${view.id}-parts.png` : null,
  };
}

const fromSvg = (svg: string) => sharp(Buffer.from(svg));

/** One channel, 0-255, the size of the view. */
async function greyRaw(svg: string): Promise<Buffer> {
  return fromSvg(svg).removeAlpha().extractChannel(0).raw().toBuffer();
}

/**
 * A cloth silhouette: rasterised, then blurred by about half a pixel at 1200 px, so its edge has
 * the slight softness of fibres photographed against the backdrop instead of a vector's cut.
 */
async function softEdgeRaw(svg: string, size: number): Promise<Buffer> {
  const raw = await greyRaw(svg);
  return sharp(raw, { raw: { width: size, height: size, channels: 1 } })
    .blur(Math.max(0.3, (0.6 * size) / 1200))
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * Like greyRaw for soft maps (cast shadows, the relief): rendered at half size and scaled up,
 * which costs a quarter of the blur work and looks the same, there being no edge to lose.
 */
async function softGreyRaw(svgAt: (size: number) => string, size: number): Promise<Buffer> {
  const half = Math.max(64, Math.round(size / 2));
  const small = await greyRaw(svgAt(half));
  return sharp(small, { raw: { width: half, height: half, channels: 1 } })
    .resize(size, size, { kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * Most a print moves at the folds, as a share of the view's size (about 4 px at 1200 px): enough
 * for a print to follow a crease, small enough that text stays straight on the flat parts.
 */
export const DISPLACEMENT_SHARE = 0.003;

/** Shift of the print per unit slope of the height field, as a share of the view's size. */
const DISPLACEMENT_GAIN = 0.005;

/** A white product's flat, camera-facing cloth: just under 1 so the weave shows on white. */
const EXPOSURE = 0.975;

const DEFAULT_FORM: Form = { kind: 'soft', edge: 18, puff: 10 };

function greyPng(raw: Buffer, size: number): Promise<Buffer> {
  return sharp(raw, { raw: { width: size, height: size, channels: 1 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * The cut-out: the lit grey body over a black shadow whose alpha is the shadow's darkness, as
 * straight-alpha RGBA. Per pixel: body alpha m over shadow alpha s. No shadow where an underlay
 * lies (a framed print's paper): the print goes there, and a transparent design must show the
 * paper's white, not the wall's shadow.
 */
function cutoutRaw(mask: Buffer, shading: Buffer, shadow: Buffer, underlay: Buffer | null): Buffer {
  const out = Buffer.alloc(mask.length * 4);
  for (let i = 0; i < mask.length; i += 1) {
    const m = (mask[i] ?? 0) / 255;
    const s = ((255 - (shadow[i] ?? 255)) / 255) * (1 - (underlay ? (underlay[i] ?? 0) / 255 : 0));
    const a = m + s * (1 - m);
    const grey = a > 0 ? Math.round(((shading[i] ?? 255) * m) / a) : 0;
    const o = i * 4;
    out[o] = grey;
    out[o + 1] = grey;
    out[o + 2] = grey;
    out[o + 3] = Math.round(a * 255);
  }
  return out;
}

const GRAIN_TILE = 251;
/** Film grain, -1.6..1.6 levels: a prime-sized tile repeated (no visible repeat at these levels). */
const GRAIN: Int8Array = (() => {
  const tile = new Int8Array(GRAIN_TILE * GRAIN_TILE);
  for (let i = 0; i < tile.length; i += 1) tile[i] = Math.round((hash2(i % GRAIN_TILE, Math.floor(i / GRAIN_TILE), 1234) - 0.5) * 3.2);
  return tile;
})();

/** The studio backdrop with a little film grain, so it reads as a photographed sweep. */
function grainy(rgb: Buffer, size: number): Buffer {
  const out = Buffer.from(rgb);
  for (let y = 0; y < size; y += 1) {
    const row = (y % GRAIN_TILE) * GRAIN_TILE;
    for (let x = 0; x < size; x += 1) {
      const g = GRAIN[row + (x % GRAIN_TILE)] as number;
      const o = (y * size + x) * 3;
      out[o] = (out[o] as number) + g;
      out[o + 1] = (out[o + 1] as number) + g;
      out[o + 2] = (out[o + 2] as number) + g;
    }
  }
  return out;
}

export interface SurfaceMaps {
  /** Diffuse brightness, 0-255 (255 off the body). */
  shading: Buffer;
  /** Specular as alpha, 0-255. */
  sheen: Buffer;
  /** RGB displacement map. */
  displacement: Buffer;
}

/** The lit surface of one view from its rasterised mask and relief: the heart of the photographer. */
export function surfaceMaps(
  view: Pick<ViewDrawing, 'finish' | 'form'>,
  size: number,
  maskRaw: Buffer,
  reliefRaw: Buffer,
  seed: number,
  glass: Buffer | null = null,
): SurfaceMaps {
  const finish: Finish = view.finish ?? 'jersey';
  const look = FINISHES[finish];
  const form = view.form ?? DEFAULT_FORM;
  const n = size * size;
  const mask = new Float32Array(n);
  for (let i = 0; i < n; i += 1) mask[i] = (maskRaw[i] ?? 0) / 255;
  const reliefQ = new Float32Array(n);
  for (let i = 0; i < n; i += 1) reliefQ[i] = ((reliefRaw[i] ?? 128) - 128) / 128;
  // The relief comes as 8-bit grey: a little blur takes the quantisation steps out of its slopes.
  const relief = boxBlur(reliefQ, size, size, Math.max(1, Math.round(size / 600)));
  const k = size / 1000;
  const { height, detail } = heightField({ size, mask, relief, form, foldDepth: 60 * k, drape: look.drape, seed });
  const occluder = look.occlusion > 0 ? wideBlur(height, size, size, 12 * k) : null;
  const { diffuse, specular } = lightSurface({
    size,
    height,
    mask,
    weave: weaveField(finish, size, seed),
    mottle: mottleField(finish, size, seed),
    look,
    exposure: EXPOSURE,
    occluder,
    occlusionDepth: 5 * k,
  });
  const shading = Buffer.alloc(n);
  const sheen = Buffer.alloc(n);
  for (let i = 0; i < n; i += 1) {
    const m = mask[i] as number;
    shading[i] = Math.round(255 * (1 - m) + 255 * m * (diffuse[i] as number));
    sheen[i] = Math.round(255 * (specular[i] as number));
  }
  if (glass) {
    // Acrylic glazing: a faint, broad diagonal reflection of the studio across the opening.
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const i = y * size + x;
        const g = (glass[i] ?? 0) / 255;
        if (g === 0) continue;
        const t = (x + 0.6 * y) / size;
        const band = Math.exp(-(((t - 0.55) / 0.09) ** 2)) * 0.11 + Math.exp(-(((t - 0.78) / 0.03) ** 2)) * 0.06 + 0.02;
        sheen[i] = Math.max(sheen[i] ?? 0, Math.round(255 * band * g));
      }
    }
  }
  const smoothDetail = boxBlur(detail, size, size, Math.max(1, Math.round(3 * k)));
  const displacement = displacementFromHeight(smoothDetail, mask, size, DISPLACEMENT_GAIN * size, DISPLACEMENT_SHARE * size);
  return { shading, sheen, displacement };
}

export async function photographView(view: ViewDrawing, size: number, dir: string): Promise<ViewFileNames> {
  const names = viewFileNames(view);
  const parts = partsSvg(view, size);
  const underlays = underlaySvg(view, size);
  const glazed = view.finish === 'glazed';
  const seed = seedOf(`${view.id}:${svgPath(view.body)}`);
  const [maskRaw, reliefRaw, shadowRaw, partsPng, underlayPng, backdrop, glassRaw] = await Promise.all([
    (view.form?.kind ?? 'soft') === 'soft' ? softEdgeRaw(maskSvg(view, size), size) : greyRaw(maskSvg(view, size)),
    // The relief's folds are soft: drawn at half size (a quarter of librsvg's blur work) and
    // scaled up; its seams come out a pixel wider, which the lighting cannot tell.
    softGreyRaw((n) => reliefSvg(view, n), size),
    softGreyRaw((n) => shadowSvg(view, n), size),
    parts ? fromSvg(parts).png({ compressionLevel: 6 }).toBuffer() : Promise.resolve(null),
    underlays ? fromSvg(underlays).png({ compressionLevel: 1 }).toBuffer() : Promise.resolve(null),
    fromSvg(backdropSvg(view, size)).removeAlpha().raw().toBuffer(),
    glazed ? greyRaw(glassSvg(view, size)) : Promise.resolve(null),
  ]);
  const maps = surfaceMaps(view, size, maskRaw, reliefRaw, seed, glassRaw);
  const underlayAlpha = underlayPng ? await sharp(underlayPng).ensureAlpha().extractChannel(3).raw().toBuffer() : null;
  const cutout = await sharp(cutoutRaw(maskRaw, maps.shading, shadowRaw, underlayAlpha), {
    raw: { width: size, height: size, channels: 4 },
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
  const surfaceRaw = underlayAlpha ? Buffer.from(maskRaw.map((m, i) => Math.max(m, underlayAlpha[i] ?? 0))) : maskRaw;
  const [maskPng, shadingPng, sheenPng, displacementPng, surfacePng] = await Promise.all([
    greyPng(maskRaw, size),
    greyPng(maps.shading, size),
    alphaPng(maps.sheen, size),
    sharp(maps.displacement, { raw: { width: size, height: size, channels: 3 } })
      .png({ compressionLevel: 6 })
      .toBuffer(),
    greyPng(surfaceRaw, size),
  ]);
  const layers: OverlayOptions[] = [{ input: cutout }];
  if (underlayPng) layers.push({ input: underlayPng });
  if (!glazed) layers.push({ input: sheenPng });
  if (partsPng) layers.push({ input: partsPng });
  if (glazed) layers.push({ input: sheenPng });
  const photo = await sharp(grainy(backdrop, size), { raw: { width: size, height: size, channels: 3 } })
    .composite(layers)
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  await Promise.all([
    writeFile(path.join(dir, names.photo), photo),
    writeFile(path.join(dir, names.cutout), cutout),
    writeFile(path.join(dir, names.mask), maskPng),
    writeFile(path.join(dir, names.shading), shadingPng),
    writeFile(path.join(dir, names.sheen), sheenPng),
    writeFile(path.join(dir, names.displacement), displacementPng),
    writeFile(path.join(dir, names.surface), surfacePng),
    partsPng && names.parts ? writeFile(path.join(dir, names.parts), partsPng) : Promise.resolve(),
  ]);
  return names;
}
