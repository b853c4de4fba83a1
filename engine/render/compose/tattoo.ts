/**
 * Temporary-tattoo print processing, as pure functions over straight-alpha RGBA pixels (the shape
 * of ImageData), so they run in a worker, a page or Node alike:
 *
 * - mirrorHorizontally: tattoo paper is laid face down on the skin, so the print is the design
 *   seen from behind.
 * - whiteToAlpha: there is no white ink on tattoo paper and paper white must not be printed, so
 *   near-white pixels become transparent. The threshold is soft: pixels between `from` and `to`
 *   (whiteness = the lowest channel) fade out and have the removed white taken out of their
 *   colour, so an anti-aliased edge fades to transparent instead of leaving a pale fringe.
 * - cutLine: the contour a cutter follows round the artwork, `offsetMm` outside it: the exact
 *   Euclidean distance from every pixel to the nearest ink, marching squares on that distance
 *   (interpolated, so the line lies at the offset to a fraction of a pixel), outer rings only
 *   (a cutter separates pieces; holes stay on the sheet), simplified (Ramer-Douglas-Peucker),
 *   in millimetres at the print's DPI.
 * - cutLineSvg: that contour as an SVG document in millimetres, one path named CutContour, the
 *   spot name contour cutters (Roland, Mimaki, Summa, Graphtec, Silhouette) take as a cut path.
 */

export interface RgbaPixels {
  readonly width: number;
  readonly height: number;
  /** Straight (not premultiplied) RGBA, 4 bytes a pixel, row by row. */
  readonly data: Uint8ClampedArray;
}

export const MM_PER_INCH = 25.4;

/** px at `dpi` → mm. */
export const pxToMm = (px: number, dpi: number): number => (px * MM_PER_INCH) / dpi;
/** mm → px at `dpi`. */
export const mmToPx = (mm: number, dpi: number): number => (mm * dpi) / MM_PER_INCH;

function checkPixels(img: RgbaPixels): void {
  if (!(Number.isInteger(img.width) && Number.isInteger(img.height) && img.width > 0 && img.height > 0)) {
    throw new Error('tattoo print: the image needs a positive whole width and height');
  }
  if (img.data.length !== img.width * img.height * 4) throw new Error('tattoo print: the pixel data does not match the size');
}

/** The image flipped left to right (a new buffer; the input is unchanged). */
export function mirrorHorizontally(img: RgbaPixels): RgbaPixels {
  checkPixels(img);
  const { width, height, data } = img;
  const out = new Uint8ClampedArray(data.length);
  const src = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const dst = new Uint32Array(out.buffer);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) dst[row + width - 1 - x] = src[row + x] as number;
  }
  return { width, height, data: out };
}

export interface WhiteToAlphaOptions {
  /** Whiteness (lowest channel, 0-1) at and below which a pixel is kept as it is. Default 0.86. */
  from?: number;
  /** Whiteness at and above which a pixel becomes fully transparent. Default 0.97. */
  to?: number;
}

export const WHITE_FROM = 0.86;
export const WHITE_TO = 0.97;

/**
 * Near-white → transparent. Whiteness w is the lowest of R, G, B (a saturated yellow is not
 * white, a pale grey is); the share removed t rises smoothly from 0 at `from` to 1 at `to`.
 * The pixel keeps (1 - t) of its alpha and its colour loses the white that made up t of it,
 * c' = (c - 255 t) / (1 - t), so what remains is the ink under the paper's white.
 */
export function whiteToAlpha(img: RgbaPixels, opts: WhiteToAlphaOptions = {}): RgbaPixels {
  checkPixels(img);
  const from = opts.from ?? WHITE_FROM;
  const to = opts.to ?? WHITE_TO;
  if (!(from >= 0 && to <= 1 && from < to)) throw new Error('whiteToAlpha needs 0 <= from < to <= 1');
  const { width, height, data } = img;
  const out = new Uint8ClampedArray(data);
  const span = to - from;
  for (let i = 0; i < out.length; i += 4) {
    const a = out[i + 3] as number;
    if (a === 0) continue;
    const r = out[i] as number;
    const g = out[i + 1] as number;
    const b = out[i + 2] as number;
    const w = Math.min(r, g, b) / 255;
    if (w <= from) continue;
    if (w >= to) {
      out[i] = 0;
      out[i + 1] = 0;
      out[i + 2] = 0;
      out[i + 3] = 0;
      continue;
    }
    const u = (w - from) / span;
    const t = u * u * (3 - 2 * u);
    const keep = 1 - t;
    out[i] = (r - 255 * t) / keep;
    out[i + 1] = (g - 255 * t) / keep;
    out[i + 2] = (b - 255 * t) / keep;
    out[i + 3] = a * keep;
  }
  return { width, height, data: out };
}

