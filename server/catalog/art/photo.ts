/**
 * The product photographer: turns one view drawing into the files a view needs, with sharp.
 *
 *   <view>.jpg            the studio photo of the WHITE product, for galleries and lists
 *   <view>-cutout.png     the same product alone on transparency, with its cast shadow: the
 *                         engine's view image. The engine tints the whole image with the SKU
 *                         colour (colour x luminance), so nothing but the product may be in it.
 *   <view>-mask.png       where the product is (the tint region for the lists' colour covers)
 *   <view>-shading.png    folds and falloff, multiplied (white = no change)
 *   <view>-highlight.png  speculars, screened (black = no change)
 *   <view>-surface.png    where a print may land: the product and what lies on it (a framed
 *                         print's paper), the contact sheet's check of every mockup
 *   <view>-displace.png   how the print bends with the folds: the slope of the shading's
 *                         relief, red across and green down (128 = flat), Photoshop's Displace
 *   <view>-parts.png      untinted parts drawn on top (soles, zips, mats, camera bumps), if any
 *
 * The body is white x shading, screened with the highlights; the photo is that cut-out over the
 * backdrop, then the underlays and parts. What the engine rebuilds from the maps therefore
 * matches the photo.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { ViewDrawing } from '../archetypes/types';
import { backdropSvg, highlightSvg, maskSvg, partsSvg, shadingSvg, shadowSvg, underlaySvg } from './svg';

export interface ViewFileNames {
  photo: string;
  cutout: string;
  mask: string;
  shading: string;
  highlight: string;
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
    highlight: `${view.id}-highlight.png`,
    displacement: `${view.id}-displace.png`,
    surface: `${view.id}-surface.png`,
    parts: (view.ornaments ?? []).length > 0 ? `${view.id}-parts.png` : null,
  };
}

export const JPEG_QUALITY = 86;

const fromSvg = (svg: string) => sharp(Buffer.from(svg));

/** One channel, 0-255, the size of the view. */
async function greyRaw(svg: string): Promise<Buffer> {
  return fromSvg(svg).removeAlpha().extractChannel(0).raw().toBuffer();
}

/**
 * Like greyRaw for soft maps (cast shadows, highlights): rendered at half size and scaled up,
 * which costs a quarter of the blur work and looks the same, there being no edge to lose.
 */
async function softGreyRaw(svgAt: (size: number) => string, size: number): Promise<Buffer> {
  const half = Math.max(64, Math.round(size / 2));
  const small = await greyRaw(svgAt(half));
  return sharp(small, { raw: { width: half, height: half, channels: 1 } }).resize(size, size, { kernel: 'cubic' }).extractChannel(0).raw().toBuffer();
}

/**
 * Most a print moves at the folds, as a share of the view's size (about 4 px at 1200 px): enough
 * for a print to follow a crease, small enough that text stays straight on the flat parts.
 */
export const DISPLACEMENT_SHARE = 0.003;

/**
 * The displacement map from the shading: the relief is the shading blurred (folds are the dark
 * valleys), and the map holds its slope, so a print shifts where the surface turns and stays put
 * on flat cloth. Outside the product the map is 128 (no shift). RGB, red x and green y.
 */
