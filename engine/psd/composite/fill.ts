/**
 * Fill layers' own pixels: a solid colour or a gradient over a rectangle of the document. What
 * the fill shows through (vector and layer masks) is applied by the caller.
 */
import type { ColorStop, EffectSolidGradient, ExtraGradientInfo, OpacityStop } from 'ag-psd';
import { colorToRgb8 } from './color';
import { type Surface, createSurface } from './composite';
import type { Rect } from './coverage';

export function solidFill(rect: Rect, rgb: readonly [number, number, number]): Surface {
  const s = createSurface(rect);
  const d = s.data;
  for (let i = 0; i < d.length; i += 4) {
    d[i] = rgb[0];
    d[i + 1] = rgb[1];
    d[i + 2] = rgb[2];
    d[i + 3] = 255;
  }
  return s;
}

/** Position u in 0..1 between two stops, bent so that u = midpoint maps to 0.5. */
function bend(u: number, midpoint: number): number {
  const m = Math.min(0.99, Math.max(0.01, midpoint));
  if (Math.abs(m - 0.5) < 1e-6) return u;
  return Math.pow(u, Math.log(0.5) / Math.log(m));
}

interface Stop {
  location: number;
  midpoint: number;
}

/** Index of the segment containing t and the bent position inside it. */
function locate<T extends Stop>(stops: readonly T[], t: number): [T, T, number] {
  const first = stops[0]!;
  if (t <= first.location) return [first, first, 0];
  for (let i = 0; i + 1 < stops.length; i++) {
    const a = stops[i]!;
    const b = stops[i + 1]!;
    if (t <= b.location) {
      const span = b.location - a.location;
      const u = span > 0 ? (t - a.location) / span : 1;
      // A stop's midpoint describes the run towards the next stop.
      return [a, b, bend(u, a.midpoint)];
    }
  }
  const last = stops[stops.length - 1]!;
  return [last, last, 0];
}

/** 256 RGBA samples of a solid gradient along its 0..1 axis. */
export function gradientRamp(g: EffectSolidGradient): Uint8ClampedArray {
  const colors = [...g.colorStops].sort((a, b) => a.location - b.location);
  const opacities = [...g.opacityStops].sort((a, b) => a.location - b.location);
  const rgbs = new Map<ColorStop, [number, number, number]>(colors.map((c) => [c, colorToRgb8(c.color)]));
  const ramp = new Uint8ClampedArray(256 * 4);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    if (colors.length) {
      const [a, b, u] = locate(colors, t);
      const ca = rgbs.get(a)!;
      const cb = rgbs.get(b)!;
      for (let c = 0; c < 3; c++) ramp[i * 4 + c] = ca[c]! + u * (cb[c]! - ca[c]!);
    }
    if (opacities.length) {
      const [a, b, u] = locate<OpacityStop>(opacities, t);
      ramp[i * 4 + 3] = 255 * (a.opacity + u * (b.opacity - a.opacity));
    } else {
      ramp[i * 4 + 3] = 255;
    }
  }
  return ramp;
}

/**
 * A gradient fill over `rect`, laid out on `box` (the document, or the shape's bounds when the
 * gradient is aligned with the layer): the axis passes through the box centre (plus offset), at
 * `angle` degrees counter-clockwise, and at 100% scale a linear gradient runs corner to corner of
 * the box along that axis; radial-type styles use half that length as their radius.
 */
export function gradientFill(rect: Rect, box: Rect, g: EffectSolidGradient & ExtraGradientInfo): Surface {
  const angle = ((g.angle ?? 90) * Math.PI) / 180;
  const dx = Math.cos(angle);
  const dy = -Math.sin(angle);
  const length = Math.max(1e-6, (Math.abs(box.width * dx) + Math.abs(box.height * dy)) * (g.scale ?? 1));
  return paintGradient(rect, gradientRamp(g), {
    cx: box.left + box.width / 2 + (g.offset?.x ?? 0) * box.width,
    cy: box.top + box.height / 2 + (g.offset?.y ?? 0) * box.height,
    ux: dx,
    uy: dy,
    half: length / 2,
    style: g.style ?? 'linear',
    reverse: !!g.reverse,
  });
}

interface GradientLayout {
  /** Centre of the gradient. */
  cx: number;
  cy: number;
  /** Unit direction of its axis (y down). */
  ux: number;
  uy: number;
  /** Half the linear ramp's length; the radius of the other styles. */
  half: number;
  style: string;
  reverse: boolean;
}