/** Where the artwork is: alpha at or above `threshold` (0-255, default 128, half covered). */
export function alphaMask(img: RgbaPixels, threshold = 128): Uint8Array {
  checkPixels(img);
  const mask = new Uint8Array(img.width * img.height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = (img.data[i * 4 + 3] as number) >= threshold ? 1 : 0;
  return mask;
}

const FAR = 1e20;

/** Squared distance transform of one line (Felzenszwalb and Huttenlocher's lower envelope of parabolas). */
function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  const meet = (q: number, p: number): number => ((f[q] as number) + q * q - ((f[p] as number) + p * p)) / (2 * q - 2 * p);
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q += 1) {
    let s = meet(q, v[k] as number);
    // z[0] is -Infinity, so k never goes below 0.
    while (s <= (z[k] as number)) {
      k -= 1;
      s = meet(q, v[k] as number);
    }
    k += 1;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q += 1) {
    while ((z[k + 1] as number) < q) k += 1;
    const p = v[k] as number;
    d[q] = (q - p) * (q - p) + (f[p] as number);
  }
}

/**
 * Exact Euclidean distance, in px between pixel centres, from every pixel to the nearest pixel
 * of the mask (0 on the mask; FAR's square root where the mask is empty).
 */
export function distanceToMask(mask: Uint8Array, width: number, height: number): Float64Array {
  if (mask.length !== width * height) throw new Error('distanceToMask: the mask does not match the size');
  const n = Math.max(width, height);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const grid = new Float64Array(width * height);
  for (let i = 0; i < grid.length; i += 1) grid[i] = mask[i] ? 0 : FAR;
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1) f[y] = grid[y * width + x] as number;
    edt1d(f, height, d, v, z);
    for (let y = 0; y < height; y += 1) grid[y * width + x] = d[y] as number;
  }
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) f[x] = grid[row + x] as number;
    edt1d(f, width, d, v, z);
    for (let x = 0; x < width; x += 1) grid[row + x] = Math.sqrt(d[x] as number);
  }
  return grid;
}

export type Point = readonly [number, number];
export type Ring = Point[];

/**
 * Closed iso-lines of `field` at 0 (marching squares, linear interpolation along cell edges),
 * with samples at pixel centres (x + 0.5, y + 0.5) and everything outside the grid taken as
 * negative, so every line closes. Outer boundaries (inside within) run clockwise on screen (y
 * down) and have a positive shoelace area; holes run the other way and have a negative one.
 */
export function isoRings(field: Float64Array, width: number, height: number): Ring[] {
  // Padded by one sample all round, valued -1: rings never leave the grid.
  const W = width + 2;
  const H = height + 2;
  const at = (x: number, y: number): number =>
    x < 1 || y < 1 || x > width || y > height ? -1 : (field[(y - 1) * width + (x - 1)] as number);
  // Points are keyed by the cell edge they lie on: horizontal edge (x,y)-(x+1,y) → 2*(y*W+x), vertical → 2*(y*W+x)+1.
  const next = new Map<number, number>();
  const point = new Map<number, Point>();
  const edgePoint = (key: number): Point => {
    let p = point.get(key);
    if (p) return p;
    const cell = key >> 1;
    const x = cell % W;
    const y = (cell - x) / W;
    const a = at(x, y);
    if ((key & 1) === 0) {
      const b = at(x + 1, y);
      p = [x + a / (a - b) - 0.5, y - 0.5];
    } else {
      const b = at(x, y + 1);
      p = [x - 0.5, y + a / (a - b) - 0.5];
    }
    point.set(key, p);
    return p;
  };
  const top = (x: number, y: number) => 2 * (y * W + x);
  const left = (x: number, y: number) => 2 * (y * W + x) + 1;
  const link = (from: number, to: number) => next.set(from, to);
  for (let y = 0; y < H - 1; y += 1) {
    for (let x = 0; x < W - 1; x += 1) {
      const tl = at(x, y) > 0 ? 1 : 0;
      const tr = at(x + 1, y) > 0 ? 2 : 0;
      const br = at(x + 1, y + 1) > 0 ? 4 : 0;
      const bl = at(x, y + 1) > 0 ? 8 : 0;
      const c = tl | tr | br | bl;
      if (c === 0 || c === 15) continue;
      const T = top(x, y);
      const B = top(x, y + 1);
      const L = left(x, y);
      const R = left(x + 1, y);
      // Every segment keeps the inside on its left (x right, y down): rings come out consistent.
      switch (c) {
        case 1:
          link(L, T);
          break;
        case 2:
          link(T, R);
          break;
        case 3:
          link(L, R);
          break;
        case 4:
          link(R, B);
          break;
        case 5:
          link(L, T);
          link(R, B);
          break;
        case 6:
          link(T, B);
          break;
        case 7:
          link(L, B);
          break;
        case 8:
          link(B, L);
          break;
        case 9:
          link(B, T);
          break;
        case 10:
          link(T, R);
          link(B, L);
          break;
        case 11:
          link(B, R);
          break;
        case 12:
          link(R, L);
          break;
        case 13:
          link(R, T);
          break;
        case 14:
          link(T, L);
          break;
      }
    }
  }
  const rings: Ring[] = [];
  for (const start of [...next.keys()]) {
    if (!next.has(start)) continue;
    const ring: Ring = [];
    let key: number | undefined = start;
    while (key !== undefined && next.has(key)) {
      ring.push(edgePoint(key));
      const to: number = next.get(key) as number;
      next.delete(key);
      key = to;
    }
    // Traced with the inside on the left; reversed, outer rings run clockwise on screen.
    if (ring.length >= 3) rings.push(ring.reverse());
  }
  return rings;
}

