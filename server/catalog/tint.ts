/**
 * Colour versions of the catalogue's view photos, made on first request by the catalogue's file
 * route (server/catalog/files.ts) and cached on disk beside the white photo. The demo
 * photographer (demo/catalog/art/photo.ts) writes the files a colour version is made from
 * ('<view>.jpg', '<view>-mask.png', '<view>-sheen.png', '<view>-parts.png') and uses the same
 * colour layer and JPEG quality, so a derived version matches what the generator would draw.
 */
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';

export const JPEG_QUALITY = 86;

/** A solid colour whose alpha is the mask: multiplied over the photo, it tints exactly the body. */
export function colourLayer(hex: string, maskRaw: Buffer, size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: hex } })
    .joinChannel(maskRaw, { raw: { width: size, height: size, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** White whose alpha is the given channel. */
export function alphaPng(alpha: Buffer, size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#FFFFFF' } })
    .joinChannel(alpha, { raw: { width: size, height: size, channels: 1 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * A colour version of a view, as the catalogue lists show it: the white photo multiplied by the
 * colour inside the mask, the body's sheen laid back over it (a black product still shines, as in
 * the engine, where the sheen is an untinted part), parts on top. White comes out unchanged.
 */
export async function tintView(dir: string, viewId: string, hex: string): Promise<Buffer> {
  const photoPath = path.join(dir, `${viewId}.jpg`);
  if (hex.toUpperCase() === '#FFFFFF') return sharp(photoPath).jpeg({ quality: JPEG_QUALITY }).toBuffer();
  const { width: size } = await sharp(photoPath).metadata();
  const mask = await sharp(path.join(dir, `${viewId}-mask.png`))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const layers: OverlayOptions[] = [{ input: await colourLayer(hex, mask, size), blend: 'multiply' }];
  const sheen = await sharp(path.join(dir, `${viewId}-sheen.png`))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer()
    .catch(() => null);
  if (sheen) {
    const bodySheen = Buffer.alloc(sheen.length);
    for (let i = 0; i < sheen.length; i += 1) bodySheen[i] = Math.round(((sheen[i] ?? 0) * (mask[i] ?? 0)) / 255);
    layers.push({ input: await alphaPng(bodySheen, size) });
  }
  const partsPath = path.join(dir, `${viewId}-parts.png`);
  const hasParts = await sharp(partsPath)
    .metadata()
    .then(
      () => true,
      () => false,
    );
  if (hasParts) layers.push({ input: partsPath });
  return sharp(photoPath).composite(layers).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}