/** The ramp laid over `rect`: linear from centre - half to centre + half along the axis, the other styles about the centre. */
function paintGradient(rect: Rect, ramp: Uint8ClampedArray, l: GradientLayout): Surface {
  const out = createSurface(rect);
  const { cx, cy, ux, uy, half } = l;
  const d = out.data;
  let i = 0;
  for (let y = rect.top; y < rect.top + out.height; y++) {
    const py = y + 0.5 - cy;
    for (let x = rect.left; x < rect.left + out.width; x++, i += 4) {
      const px = x + 0.5 - cx;
      const along = px * ux + py * uy;
      const across = px * uy - py * ux;
      let t: number;
      switch (l.style) {
        case 'radial':
          t = Math.hypot(px, py) / half;
          break;
        case 'reflected':
          t = Math.abs(along) / half;
          break;
        case 'diamond':
          t = (Math.abs(along) + Math.abs(across)) / half;
          break;
        case 'angle': {
          // Counter-clockwise on screen from the axis, once round.
          const a = Math.atan2(across, along);
          t = (a < 0 ? a + 2 * Math.PI : a) / (2 * Math.PI);
          break;
        }
        default:
          t = 0.5 + along / (2 * half);
      }
      if (l.reverse) t = 1 - t;
      const j = Math.round((t < 0 ? 0 : t > 1 ? 1 : t) * 255) * 4;
      d[i] = ramp[j]!;
      d[i + 1] = ramp[j + 1]!;
      d[i + 2] = ramp[j + 2]!;
      d[i + 3] = ramp[j + 3]!;
    }
  }
  return out;
}

/** How a layer effect lays its gradient out (gradient overlay, gradient stroke). */
export interface EffectGradientGeometry {
  style?: 'linear' | 'radial' | 'angle' | 'reflected' | 'diamond';
  /** Degrees counter-clockwise from the x axis. */
  angle?: number;
  /** 1 = 100%. */
  scale?: number;
  reverse?: boolean;
  /** Fractions of the box's width and height. */
  offset?: { x: number; y: number };
}

/**
 * The half-axis of a layer effect's gradient: from the box centre to where the line at `angle`
 * leaves the box shrunk by `scale`, in whole pixels. Photoshop truncates half the scaled box size
 * and rounds the other component from the angle's tangent: a 467 x 1077 box at 2% and -162 degrees
 * gives (4, 1), so the isolines of the gradient it draws slope 1:4 (14.04 degrees, not 18),
 * as measured on the phone-case document. This is libpsd's construction (as Krita uses it) with
 * truncation instead of rounding.
 */
export function effectGradientAxis(box: Rect, angleDeg: number, scale: number): [number, number] {
  const hw = Math.trunc((box.width * scale) / 2);
  const hh = Math.trunc((box.height * scale) / 2);
  let a = ((angleDeg % 360) + 360) % 360;
  let sx = 1;
  let sy = 1;
  if (a >= 90 && a < 180) {
    a = 180 - a;
    sx = -1;
  } else if (a >= 180 && a < 270) {
    a -= 180;
    sx = -1;
    sy = -1;
  } else if (a >= 270) {
    a = 360 - a;
    sy = -1;
  }
  const corner = (Math.atan2(box.height, box.width) * 180) / Math.PI;
  const t = Math.tan((a * Math.PI) / 180);
  let rx: number;
  let ry: number;
  if (a <= corner) {
    rx = hw;
    ry = Math.round(rx * t);
  } else {
    ry = hh;
    rx = t > 1e12 ? 0 : Math.round(ry / t);
  }
  // x to the right, y down: a positive angle points up. (`+ 0` turns -0 into 0.)
  return [sx * rx + 0, -sy * ry + 0];
}

/**
 * A layer effect's gradient over `rect`, laid out on `box` (the layer's bounds when aligned with
 * the layer, else the document). Linear runs from centre - axis to centre + axis; radial, angle,
 * reflected and diamond are centred on the box centre and reach the last stop at the axis length.
 */
export function effectGradientFill(rect: Rect, box: Rect, g: EffectSolidGradient, geom: EffectGradientGeometry): Surface {
  const [ax, ay] = effectGradientAxis(box, geom.angle ?? 90, geom.scale ?? 1);
  const len = Math.hypot(ax, ay);
  // A zero axis (a tiny box or scale) is a hard step across the centre.
  const angle = ((geom.angle ?? 90) * Math.PI) / 180;
  return paintGradient(rect, gradientRamp(g), {
    cx: box.left + box.width / 2 + (geom.offset?.x ?? 0) * box.width,
    cy: box.top + box.height / 2 + (geom.offset?.y ?? 0) * box.height,
    ux: len > 0 ? ax / len : Math.cos(angle),
    uy: len > 0 ? ay / len : -Math.sin(angle),
    half: Math.max(len, 1e-6),
    style: geom.style ?? 'linear',
    reverse: !!geom.reverse,
  });
}