/** Shoelace area: positive for rings running clockwise on screen (y down). */
export function ringArea(ring: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [x0, y0] = ring[i] as Point;
    const [x1, y1] = ring[(i + 1) % ring.length] as Point;
    s += x0 * y1 - x1 * y0;
  }
  return s / 2;
}

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function rdp(points: readonly Point[], first: number, last: number, tolerance: number, keep: Uint8Array): void {
  let worst = -1;
  let worstAt = -1;
  for (let i = first + 1; i < last; i += 1) {
    const d = segmentDistance(points[i] as Point, points[first] as Point, points[last] as Point);
    if (d > worst) {
      worst = d;
      worstAt = i;
    }
  }
  if (worst > tolerance) {
    keep[worstAt] = 1;
    rdp(points, first, worstAt, tolerance, keep);
    rdp(points, worstAt, last, tolerance, keep);
  }
}

/** A closed ring with fewer points, no point of the original further than `tolerance` from it. */
export function simplifyRing(ring: readonly Point[], tolerance: number): Ring {
  if (ring.length <= 4) return [...ring];
  // Split at the point furthest from the first: both halves are open polylines for RDP.
  const p0 = ring[0] as Point;
  let far = 0;
  let farD = -1;
  ring.forEach((p, i) => {
    const d = Math.hypot(p[0] - p0[0], p[1] - p0[1]);
    if (d > farD) {
      farD = d;
      far = i;
    }
  });
  const closed = [...ring, p0];
  const keep = new Uint8Array(closed.length);
  keep[0] = 1;
  keep[far] = 1;
  keep[closed.length - 1] = 1;
  rdp(closed, 0, far, tolerance, keep);
  rdp(closed, far, closed.length - 1, tolerance, keep);
  const out: Ring = [];
  for (let i = 0; i < closed.length - 1; i += 1) if (keep[i]) out.push(closed[i] as Point);
  return out;
}

export interface CutLineOptions {
  /** Distance of the cut outside the artwork, mm. */
  offsetMm: number;
  /** Resolution of the pixels, dots per inch: what turns mm into px and back. */
  dpi: number;
  /** Alpha (0-255) from which a pixel counts as artwork; default 128. */
  alphaThreshold?: number;
  /** Most the simplified line may stray from the traced one, mm; default 0.05. */
  toleranceMm?: number;
  /** Pieces (outer rings) smaller than this area are dropped as specks, mm²; default 1. */
  minAreaMm2?: number;
}

export interface CutLine {
  /** Outer rings in mm from the image's top-left corner, clockwise on screen. */
  readonly rings: Ring[];
  readonly widthMm: number;
  readonly heightMm: number;
  readonly offsetMm: number;
}

/**
 * The cut contour `offsetMm` outside the artwork of `img` (its alpha), in mm. The artwork's edge
 * is where pixels stop being covered, half a pixel past the last covered pixel's centre, so the
 * line lies where the distance between pixel centres is offset + half a pixel.
 */
