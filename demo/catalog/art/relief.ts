/**
 * The product's surface as numbers: a height field per view (silhouette turned into a rounded
 * form, fold valleys and seams from the drawing, seeded drape ripples, the weave of the cloth),
 * its normals, and a studio lighting of them (key, fill and rim light; Lambert with a wrap for
 * cloth, Blinn-Phong sheen, softbox reflections on glossy goods, ambient occlusion in creases).
 *
 * Everything is plain Float32Array work on the view's pixels: no GPU, no randomness but seeded
 * hashes, so the same drawing always gives the same bytes. Heights are in pixels, so slopes are
 * geometric (a slope of 1 is 45 degrees) at every image size.
 */

export type Finish =
  /** Cotton jersey: fine vertical knit wales, a little fibre mottling. */
  | 'jersey'
  /** Brushed fleece: soft, blotchy pile. */
  | 'fleece'
  /** Plain-weave canvas or twill: a visible criss-cross of threads. */
  | 'canvas'
  /** Rib knit (socks): strong vertical ribs. */
  | 'rib'
  /** Smooth polyester / spandex (sublimation garments): fine grain, a soft sheen. */
  | 'poly'
  /** Plush (blankets, pet beds): deep soft pile. */
  | 'plush'
  /** Glazed ceramic: no texture, sharp speculars and softbox reflections. */
  | 'ceramic'
  /** Powder-coated steel: a fine orange peel, broad reflections. */
  | 'steel'
  /** Glossy hard plastic (phone cases). */
  | 'plastic'
  /** Matte paper (posters, notebooks). */
  | 'paper'
  /** EVA foam (slides): fine pores, satin. */
  | 'foam'
  /** A painted wooden frame under acrylic glazing: the glazing's reflection crosses the print. */
  | 'glazed';

export interface FinishLook {
  /** Amplitude of the weave's height in px at 1200 px (scaled with the size). */
  weave: number;
  /** Albedo mottling, a share of the brightness (heather and fleece show it). */
  mottle: number;
  /** Cloth wraps light round its form: 0 hard Lambert, 0.5 soft. */
  wrap: number;
  /** Broad Blinn-Phong sheen: strength and exponent. */
  sheen: number;
  sheenPower: number;
  /** Sharp Blinn-Phong sparkle of the key light. */
  spark: number;
  sparkPower: number;
  /** Softbox reflections (a glossy surface mirrors the studio's light boxes). */
  softbox: number;
  /** Fresnel: grazing angles reflect the bright studio (glossy goods). */
  fresnel: number;
  /** Seeded low-frequency ripples of the surface, px at 1200 px (cloth is never flat). */
  drape: number;
  /** Ambient occlusion strength in creases. */
  occlusion: number;
  /**
   * Bounce from the white studio, 0-1: how much of the shade under a flat surface's brightness is
   * lifted back (white glaze and acrylic scatter it; cloth hardly).
   */
  lift: number;
}

