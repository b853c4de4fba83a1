/**
 * The CPU tint that fills a mockup outside its layers must give the tint shader's pixels:
 * every channel the colour's times the photo's luminance (0.3 r + 0.59 g + 0.11 b), rounded,
 * alpha unchanged; no colour leaves the photo as it is.
 */
import { describe, expect, test } from 'vitest';
import { photoLuminance, tintLuminance, tintPhotoPixels } from '../../../../engine/render/mockup/photo-frames';

const photo = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 200, 100, 50, 255, 12, 240, 99, 128, 17, 3, 250, 0]);

function shader(rgba: Uint8ClampedArray, tint: readonly [number, number, number]): number[] {
  const out: number[] = [];
  for (let i = 0; i < rgba.length; i += 4) {
    const lum = (0.3 * rgba[i]! + 0.59 * rgba[i + 1]! + 0.11 * rgba[i + 2]!) / 255;
    out.push(...tint.map((c) => Math.round(c * lum * 255)), rgba[i + 3]!);
  }
  return out;
}

describe('tintPhotoPixels', () => {
  test('each channel is the colour times the luminance, alpha kept', () => {
    const tint = [30 / 255, 58 / 255, 138 / 255] as const;
    expect([...tintPhotoPixels(photo, tint)]).toEqual(shader(photo, tint));
  });

  test('white keeps a grey photo and black turns every pixel black', () => {
    const grey = new Uint8ClampedArray([128, 128, 128, 255, 7, 7, 7, 255]);
    expect([...tintPhotoPixels(grey, [1, 1, 1])]).toEqual([...grey]);
    expect([...tintPhotoPixels(photo, [0, 0, 0])]).toEqual([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 128, 0, 0, 0, 0]);
  });

  test('no colour copies the photo into the given buffer', () => {
    const out = new Uint8ClampedArray(photo.length);
    expect(tintPhotoPixels(photo, null, out)).toBe(out);
    expect([...out]).toEqual([...photo]);
    expect(() => tintPhotoPixels(photo, null, new Uint8ClampedArray(4))).toThrow(/size/);
  });

  test('a photo tints from its luminance to the same pixels, opaque or with translucent pixels', () => {
    // Every level of every channel, in opaque pixels.
    const opaque = new Uint8ClampedArray(256 * 3 * 4);
    for (let i = 0; i < 256 * 3; i++) opaque.set([i % 256, (i * 7) % 256, (i * 13 + 5) % 256, 255], i * 4);
    const lum = photoLuminance(opaque);
    expect(lum.alpha).toBeNull();
    const cutOut = photoLuminance(photo);
    expect([...cutOut.alpha!]).toEqual([255, 255, 255, 128, 0]);
    for (const tint of [
      [30 / 255, 58 / 255, 138 / 255],
      [1, 1, 1],
      [0, 0, 0],
      [0.5, 0.25, 0.999],
    ] as const) {
      expect([...tintLuminance(lum, tint)]).toEqual([...tintPhotoPixels(opaque, tint)]);
      expect([...tintLuminance(cutOut, tint)]).toEqual([...tintPhotoPixels(photo, tint)]);
    }
    expect(() => tintLuminance(lum, [1, 1, 1], new Uint8ClampedArray(8))).toThrow(/size/);
  });
});
