/**
 * Anti-aliased polygon fill: exact area coverage per pixel by signed-area accumulation (each edge
 * adds the area it sweeps to the cells it crosses; a running sum along the row gives the winding
 * number weighted by coverage). Pixel (x, y) is the square [x, x+1] x [y, y+1].
 */
import type { Polygon, FillRule } from '../../geometry';
import { type Coverage, type Rect, createCoverage } from './coverage';

function addLine(acc: Float32Array, stride: number, h: number, x0: number, y0: number, x1: number, y1: number): void {
  if (y0 === y1) return;
  let dir = 1;
  if (y0 > y1) {
    dir = -1;
    let t = x0;
    x0 = x1;
    x1 = t;
    t = y0;
    y0 = y1;
    y1 = t;
  }
  if (y1 <= 0 || y0 >= h) return;
  const dxdy = (x1 - x0) / (y1 - y0);
  let x = x0;
  if (y0 < 0) {
    x -= y0 * dxdy;
    y0 = 0;
  }
  const yEnd = Math.min(h, Math.ceil(y1));
  for (let y = Math.floor(y0); y < yEnd; y++) {
    const row = y * stride;
    const dy = Math.min(y + 1, y1) - Math.max(y, y0);
    const xnext = x + dxdy * dy;
    const d = dy * dir;
    const xa = x < xnext ? x : xnext;
    const xb = x < xnext ? xnext : x;
    const xaFloor = Math.floor(xa);
    const xai = xaFloor;
    const xbCeil = Math.ceil(xb);
    const xbi = xbCeil;
    if (xbi <= xai + 1) {
      // The edge stays within one pixel column on this row.
      const xmf = 0.5 * (x + xnext) - xaFloor;
      acc[row + xai] = acc[row + xai]! + d - d * xmf;
      acc[row + xai + 1] = acc[row + xai + 1]! + d * xmf;
    } else {
      const s = 1 / (xb - xa);
      const xaf = xa - xaFloor;
      const a0 = 0.5 * s * (1 - xaf) * (1 - xaf);
      const xbf = xb - xbCeil + 1;
      const am = 0.5 * s * xbf * xbf;
      acc[row + xai] = acc[row + xai]! + d * a0;
      if (xbi === xai + 2) {
        acc[row + xai + 1] = acc[row + xai + 1]! + d * (1 - a0 - am);
      } else {
        const a1 = s * (1.5 - xaf);
        acc[row + xai + 1] = acc[row + xai + 1]! + d * (a1 - a0);
        for (let xi = xai + 2; xi < xbi - 1; xi++) acc[row + xi] = acc[row + xi]! + d * s;
        const a2 = a1 + (xbi - xai - 3) * s;
        acc[row + xbi - 1] = acc[row + xbi - 1]! + d * (1 - a2 - am);
      }
      acc[row + xbi] = acc[row + xbi]! + d * am;
    }
    x = xnext;
  }
}

/**
 * Adds an edge clipped horizontally to [0, w]: the parts left of the rect move onto x = 0 (they
 * still count for the winding of every pixel to their right), the parts right of it onto x = w.
 */
function addClippedLine(acc: Float32Array, stride: number, w: number, h: number, x0: number, y0: number, x1: number, y1: number): void {
  const xs = [x0];
  const ys = [y0];
  // Split at x = 0 and x = w so that each piece lies on one side of each boundary.
  const cuts: number[] = [];
  for (const bx of [0, w]) {
    if ((x0 - bx) * (x1 - bx) < 0) cuts.push((bx - x0) / (x1 - x0));
  }
  cuts.sort((a, b) => a - b);
  for (const t of cuts) {
    xs.push(x0 + (x1 - x0) * t);
    ys.push(y0 + (y1 - y0) * t);
  }
  xs.push(x1);
  ys.push(y1);
  for (let i = 0; i + 1 < xs.length; i++) {
    const ax = Math.min(w, Math.max(0, xs[i]!));
    const bx = Math.min(w, Math.max(0, xs[i + 1]!));
    addLine(acc, stride, h, ax, ys[i]!, bx, ys[i + 1]!);
  }
}

/** Folds a winding-weighted coverage into 0..1 by the fill rule. */
function fold(v: number, rule: FillRule): number {
  const a = Math.abs(v);
  if (rule === 'nonzero') return a > 1 ? 1 : a;
  const m = a % 2;
  return m > 1 ? 2 - m : m;
}

/**
 * Coverage of the polygons (all filled as closed) over `rect` in document pixels; `outside` is 0.
 * Polygon coordinates are in document pixels.
 */
export function rasterizePolygons(polygons: readonly Polygon[], rect: Rect, rule: FillRule): Coverage {
  const out = createCoverage(rect, 0);
  const w = out.width;
  const h = out.height;
  if (w === 0 || h === 0) return out;
  const stride = w + 2;
  const acc = new Float32Array(stride * h);
  const ox = rect.left;
  const oy = rect.top;
  for (const poly of polygons) {
    const pts = poly.points;
    const n = pts.length;
    if (n < 2) continue;
    for (let i = 0; i < n; i++) {
      const a = pts[i]!;
      const b = pts[(i + 1) % n]!;
      addClippedLine(acc, stride, w, h, a[0] - ox, a[1] - oy, b[0] - ox, b[1] - oy);
    }
  }
  for (let y = 0; y < h; y++) {
    let sum = 0;
    const row = y * stride;
    const orow = y * w;
    for (let x = 0; x < w; x++) {
      sum += acc[row + x]!;
      out.data[orow + x] = fold(sum, rule);
    }
  }
  return out;
}