export const FINISHES: Readonly<Record<Finish, FinishLook>> = {
  jersey: {
    weave: 0.55,
    mottle: 0.022,
    wrap: 0.45,
    sheen: 0.13,
    sheenPower: 3,
    spark: 0,
    sparkPower: 1,
    softbox: 0,
    fresnel: 0.05,
    drape: 5,
    occlusion: 0.9,
    lift: 0,
  },
  fleece: {
    weave: 0.7,
    mottle: 0.03,
    wrap: 0.5,
    sheen: 0.14,
    sheenPower: 3,
    spark: 0,
    sparkPower: 1,
    softbox: 0,
    fresnel: 0.06,
    drape: 6,
    occlusion: 1,
    lift: 0.1,
  },
  canvas: {
    weave: 0.8,
    mottle: 0.03,
    wrap: 0.35,
    sheen: 0.11,
    sheenPower: 3,
    spark: 0,
    sparkPower: 1,
    softbox: 0,
    fresnel: 0.04,
    drape: 4,
    occlusion: 0.9,
    lift: 0.25,
  },
  rib: {
    weave: 1.1,
    mottle: 0.02,
    wrap: 0.45,
    sheen: 0.12,
    sheenPower: 3,
    spark: 0,
    sparkPower: 1,
    softbox: 0,
    fresnel: 0.05,
    drape: 3,
    occlusion: 0.9,
    lift: 0,
  },
  poly: {
    weave: 0.25,
    mottle: 0.01,
    wrap: 0.35,
    sheen: 0.16,
    sheenPower: 6,
    spark: 0.04,
    sparkPower: 40,
    softbox: 0,
    fresnel: 0.07,
    drape: 5,
    occlusion: 0.9,
    lift: 0,
  },
  plush: {
    weave: 0.9,
    mottle: 0.035,
    wrap: 0.55,
    sheen: 0.15,
    sheenPower: 2,
    spark: 0,
    sparkPower: 1,
    softbox: 0,
    fresnel: 0.08,
    drape: 7,
    occlusion: 1,
    lift: 0,
  },
  ceramic: {
    weave: 0,
    mottle: 0,
    wrap: 0.8,
    sheen: 0.05,
    sheenPower: 12,
    spark: 0.9,
    sparkPower: 220,
    softbox: 0.85,
    fresnel: 0.35,
    drape: 0,
    occlusion: 0.6,
    lift: 0.75,
  },
  steel: {
    weave: 0.12,
    mottle: 0.006,
    wrap: 0.7,
    sheen: 0.08,
    sheenPower: 14,
    spark: 0.5,
    sparkPower: 120,
    softbox: 0.55,
    fresnel: 0.25,
    drape: 0,
    occlusion: 0.6,
    lift: 0.75,
  },
  plastic: {
    weave: 0,
    mottle: 0,
    wrap: 0.6,
    sheen: 0.06,
    sheenPower: 14,
    spark: 0.6,
    sparkPower: 160,
    softbox: 0.7,
    fresnel: 0.3,
    drape: 0,
    occlusion: 0.6,
    lift: 0.3,
  },
  paper: {
    weave: 0.12,
    mottle: 0.008,
    wrap: 0.2,
    sheen: 0.03,
    sheenPower: 6,
    spark: 0,
    sparkPower: 1,
    softbox: 0,
    fresnel: 0.03,
    drape: 0.6,
    occlusion: 0.5,
    lift: 0.1,
  },
  foam: {
    weave: 0.3,
    mottle: 0.012,
    wrap: 0.3,
    sheen: 0.07,
    sheenPower: 10,
    spark: 0.05,
    sparkPower: 40,
    softbox: 0.1,
    fresnel: 0.1,
    drape: 0,
    occlusion: 0.8,
    lift: 0.1,
  },
  glazed: {
    weave: 0,
    mottle: 0.004,
    wrap: 0.15,
    sheen: 0.05,
    sheenPower: 14,
    spark: 0.4,
    sparkPower: 120,
    softbox: 0.55,
    fresnel: 0.2,
    drape: 0,
    occlusion: 0.5,
    lift: 0.7,
  },
};

// --- Seeded noise --------------------------------------------------------------------------------

