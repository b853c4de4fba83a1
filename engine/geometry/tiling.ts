/**
 * Tiling layout: where the copies of a tiled image element go on a flat.
 *
 * Pattern types (the product's 0–5):
 *   0 grid       plain repeat
 *   1 half-drop  every odd column moved down half a step
 *   2 brick      every odd row moved right half a step
 *   3 mirror     grid; odd columns flipped horizontally, odd rows vertically
 *   4 random     grid; each tile gets scale 1–2 and angle −40..40° from a seeded PRNG
 *   5 hex        odd rows moved right half a step, rows √3/2 of a step apart
 *
 * The lattice is anchored at the tiled element itself (tile col 0,row 0 sits
 * on `anchor`), so the element the merchant placed stays where it is and
 * its copies spread from it.
 */
import type { Vec2 } from './types';
import type { Mat2d } from './affine';
import { cosSinDegrees } from './affine';

export const TILING_PATTERNS = {
  GRID: 0,
  HALF_DROP: 1,
  BRICK: 2,
  MIRROR: 3,
  RANDOM: 4,
  HEX: 5,
} as const;
export type TilingPattern = (typeof TILING_PATTERNS)[keyof typeof TILING_PATTERNS];

export const MAX_TILES = 150;
export const MAX_TILES_MESSAGE = 'Maximum 150 tiling';
export const RANDOM_SCALE_RANGE = [1, 2] as const;
export const RANDOM_ANGLE_RANGE = [-40, 40] as const;

export interface TilingInput {
  readonly flatWidth: number;
  readonly flatHeight: number;
  /** One tile's size on the flat, i.e. after the element's own scale. */
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** Gap between neighbouring tiles in flat px (negative overlaps them). */
  readonly spacingX?: number;
  readonly spacingY?: number;
  readonly pattern: number;
  /** Seed of the random pattern; the same seed always gives the same layout. */
  readonly seed?: number;
  /** Centre of tile (0,0) on the flat; defaults to the flat's centre. */
  readonly anchor?: Vec2;
  /** Extra rings of tiles beyond those touching the flat; default 1 so edges are always covered. */
  readonly marginTiles?: number;
}

export interface Tile {
  readonly col: number;
  readonly row: number;
  /** Centre of the tile on the flat. */
  readonly x: number;
  readonly y: number;
  /** Multiplies the tile size (1 except in the random pattern). */
  readonly scale: number;
  /** Degrees, clockwise on screen. */
  readonly angle: number;
  readonly flipX: boolean;
  readonly flipY: boolean;
}

export type TilingResult =
  { readonly ok: true; readonly tiles: Tile[] } | { readonly ok: false; readonly code: 1; readonly msg: typeof MAX_TILES_MESSAGE };

const odd = (n: number): boolean => ((n % 2) + 2) % 2 === 1;

/**
 * Hash of (seed, col, row) to a 32-bit PRNG state, so a tile's random look
 * depends only on its lattice position: resizing the flat or moving the
 * anchor does not reshuffle the tiles that stay.
 */
