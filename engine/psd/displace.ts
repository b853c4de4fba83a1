/**
 * Photoshop's Displace smart filter on a design, and the displacement map it reads.
 *
 * Displace only takes a Photoshop document as its map; the filter names that file by path
 * (ag-psd: `filter.displacementFile.path`), and Photoshop keeps a copy of it among the document's
 * linked files (`psd.linkedFiles`, by file name) when the map was embedded. A map that is only a
 * path on the photographer's disk cannot be read back.
 */
import type { Filter, Layer, Psd } from 'ag-psd';
import { isPsd } from './color/embedded';
import { createRaster, type Raster } from './pixels/raster';
import { embeddedPsdPixels } from './sources';

export type DisplaceFilter = Extract<Filter, { type: 'displace' }>;

/** The layer's enabled Displace smart filters, in the order Photoshop applies them. */
export function displaceFiltersOf(layer: Layer): DisplaceFilter[] {
  const filter = layer.placedLayer?.filter;
  if (!filter?.enabled) return [];
  return filter.list.filter((f): f is DisplaceFilter => f.enabled && f.type === 'displace');
}

/** The file name at the end of a stored path (Mac or Windows separators). */
export function fileNameOf(path: string): string {
  return (
    path
      .split(/[\\/:]/)
      .filter(Boolean)
      .pop() ?? path
  );
}

/**
 * The displacement map `path` names, decoded from the copy Photoshop embedded in the document;
 * null when the document holds no file of that name or it is not a decodable PSD/PSB.
 */
export function embeddedDisplacementMap(psd: Psd, path: string, warn: (message: string) => void): Raster | null {
  const name = fileNameOf(path).toLowerCase();
  if (!name) return null;
  const file = (psd.linkedFiles ?? []).find((f) => fileNameOf(f.name ?? '').toLowerCase() === name && f.data);
  if (!file?.data || !isPsd(file.data)) return null;
  return embeddedPsdPixels(file.data, warn);
}

/**
 * The view-wide displacement (engine model `Displacement`) that moves a document-size layer as
 * the filter does: the map stretched over (or tiled from the top-left of) the document, cut to the
 * view's rectangle, red driving x and green y. Photoshop shifts by (map - 128) x scale% / 100 px;
 * the model by (map - 128) / 128 x its scale, so the scale is 1.28 x the percentage. A negative
 * percentage is the same shift with the channel inverted (255 - map), which moves one level of
 * 256 less at the darkest values.
 */
export function viewDisplacementFrom(
  map: Raster,
  f: DisplaceFilter['filter'],
  doc: { width: number; height: number },
  frame: { left: number; top: number; width: number; height: number },
): { raster: Raster; scaleX: number; scaleY: number } {
  const out = createRaster(frame.width, frame.height);
  const tile = f.displacementMap === 'tile';
  const md = map.data;
  const sampler =
    (n: number, m: number) =>
    (x: number): [number, number, number] => {
      if (tile) {
        const i = ((x % m) + m) % m;
        return [i, i, 0];
      }
      // Pixel centres onto pixel centres, bilinear, as the CPU filter reads a stretched map.
      const u = Math.min(m - 1, Math.max(0, ((x + 0.5) * m) / n - 0.5));
      const u0 = Math.floor(u);
      return [u0, Math.min(m - 1, u0 + 1), u - u0];
    };
  const sx = sampler(doc.width, map.width);
  const sy = sampler(doc.height, map.height);
  const invertX = f.horizontalScale < 0;
  const invertY = f.verticalScale < 0;
  for (let y = 0; y < frame.height; y++) {
    const [r0, r1, fv] = sy(frame.top + y);
    for (let x = 0; x < frame.width; x++) {
      const [c0, c1, fu] = sx(frame.left + x);
      const at = (r: number, c: number, ch: number) => md[(r * map.width + c) * 4 + ch]!;
      const channel = (ch: number) =>
        (at(r0, c0, ch) * (1 - fu) + at(r0, c1, ch) * fu) * (1 - fv) + (at(r1, c0, ch) * (1 - fu) + at(r1, c1, ch) * fu) * fv;
      const red = channel(0);
      const green = channel(1);
      const o = (y * frame.width + x) * 4;
      out.data[o] = Math.round(invertX ? 255 - red : red);
      out.data[o + 1] = Math.round(invertY ? 255 - green : green);
      out.data[o + 2] = 128;
      out.data[o + 3] = 255;
    }
  }
  return { raster: out, scaleX: Math.abs(f.horizontalScale) * 1.28, scaleY: Math.abs(f.verticalScale) * 1.28 };
}