/** A 32-bit integer hash of a lattice point and a seed, as 0-1. */
export function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** A seed from a string (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/** Smooth value noise, -1..1, with cells of `cellX` x `cellY` px. */
export function valueNoise(w: number, h: number, cellX: number, cellY: number, seed: number): Float32Array {
  const out = new Float32Array(w * h);
  const cols = Math.ceil(w / cellX) + 2;
  const rows = Math.ceil(h / cellY) + 2;
  const lattice = new Float32Array(cols * rows);
  for (let j = 0; j < rows; j += 1) for (let i = 0; i < cols; i += 1) lattice[j * cols + i] = hash2(i, j, seed) * 2 - 1;
  const wx = new Float32Array(w);
  const ix = new Int32Array(w);
  for (let x = 0; x < w; x += 1) {
    const fx = x / cellX;
    ix[x] = Math.floor(fx);
    wx[x] = smooth(fx - Math.floor(fx));
  }
  for (let y = 0; y < h; y += 1) {
    const fy = y / cellY;
    const j = Math.floor(fy);
    const ty = smooth(fy - j);
    const r0 = j * cols;
    const r1 = r0 + cols;
    const o = y * w;
    for (let x = 0; x < w; x += 1) {
      const i = ix[x] as number;
      const tx = wx[x] as number;
      const a = (lattice[r0 + i] as number) + ((lattice[r0 + i + 1] as number) - (lattice[r0 + i] as number)) * tx;
      const b = (lattice[r1 + i] as number) + ((lattice[r1 + i + 1] as number) - (lattice[r1 + i] as number)) * tx;
      out[o + x] = a + (b - a) * ty;
    }
  }
  return out;
}

// --- Blur ----------------------------------------------------------------------------------------

/** One box blur of radius r (px) across rows then down columns, clamped at the edges. */
export function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const rad = Math.max(0, Math.round(r));
  if (rad === 0) return src.slice();
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const n = 2 * rad + 1;
  for (let y = 0; y < h; y += 1) {
    const o = y * w;
    let sum = 0;
    for (let k = -rad; k <= rad; k += 1) sum += src[o + Math.min(w - 1, Math.max(0, k))] as number;
    for (let x = 0; x < w; x += 1) {
      tmp[o + x] = sum / n;
      sum += (src[o + Math.min(w - 1, x + rad + 1)] as number) - (src[o + Math.max(0, x - rad)] as number);
    }
  }
  // Down the columns a whole row at a time, so memory is read in order.
  const acc = new Float32Array(w);
  for (let k = -rad; k <= rad; k += 1) {
    const o = Math.min(h - 1, Math.max(0, k)) * w;
    for (let x = 0; x < w; x += 1) acc[x] = (acc[x] as number) + (tmp[o + x] as number);
  }
  for (let y = 0; y < h; y += 1) {
    const o = y * w;
    for (let x = 0; x < w; x += 1) out[o + x] = (acc[x] as number) / n;
    const add = Math.min(h - 1, y + rad + 1) * w;
    const sub = Math.max(0, y - rad) * w;
    for (let x = 0; x < w; x += 1) acc[x] = (acc[x] as number) + (tmp[add + x] as number) - (tmp[sub + x] as number);
  }
  return out;
}

/** Three box blurs: close to a Gaussian of the given sigma (px). */
export function softBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  if (sigma < 0.5) return src.slice();
  const r = Math.max(1, Math.round(Math.sqrt(4 * sigma * sigma + 1) / 2));
  return boxBlur(boxBlur(boxBlur(src, w, h, r), w, h, r), w, h, r);
}

/**
 * softBlur for wide radii at half the resolution (a quarter of the work): halved by 2 x 2
 * averages, blurred, and brought back bilinearly. Wide blurs have no detail to lose.
 */
export function wideBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  if (sigma < 6 || w < 8 || h < 8) return softBlur(src, w, h, sigma);
  const hw = w >> 1;
  const hh = h >> 1;
  const small = new Float32Array(hw * hh);
  for (let y = 0; y < hh; y += 1) {
    for (let x = 0; x < hw; x += 1) {
      const i = 2 * y * w + 2 * x;
      small[y * hw + x] = ((src[i] as number) + (src[i + 1] as number) + (src[i + w] as number) + (src[i + w + 1] as number)) / 4;
    }
  }
  const blurred = softBlur(small, hw, hh, sigma / 2);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const fy = Math.min(hh - 1, Math.max(0, (y - 0.5) / 2));
    const y0 = Math.floor(fy);
    const y1 = Math.min(hh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x += 1) {
      const fx = Math.min(hw - 1, Math.max(0, (x - 0.5) / 2));
      const x0 = Math.floor(fx);
      const x1 = Math.min(hw - 1, x0 + 1);
      const tx = fx - x0;
      const a = (blurred[y0 * hw + x0] as number) + ((blurred[y0 * hw + x1] as number) - (blurred[y0 * hw + x0] as number)) * tx;
      const b = (blurred[y1 * hw + x0] as number) + ((blurred[y1 * hw + x1] as number) - (blurred[y1 * hw + x0] as number)) * tx;
      out[y * w + x] = a + (b - a) * ty;
    }
  }
  return out;
}

