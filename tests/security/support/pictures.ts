/**
 * Pictures built byte by byte: a small valid PNG, and PNGs that declare a huge size (the
 * decompression bombs the upload limits are for).
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

function ihdr(width: number, height: number, bitDepth: number, colorType: number): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d[8] = bitDepth;
  d[9] = colorType;
  return chunk('IHDR', d);
}

/** A valid 8-bit RGB PNG of `width` x `height`, every pixel orange. */
export function tinyPng(width = 4, height = 4): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [255, 136, 0]).flat())]);
  const idat = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([SIGNATURE, ihdr(width, height, 8, 2), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A real, valid PNG bomb: 1-bit greyscale, every pixel black, deflated at level 9. 20000x20000 is
 * 400 megapixels (1.6 GB as RGBA) in a file of about 50 KB.
 */
export function pngBomb(width: number, height: number): Buffer {
  const row = 1 + Math.ceil(width / 8);
  const idat = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([SIGNATURE, ihdr(width, height, 1, 0), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A small PNG whose header alone declares `width` x `height` (its pixel data is a 1x1 picture's). */
export function pngDeclaring(width: number, height: number): Buffer {
  const idat = deflateSync(Buffer.from([0, 255, 136, 0]));
  return Buffer.concat([SIGNATURE, ihdr(width, height, 8, 2), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG that is all header: the size it declares, no pixel data. */
export const pngHeaderOnly = (width: number, height: number): Buffer =>
  Buffer.concat([SIGNATURE, ihdr(width, height, 8, 2), chunk('IEND', Buffer.alloc(0))]);