export function cutLine(img: RgbaPixels, opts: CutLineOptions): CutLine {
  checkPixels(img);
  if (!(opts.offsetMm >= 0 && Number.isFinite(opts.offsetMm))) throw new Error('cutLine needs an offset of 0 mm or more');
  if (!(opts.dpi > 0 && Number.isFinite(opts.dpi))) throw new Error('cutLine needs a positive dpi');
  const { width, height } = img;
  const mask = alphaMask(img, opts.alphaThreshold ?? 128);
  const dist = distanceToMask(mask, width, height);
  const reach = mmToPx(opts.offsetMm, opts.dpi) + 0.5;
  const field = new Float64Array(dist.length);
  for (let i = 0; i < field.length; i += 1) field[i] = reach - (dist[i] as number);
  const tolerancePx = mmToPx(opts.toleranceMm ?? 0.05, opts.dpi);
  const minAreaPx = mmToPx(1, opts.dpi) ** 2 * (opts.minAreaMm2 ?? 1);
  const toMm = (p: Point): Point => [round3(pxToMm(p[0], opts.dpi)), round3(pxToMm(p[1], opts.dpi))];
  const rings = isoRings(field, width, height)
    .filter((r) => ringArea(r) >= minAreaPx)
    .map((r) => simplifyRing(r, tolerancePx).map(toMm));
  return { rings, widthMm: round3(pxToMm(width, opts.dpi)), heightMm: round3(pxToMm(height, opts.dpi)), offsetMm: opts.offsetMm };
}

const round3 = (v: number): number => Math.round(v * 1000) / 1000;

/** Spot name contour cutters' RIP software reads as "cut here" (Roland VersaWorks, Mimaki, Summa, Graphtec). */
export const CUT_CONTOUR_NAME = 'CutContour';

/** SVG path data of rings in mm: one closed subpath per ring. */
export function ringsToPathData(rings: readonly (readonly Point[])[]): string {
  return rings.map((ring) => `M${ring.map(([x, y]) => `${x},${y}`).join('L')}Z`).join('');
}

/**
 * The cut line as an SVG document: the page is the print file's size in mm (viewBox units are
 * mm), so it lays over the PNG at its DPI corner to corner. One hairline path, named CutContour
 * in id and label, stroked in the spot's customary 100 % magenta and never filled.
 */
export function cutLineSvg(line: CutLine): string {
  const w = line.widthMm;
  const h = line.heightMm;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}">`,
    `<title>Cut line ${line.offsetMm} mm outside the artwork</title>`,
    `<g id="${CUT_CONTOUR_NAME}-layer" inkscape:groupmode="layer" inkscape:label="${CUT_CONTOUR_NAME}">`,
    `<path id="${CUT_CONTOUR_NAME}" d="${ringsToPathData(line.rings)}" fill="none" stroke="#FF00FF" stroke-width="0.1"/>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

export interface TattooPrintOptions {
  dpi: number;
  /** The cut's distance outside the artwork, mm. */
  cutOffsetMm: number;
  white?: WhiteToAlphaOptions;
}

export interface TattooPrint {
  /** The pixels to print: padded, white taken out, mirrored. */
  readonly pixels: RgbaPixels;
  /** Transparent px added on every side so the cut line stays on the page. */
  readonly paddingPx: number;
  readonly cut: CutLine;
}

/**
 * The whole tattoo print from the composed flat (as the merchant designed it, right way round):
 * padded by the cut offset and a millimetre so the cut line stays on the page, white taken out,
 * mirrored, and the cut line traced on the mirrored pixels (the same page the printer prints).
 */
export function tattooPrint(flat: RgbaPixels, opts: TattooPrintOptions): TattooPrint {
  checkPixels(flat);
  const paddingPx = Math.ceil(mmToPx(opts.cutOffsetMm + 1, opts.dpi));
  const width = flat.width + 2 * paddingPx;
  const height = flat.height + 2 * paddingPx;
  const padded = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < flat.height; y += 1) {
    padded.set(flat.data.subarray(y * flat.width * 4, (y + 1) * flat.width * 4), ((y + paddingPx) * width + paddingPx) * 4);
  }
  const pixels = mirrorHorizontally(whiteToAlpha({ width, height, data: padded }, opts.white));
  return { pixels, paddingPx, cut: cutLine(pixels, { offsetMm: opts.cutOffsetMm, dpi: opts.dpi }) };
}