// --- Height field --------------------------------------------------------------------------------

export type Form =
  /** Cloth and cushions: the silhouette rounds off over `edge`, the middle puffs up by `puff`. */
  | { kind: 'soft'; edge: number; puff: number }
  /**
   * A vertical barrel between x0 and x1 (design units; each row's own width there, so tapers
   * follow), with `edge` rounding at its top and bottom; outside the band (a handle) soft.
   */
  | { kind: 'cylinder'; x0: number; x1: number; edge: number }
  /** A rigid board (phone case, print, frame): flat, its edges rounded over `edge`. */
  | { kind: 'slab'; edge: number };

export interface HeightInput {
  size: number;
  /** 0-1 coverage of the body. */
  mask: Float32Array;
  /** -1..1 fold relief from the drawing (negative: valleys), or null. */
  relief: Float32Array | null;
  form: Form;
  /** Fold depth in px for a relief of -1, at this size. */
  foldDepth: number;
  /** Drape ripple amplitude in px (0: none). */
  drape: number;
  seed: number;
}

/**
 * The rounding of a silhouette: 0 at the edge, 1 once `edge` px inside, a quarter sine (its slope
 * at the edge is finite: cloth turns away from the camera, it does not stand up as a wall).
 */
function edgeProfile(mask: Float32Array, size: number, edgePx: number): Float32Array {
  const b = wideBlur(mask, size, size, Math.max(0.7, edgePx / 2));
  const out = new Float32Array(size * size);
  for (let i = 0; i < out.length; i += 1) {
    const t = Math.min(1, Math.max(0, ((b[i] as number) - 0.5) * 2));
    out[i] = Math.sin(t * (Math.PI / 2)) * (mask[i] as number);
  }
  return out;
}

/**
 * Height in px over the view: the form, the folds and the drape, zero off the product; and the
 * detail alone (folds, drape and a soft form's puff, not the barrel or the board's edges), which
 * is what a print printed onto the product bends with.
 */
export function heightField(input: HeightInput): { height: Float32Array; detail: Float32Array } {
  const { size, mask, form } = input;
  const k = size / 1000;
  const n = size * size;
  let h: Float32Array;
  const detail = new Float32Array(n);
  if (form.kind === 'cylinder') {
    const edge = edgeProfile(mask, size, form.edge * k);
    const soft = edgeProfile(mask, size, 14 * k);
    h = new Float32Array(n);
    const x0 = Math.round(form.x0 * k);
    const x1 = Math.round(form.x1 * k);
    // Each row's barrel radius about the band's fixed axis, from the narrower side (a handle
    // joining one side would otherwise widen that row's barrel).
    const mid = (x0 + x1 + 1) / 2;
    const radii = new Float32Array(size).fill(-1);
    for (let y = 0; y < size; y += 1) {
      const o = y * size;
      let left = -1;
      let right = -1;
      for (let x = Math.max(0, x0); x <= Math.min(size - 1, x1); x += 1) {
        if ((mask[o + x] as number) >= 0.5) {
          if (left < 0) left = x;
          right = x;
        }
      }
      if (left >= 0) radii[y] = Math.max(1, Math.min(mid - left, right + 1 - mid));
    }
    // The silhouette's edge moves in whole pixels from row to row; unsmoothed, every such step is
    // a ridge across the barrel that lighting turns into a line through the print.
    const reach = Math.max(2, Math.round(8 * k));
    const smooth = new Float32Array(size).fill(-1);
    for (let y = 0; y < size; y += 1) {
      if (radii[y]! < 0) continue;
      let sum = 0;
      let count = 0;
      for (let j = Math.max(0, y - reach); j <= Math.min(size - 1, y + reach); j += 1) {
        if (radii[j]! < 0) continue;
        sum += radii[j]!;
        count += 1;
      }
      smooth[y] = sum / count;
    }
    for (let y = 0; y < size; y += 1) {
      const o = y * size;
      const radius = smooth[y]!;
      for (let x = 0; x < size; x += 1) {
        const i = o + x;
        if (radius > 0 && x >= x0 && x <= x1) {
          const u = Math.min(1, Math.abs(x + 0.5 - mid) / radius);
          h[i] = radius * Math.sqrt(1 - u * u) * (edge[i] as number);
        } else {
          h[i] = 14 * k * (soft[i] as number);
        }
      }
    }
  } else {
    const edgePx = form.edge * k;
    h = edgeProfile(mask, size, edgePx);
    // Cloth rounds off gently; a board's edge is a real quarter round.
    const rise = form.kind === 'soft' ? 0.6 * edgePx : edgePx;
    const puff = form.kind === 'soft' ? form.puff * k : 0;
    const dome = puff > 0 ? wideBlur(mask, size, size, 60 * k) : null;
    for (let i = 0; i < n; i += 1) {
      const m = mask[i] as number;
      const d = dome ? puff * (dome[i] as number) * m : 0;
      h[i] = (h[i] as number) * rise + d;
      detail[i] = d;
    }
  }
  if (input.relief) {
    for (let i = 0; i < n; i += 1) {
      const d = (input.relief[i] as number) * input.foldDepth * (mask[i] as number);
      h[i] = (h[i] as number) + d;
      detail[i] = (detail[i] as number) + d;
    }
  }
  if (input.drape > 0) {
    const a = valueNoise(size, size, 90 * k, 140 * k, input.seed);
    const b = valueNoise(size, size, 38 * k, 60 * k, input.seed + 1);
    const amp = input.drape * k;
    for (let i = 0; i < n; i += 1) {
      const d = amp * (0.7 * (a[i] as number) + 0.3 * (b[i] as number)) * (mask[i] as number);
      h[i] = (h[i] as number) + d;
      detail[i] = (detail[i] as number) + d;
    }
  }
  return { height: h, detail };
}

