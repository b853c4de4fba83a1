/**
 * A tiny path language for the product drawings. Every shape is drawn once in a 1000 x 1000
 * design space and used twice: as SVG for the photography and as the engine's clip path (PPC,
 * view pixels) in the templates, so the mockup clip always matches the picture. Only absolute
 * M / L / C / Z are used because that is all PPC can express.
 */
import type { PathCommand } from '@pod-studio/engine/model';

export type Pt = readonly [number, number];
/** [x, y] draws a line to the point; [c1x, c1y, c2x, c2y, x, y] a cubic. A ring's first node is its start. */
export type PathNode = readonly [number, number] | readonly [number, number, number, number, number, number];
export type Ring = readonly PathNode[];
/** Closed subpaths under the nonzero rule: solid rings clockwise (they may overlap), holes anticlockwise (see hole()). */
export type Shape = readonly Ring[];

export const DESIGN = 1000;

export function endOf(n: PathNode): Pt {
  return n.length === 2 ? [n[0], n[1]] : [n[4], n[5]];
}

const r1 = (v: number) => Math.round(v * 10) / 10;

function ringToSvg(ring: Ring, closed: boolean): string {
  const parts: string[] = [];
  ring.forEach((n, i) => {
    if (i === 0) parts.push(`M${r1(endOf(n)[0])} ${r1(endOf(n)[1])}`);
    else if (n.length === 2) parts.push(`L${r1(n[0])} ${r1(n[1])}`);
    else parts.push(`C${n.map(r1).join(' ')}`);
  });
  if (closed) parts.push('Z');
  return parts.join('');
}

export function svgPath(shape: Shape): string {
  return shape.map((ring) => ringToSvg(ring, true)).join('');
}

/** An open polyline / curve (fold lines, seams). */
export function svgOpen(ring: Ring): string {
  return ringToSvg(ring, false);
}

/** The engine clip path in view pixels: design units times `scale`. */
export function toPpc(shape: Shape, scale: number): PathCommand[] {
  const px = (v: number) => Math.round(v * scale * 10) / 10;
  const out: PathCommand[] = [];
  for (const ring of shape) {
    ring.forEach((n, i) => {
      if (i === 0) {
        const [x, y] = endOf(n);
        out.push({ Type: 'M', X: px(x), Y: px(y) });
      } else if (n.length === 2) {
        out.push({ Type: 'L', X: px(n[0]), Y: px(n[1]) });
      } else {
        out.push({ Type: 'C', X: px(n[0]), Y: px(n[1]) }, { Type: 'C', X: px(n[2]), Y: px(n[3]) }, { Type: 'C', X: px(n[4]), Y: px(n[5]) });
      }
    });
    out.push({ Type: 'Z', X: 0, Y: 0 });
  }
  return out;
}

export function mapRing(ring: Ring, f: (p: Pt) => Pt): Ring {
  return ring.map((n): PathNode => {
    if (n.length === 2) return f(n);
    const [a, b] = f([n[0], n[1]]);
    const [c, d] = f([n[2], n[3]]);
    const [e, g] = f([n[4], n[5]]);
    return [a, b, c, d, e, g];
  });
}

export function mapShape(shape: Shape, f: (p: Pt) => Pt): Shape {
  return shape.map((ring) => mapRing(ring, f));
}

/** The same ring travelled backwards (cubic controls swap). */
export function reverseRing(ring: Ring): Ring {
  if (ring.length === 0) return ring;
  const out: PathNode[] = [endOf(ring[ring.length - 1] as PathNode)];
  for (let i = ring.length - 1; i >= 1; i -= 1) {
    const n = ring[i] as PathNode;
    const [px, py] = endOf(ring[i - 1] as PathNode);
    out.push(n.length === 2 ? [px, py] : [n[2], n[3], n[0], n[1], px, py]);
  }
  return out;
}

/**
 * A left-right symmetric outline from its right half, drawn from the top centre clockwise to the
 * bottom centre (both on x = cx). Garments, bags and mugs are drawn this way.
 */
export function symmetric(cx: number, rightHalf: Ring): Ring {
  const mirrored = mapRing(reverseRing(rightHalf), ([x, y]) => [2 * cx - x, y]);
  return [...rightHalf, ...mirrored.slice(1)];
}

export function rect(x: number, y: number, w: number, h: number): Ring {
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

const K = 0.5523;

export function roundRect(x: number, y: number, w: number, h: number, r: number): Ring {
  const k = r * K;
  return [
    [x + r, y],
    [x + w - r, y],
    [x + w - r + k, y, x + w, y + r - k, x + w, y + r],
    [x + w, y + h - r],
    [x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h],
    [x + r, y + h],
    [x + r - k, y + h, x, y + h - r + k, x, y + h - r],
    [x, y + r],
    [x, y + r - k, x + r - k, y, x + r, y],
  ];
}

export function ellipse(cx: number, cy: number, rx: number, ry: number): Ring {
  const kx = rx * K;
  const ky = ry * K;
  return [
    [cx, cy - ry],
    [cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy],
    [cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry],
    [cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy],
    [cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry],
  ];
}

export function polygon(points: readonly Pt[]): Ring {
  return points.map((p): PathNode => [p[0], p[1]]);
}

/** Twice the signed area of the ring's end points; positive is clockwise on screen (y down). */
export function signedArea(ring: Ring): number {
  let sum = 0;
  ring.forEach((n, i) => {
    const [x0, y0] = endOf(n);
    const [x1, y1] = endOf(ring[(i + 1) % ring.length] as PathNode);
    sum += x0 * y1 - x1 * y0;
  });
  return sum;
}

/** The ring wound clockwise: a solid part under the nonzero rule. */
export function solid(ring: Ring): Ring {
  return signedArea(ring) >= 0 ? ring : reverseRing(ring);
}

/** The ring wound anticlockwise: a hole in the clockwise ring around it. */
export function hole(ring: Ring): Ring {
  return signedArea(ring) < 0 ? ring : reverseRing(ring);
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Bounds of every node including cubic controls: a hull, always covering the curve. */
export function hullBox(shape: Shape): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of shape) {
    for (const n of ring) {
      for (let i = 0; i < n.length; i += 2) {
        const x = n[i] as number;
        const y = n[i + 1] as number;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  return { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
}