async function displacementRaw(shading: Buffer, mask: Buffer, size: number): Promise<Buffer> {
  const sigma = Math.max(1, size / 400);
  const relief = await sharp(shading, { raw: { width: size, height: size, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer();
  const out = Buffer.alloc(size * size * 3, 128);
  // Slopes of about 16 levels per 2 px reach the full shift; steeper ones are clipped.
  const gain = 127 / 16;
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const i = y * size + x;
      const m = (mask[i] ?? 0) / 255;
      if (m === 0) continue;
      const dx = (relief[i + 1] ?? 0) - (relief[i - 1] ?? 0);
      const dy = (relief[i + size] ?? 0) - (relief[i - size] ?? 0);
      out[i * 3] = Math.round(128 + m * Math.max(-127, Math.min(127, dx * gain)));
      out[i * 3 + 1] = Math.round(128 + m * Math.max(-127, Math.min(127, dy * gain)));
    }
  }
  return out;
}

function greyPng(raw: Buffer, size: number): Promise<Buffer> {
  return sharp(raw, { raw: { width: size, height: size, channels: 1 } }).png({ compressionLevel: 6 }).toBuffer();
}

/** A solid colour whose alpha is the mask: multiplied over the photo, it tints exactly the body. */
export function colourLayer(hex: string, maskRaw: Buffer, size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: hex } })
    .joinChannel(maskRaw, { raw: { width: size, height: size, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * The cut-out: a grey body (white x shading, screen highlight) over a black shadow whose alpha is
 * the shadow's darkness, as straight-alpha RGBA. Per pixel: body alpha m over shadow alpha s.
 * No shadow where an underlay lies (a framed print's paper): the print goes there, and a
 * transparent design must show the paper's white, not the wall's shadow.
 */
function cutoutRaw(mask: Buffer, shading: Buffer, highlight: Buffer, shadow: Buffer, underlay: Buffer | null): Buffer {
  const out = Buffer.alloc(mask.length * 4);
  for (let i = 0; i < mask.length; i += 1) {
    const m = (mask[i] ?? 0) / 255;
    const s = ((255 - (shadow[i] ?? 255)) / 255) * (1 - (underlay ? (underlay[i] ?? 0) / 255 : 0));
    const body = 255 - ((255 - (shading[i] ?? 255)) * (255 - (highlight[i] ?? 0))) / 255;
    const a = m + s * (1 - m);
    const grey = a > 0 ? Math.round((body * m) / a) : 0;
    const o = i * 4;
    out[o] = grey;
    out[o + 1] = grey;
    out[o + 2] = grey;
    out[o + 3] = Math.round(a * 255);
  }
  return out;
}

export async function photographView(view: ViewDrawing, size: number, dir: string): Promise<ViewFileNames> {
  const names = viewFileNames(view);
  const parts = partsSvg(view, size);
  const underlays = underlaySvg(view, size);
  const [maskRaw, shadingRaw, highlightRaw, shadowRaw, partsPng, underlayPng, backdrop] = await Promise.all([
    greyRaw(maskSvg(view, size)),
    greyRaw(shadingSvg(view, size)),
    softGreyRaw((n) => highlightSvg(view, n), size),
    softGreyRaw((n) => shadowSvg(view, n), size),
    parts ? fromSvg(parts).png({ compressionLevel: 6 }).toBuffer() : Promise.resolve(null),
    underlays ? fromSvg(underlays).png({ compressionLevel: 1 }).toBuffer() : Promise.resolve(null),
    fromSvg(backdropSvg(view, size)).removeAlpha().raw().toBuffer(),
  ]);
  const underlayAlpha = underlayPng ? await sharp(underlayPng).ensureAlpha().extractChannel(3).raw().toBuffer() : null;
  const cutout = await sharp(cutoutRaw(maskRaw, shadingRaw, highlightRaw, shadowRaw, underlayAlpha), { raw: { width: size, height: size, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  const surfaceRaw = underlayAlpha ? Buffer.from(maskRaw.map((m, i) => Math.max(m, underlayAlpha[i] ?? 0))) : maskRaw;
  const [maskPng, shadingPng, highlightPng, displacementPng, surfacePng] = await Promise.all([
    greyPng(maskRaw, size), greyPng(shadingRaw, size), greyPng(highlightRaw, size),
    displacementRaw(shadingRaw, maskRaw, size).then((raw) => sharp(raw, { raw: { width: size, height: size, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer()),
    greyPng(surfaceRaw, size),
  ]);
  const layers: OverlayOptions[] = [{ input: cutout }];
  if (underlayPng) layers.push({ input: underlayPng });
  if (partsPng) layers.push({ input: partsPng });
  const photo = await sharp(backdrop, { raw: { width: size, height: size, channels: 3 } }).composite(layers).jpeg({ quality: JPEG_QUALITY }).toBuffer();
  await Promise.all([
    writeFile(path.join(dir, names.photo), photo),
    writeFile(path.join(dir, names.cutout), cutout),
    writeFile(path.join(dir, names.mask), maskPng),
    writeFile(path.join(dir, names.shading), shadingPng),
    writeFile(path.join(dir, names.highlight), highlightPng),
    writeFile(path.join(dir, names.displacement), displacementPng),
    writeFile(path.join(dir, names.surface), surfacePng),
    partsPng && names.parts ? writeFile(path.join(dir, names.parts), partsPng) : Promise.resolve(),
  ]);
  return names;
}

/**
 * A colour version of a view, as the catalogue lists show it: the white photo multiplied by the
 * colour inside the mask, highlights screened back (a black product still shines), parts on top.
 * White comes out unchanged.
 */
export async function tintView(dir: string, viewId: string, hex: string): Promise<Buffer> {
  const photoPath = path.join(dir, `${viewId}.jpg`);
  const { width: size } = await sharp(photoPath).metadata();
  const mask = await sharp(path.join(dir, `${viewId}-mask.png`)).extractChannel(0).raw().toBuffer();
  const layers: OverlayOptions[] = [
    { input: await colourLayer(hex, mask, size), blend: 'multiply' },
    { input: path.join(dir, `${viewId}-highlight.png`), blend: 'screen' },
  ];
  const partsPath = path.join(dir, `${viewId}-parts.png`);
  const hasParts = await sharp(partsPath).metadata().then(() => true, () => false);
  if (hasParts) layers.push({ input: partsPath });
  return sharp(photoPath).composite(layers).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}