/** The cloth's fine structure as a height in px (scaled with the size). */
export function weaveField(finish: Finish, size: number, seed: number): Float32Array | null {
  const look = FINISHES[finish];
  if (look.weave <= 0) return null;
  const amp = look.weave * Math.max(0.5, size / 1200);
  const n = size * size;
  const out = new Float32Array(n);
  const period = Math.max(2.2, size / 400);
  const grain = valueNoise(size, size, 1.3, 1.3, seed + 7);
  const w = (2 * Math.PI) / period;
  if (finish === 'jersey' || finish === 'rib') {
    // Knit wales: columns of loops, each loop a little different.
    const p = finish === 'rib' ? period * 1.8 : period;
    const loops = valueNoise(size, size, p, p * 0.8, seed + 9);
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const i = y * size + x;
        const col = Math.cos((2 * Math.PI * x) / p + 0.6 * (loops[i] as number));
        out[i] = amp * (0.65 * col * (0.8 + 0.2 * Math.cos((2 * Math.PI * y) / (p * 0.9))) + 0.35 * (grain[i] as number));
      }
    }
  } else if (finish === 'canvas') {
    const jitter = valueNoise(size, size, period * 3, period * 3, seed + 11);
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const i = y * size + x;
        const j = 0.5 * (jitter[i] as number);
        const warp = Math.cos(w * x + j);
        const weft = Math.cos(w * y - j);
        out[i] =
          amp *
          (0.45 * warp * (0.5 + 0.5 * Math.sin(w * 0.5 * y)) +
            0.45 * weft * (0.5 - 0.5 * Math.sin(w * 0.5 * x)) +
            0.25 * (grain[i] as number));
      }
    }
  } else {
    // Fleece, plush, poly, paper, foam, steel: isotropic grain at one or two scales.
    const coarse = finish === 'fleece' || finish === 'plush' ? valueNoise(size, size, period * 1.8, period * 1.8, seed + 13) : null;
    for (let i = 0; i < n; i += 1)
      out[i] = amp * (coarse ? 0.6 * (coarse[i] as number) + 0.4 * (grain[i] as number) : (grain[i] as number));
  }
  return out;
}