function tileState(seed: number, col: number, row: number): number {
  let h = (seed | 0) ^ 0x9e3779b9;
  h = Math.imul(h ^ (col | 0), 0x85ebca6b);
  h = (h ^ (h >>> 13)) | 0;
  h = Math.imul(h ^ (row | 0), 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** mulberry32: small, fast and good enough for visual jitter. */
export function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Lattice {
  readonly stepX: number;
  readonly stepY: number;
  /** Lattice centre of (col,row) before randomness. */
  readonly at: (col: number, row: number) => Vec2;
}

function lattice(input: TilingInput, anchor: Vec2): Lattice {
  const stepX = input.tileWidth + (input.spacingX ?? 0);
  const baseY = input.tileHeight + (input.spacingY ?? 0);
  const stepY = input.pattern === TILING_PATTERNS.HEX ? (baseY * Math.sqrt(3)) / 2 : baseY;
  const [ax, ay] = anchor;
  return {
    stepX,
    stepY,
    at: (col, row) => {
      let x = ax + col * stepX;
      let y = ay + row * stepY;
      if (input.pattern === TILING_PATTERNS.HALF_DROP && odd(col)) y += stepY / 2;
      if ((input.pattern === TILING_PATTERNS.BRICK || input.pattern === TILING_PATTERNS.HEX) && odd(row)) x += stepX / 2;
      return [x, y];
    },
  };
}

function makeTile(input: TilingInput, col: number, row: number, centre: Vec2): Tile {
  let scale = 1;
  let angle = 0;
  if (input.pattern === TILING_PATTERNS.RANDOM) {
    const rand = mulberry32(tileState(input.seed ?? 0, col, row));
    const [s0, s1] = RANDOM_SCALE_RANGE;
    const [a0, a1] = RANDOM_ANGLE_RANGE;
    scale = s0 + (s1 - s0) * rand();
    angle = a0 + (a1 - a0) * rand();
  }
  const mirror = input.pattern === TILING_PATTERNS.MIRROR;
  return { col, row, x: centre[0], y: centre[1], scale, angle, flipX: mirror && odd(col), flipY: mirror && odd(row) };
}

/** Half-extents of the tile's drawn footprint (rotated, scaled box). */
function footprint(input: TilingInput, tile: Tile): Vec2 {
  const [cos, sin] = cosSinDegrees(tile.angle);
  const w = (input.tileWidth * tile.scale) / 2;
  const h = (input.tileHeight * tile.scale) / 2;
  return [Math.abs(cos) * w + Math.abs(sin) * h, Math.abs(sin) * w + Math.abs(cos) * h];
}

function assertInput(input: TilingInput): void {
  const nums = [input.flatWidth, input.flatHeight, input.tileWidth, input.tileHeight, input.spacingX ?? 0, input.spacingY ?? 0];
  if (!nums.every(Number.isFinite)) throw new Error('tiling input has a non-finite value');
  if (!(input.flatWidth > 0 && input.flatHeight > 0)) throw new Error('tiling flat size must be positive');
  if (!(input.tileWidth > 0 && input.tileHeight > 0)) throw new Error('tiling tile size must be positive');
  if (!(input.tileWidth + (input.spacingX ?? 0) > 0 && input.tileHeight + (input.spacingY ?? 0) > 0)) {
    throw new Error('tiling step (tile size + spacing) must be positive');
  }
  if (!Number.isInteger(input.pattern) || input.pattern < 0 || input.pattern > 5) {
    throw new Error(`tiling pattern must be an integer 0-5, got ${input.pattern}`);
  }
}

/**
 * Every tile whose lattice cell (tile plus spacing) touches the flat grown by
 * `marginTiles` steps, or whose drawn footprint reaches the flat. Refuses
 * layouts over 150 tiles with the product's code 1 / 'Maximum 150 tiling'.
 */
export function layoutTiles(input: TilingInput): TilingResult {
  assertInput(input);
  const W = input.flatWidth;
  const H = input.flatHeight;
  const anchor = input.anchor ?? [W / 2, H / 2];
  const margin = Math.max(0, Math.floor(input.marginTiles ?? 1));
  const lat = lattice(input, anchor);
  const { stepX, stepY } = lat;
  // Region the cells must touch, and the reach of a footprint past its cell.
  const minX = -margin * stepX;
  const maxX = W + margin * stepX;
  const minY = -margin * stepY;
  const maxY = H + margin * stepY;
  const reach = input.pattern === TILING_PATTERNS.RANDOM ? Math.hypot(input.tileWidth, input.tileHeight) : 0;
  // Index range wide enough for the half-step offsets (+1) and random reach.
  const col0 = Math.floor((minX - reach - anchor[0]) / stepX) - 1;
  const col1 = Math.ceil((maxX + reach - anchor[0]) / stepX) + 1;
  const row0 = Math.floor((minY - reach - anchor[1]) / stepY) - 1;
  const row1 = Math.ceil((maxY + reach - anchor[1]) / stepY) + 1;

  const tiles: Tile[] = [];
  for (let row = row0; row <= row1; row++) {
    for (let col = col0; col <= col1; col++) {
      const centre = lat.at(col, row);
      const [x, y] = centre;
      const cellHits = x + stepX / 2 > minX && x - stepX / 2 < maxX && y + stepY / 2 > minY && y - stepY / 2 < maxY;
      const tile = makeTile(input, col, row, centre);
      let hit = cellHits;
      if (!hit && reach > 0) {
        const [hx, hy] = footprint(input, tile);
        hit = x + hx > 0 && x - hx < W && y + hy > 0 && y - hy < H;
      }
      if (!hit) continue;
      tiles.push(tile);
      // Stop as soon as the limit is passed: tiny tiles would otherwise build huge arrays first.
      if (tiles.length > MAX_TILES) return { ok: false, code: 1, msg: MAX_TILES_MESSAGE };
    }
  }
  return { ok: true, tiles };
}

/**
 * Matrix from the tile image's local box (0..tileWidth, 0..tileHeight) to the
 * flat: centre, rotate, scale and flip about the tile's centre.
 */
export function tileMatrix(tile: Tile, tileWidth: number, tileHeight: number): Mat2d {
  const [cos, sin] = cosSinDegrees(tile.angle);
  const sx = tile.scale * (tile.flipX ? -1 : 1);
  const sy = tile.scale * (tile.flipY ? -1 : 1);
  const a = cos * sx;
  const b = sin * sx;
  const c = -sin * sy;
  const d = cos * sy;
  const hx = tileWidth / 2;
  const hy = tileHeight / 2;
  return [a, b, c, d, tile.x - a * hx - c * hy, tile.y - b * hx - d * hy];
}