/** Albedo mottling around 1 (heather, fleece, paper fibres): low-contrast, elongated across. */
export function mottleField(finish: Finish, size: number, seed: number): Float32Array | null {
  const amount = FINISHES[finish].mottle;
  if (amount <= 0) return null;
  const fibres = valueNoise(size, size, Math.max(3, size / 160), Math.max(1.2, size / 900), seed + 21);
  const clouds = valueNoise(size, size, size / 40, size / 50, seed + 23);
  const out = new Float32Array(size * size);
  for (let i = 0; i < out.length; i += 1) out[i] = 1 + amount * (0.6 * (fibres[i] as number) + 0.4 * (clouds[i] as number));
  return out;
}

// --- Lighting ------------------------------------------------------------------------------------

export type Vec3 = readonly [number, number, number];

export function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** The studio: a large key softbox upper left in front, a fill card right, a rim light behind. */
export const STUDIO = {
  key: normalize([-0.5, -0.62, 1]),
  keyIntensity: 0.62,
  fill: normalize([0.75, -0.1, 1]),
  fillIntensity: 0.2,
  ambient: 0.34,
  /** Rim light from behind, upper left: it catches the silhouette's turned edges. */
  rim: normalize([-0.6, -0.8, 0]),
  rimIntensity: 0.22,
  /** Softboxes as windows in the reflected direction's tangent space (x, y = R.x / R.z, R.y / R.z). */
  softboxes: [
    { x0: -1.35, x1: -0.55, y0: -1.3, y1: 0.55, strength: 1 },
    { x0: 0.8, x1: 1.4, y0: -0.9, y1: 0.3, strength: 0.45 },
  ],
} as const;

export interface LightInput {
  size: number;
  height: Float32Array;
  mask: Float32Array;
  /** Fine structure added to the height for the normals only (not the print's displacement). */
  weave: Float32Array | null;
  mottle: Float32Array | null;
  look: FinishLook;
  /** Brightness of a flat surface facing the camera: white product's white (a bit under 1 keeps texture). */
  exposure: number;
  /** The height blurred for ambient occlusion, or null for none. */
  occluder: Float32Array | null;
  /** Height difference (px) under the local average that makes a crease fully occluded. */
  occlusionDepth: number;
}

export interface LightOutput {
  /** Diffuse brightness 0-1 (the cut-out and the shading map). */
  diffuse: Float32Array;
  /** Specular 0-1, untinted (the sheen over every colour and the print). */
  specular: Float32Array;
}

/** v^e for a whole e by squaring: much cheaper than Math.pow in the per-pixel loop. */
export function powi(v: number, e: number): number {
  let r = 1;
  let b = v;
  let k = e;
  while (k > 0) {
    if (k & 1) r *= b;
    b *= b;
    k >>= 1;
  }
  return r;
}

const smoothstep = (a: number, b: number, v: number) => {
  const t = Math.min(1, Math.max(0, (v - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** Lights the height field: see STUDIO. Off the mask both outputs are 0. */
export function lightSurface(input: LightInput): LightOutput {
  const { size, height, mask, weave, mottle, look, exposure, occluder } = input;
  const n = size * size;
  const diffuse = new Float32Array(n);
  const specular = new Float32Array(n);
  const [kx, ky, kz] = STUDIO.key;
  const [fx, fy, fz] = STUDIO.fill;
  const [rx, ry] = STUDIO.rim;
  const wrap = look.wrap;
  const lambert = (d: number) => Math.max(0, (d + wrap) / (1 + wrap));
  const flat = STUDIO.ambient + STUDIO.keyIntensity * lambert(kz) + STUDIO.fillIntensity * lambert(fz);
  const scale = exposure / flat;
  const half = normalize([kx, ky, kz + 1]);
  const [hx, hy, hz] = half;
  const sheenPower = Math.round(look.sheenPower);
  const sparkPower = Math.round(look.sparkPower);
  const flatSheen = powi(hz, sheenPower);
  const [b0, b1] = STUDIO.softboxes;
  const edge = 0.18;
  const window = (b: typeof b0 | typeof b1, tx: number, ty: number) =>
    smoothstep(b.x0 - edge, b.x0 + edge, tx) *
    (1 - smoothstep(b.x1 - edge, b.x1 + edge, tx)) *
    smoothstep(b.y0 - edge, b.y0 + edge, ty) *
    (1 - smoothstep(b.y1 - edge, b.y1 + edge, ty)) *
    b.strength;
  let surface = height;
  if (weave) {
    surface = new Float32Array(n);
    for (let i = 0; i < n; i += 1) surface[i] = (height[i] as number) + (weave[i] as number);
  }
  for (let y = 0; y < size; y += 1) {
    const up = y > 0 ? -size : 0;
    const down = y < size - 1 ? size : 0;
    for (let x = 0; x < size; x += 1) {
      const i = y * size + x;
      const m = mask[i] as number;
      if (m <= 0) continue;
      const l = x > 0 ? i - 1 : i;
      const r = x < size - 1 ? i + 1 : i;
      const gx = ((surface[r] as number) - (surface[l] as number)) / (r - l || 1);
      const gy = ((surface[i + down] as number) - (surface[i + up] as number)) / ((down - up) / size || 1);
      const inv = 1 / Math.sqrt(gx * gx + gy * gy + 1);
      const nx = -gx * inv;
      const ny = -gy * inv;
      const nz = inv;
      let ao = 1;
      if (occluder) ao = 1 - look.occlusion * smoothstep(0, input.occlusionDepth, (occluder[i] as number) - (height[i] as number));
      const rimTerm = STUDIO.rimIntensity * (1 - nz) * (1 - nz) * Math.max(0, nx * rx + ny * ry);
      let d =
        (STUDIO.ambient * ao +
          ao * (STUDIO.keyIntensity * lambert(nx * kx + ny * ky + nz * kz) + STUDIO.fillIntensity * lambert(nx * fx + ny * fy + nz * fz)) +
          rimTerm) *
        scale;
      if (d < exposure) d = exposure - (exposure - d) * (1 - look.lift);
      if (mottle) d *= mottle[i] as number;
      diffuse[i] = Math.min(1, Math.max(0, d));
      // Specular: sheen (broad, relative to a flat surface's so cloth does not glow evenly),
      // sparkle, softbox reflections and Fresnel at grazing angles.
      const nh = Math.max(0, nx * hx + ny * hy + nz * hz);
      let s = look.sheen * Math.max(0, powi(nh, sheenPower) - 0.75 * flatSheen);
      if (look.spark > 0) s += look.spark * powi(nh, sparkPower);
      if (look.softbox > 0) {
        // Reflection of the view ray (0, 0, -1): R = 2 nz n - (0, 0, -1)... towards the camera: R = 2 (n.v) n - v.
        const rz = 2 * nz * nz - 1;
        if (rz > 0.05) {
          const tx = (2 * nz * nx) / rz;
          const ty = (2 * nz * ny) / rz;
          s += look.softbox * (window(b0, tx, ty) + window(b1, tx, ty));
        }
      }
      const g = 1 - nz;
      s += look.fresnel * g * g * g * g * g;
      specular[i] = Math.min(1, s * ao) * m;
    }
  }
  return { diffuse, specular };
}

/**
 * The print's displacement from the height's slope (the weave left out): red across, green
 * down, 128 = none. `gain` px of shift per unit slope, clipped at `reach` px.
 */
export function displacementFromHeight(height: Float32Array, mask: Float32Array, size: number, gain: number, reach: number): Buffer {
  const out = Buffer.alloc(size * size * 3, 128);
  for (let y = 1; y < size - 1; y += 1) {
    for (let x = 1; x < size - 1; x += 1) {
      const i = y * size + x;
      const m = mask[i] as number;
      if (m <= 0) continue;
      const dx = ((height[i + 1] as number) - (height[i - 1] as number)) / 2;
      const dy = ((height[i + size] as number) - (height[i - size] as number)) / 2;
      const sx = Math.max(-1, Math.min(1, (dx * gain) / reach));
      const sy = Math.max(-1, Math.min(1, (dy * gain) / reach));
      out[i * 3] = Math.round(128 + 127 * m * sx);
      out[i * 3 + 1] = Math.round(128 + 127 * m * sy);
    }
  }
  return out;
}
