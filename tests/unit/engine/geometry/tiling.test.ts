import { describe, it, expect } from 'vitest';
import { applyAffine, layoutTiles, tileMatrix, TILING_PATTERNS, type Tile, type TilingInput, type Vec2 } from '../../../../engine/geometry';

const base: TilingInput = {
  flatWidth: 800,
  flatHeight: 600,
  tileWidth: 120,
  tileHeight: 90,
  spacingX: 10,
  spacingY: 10,
  pattern: 0,
  seed: 7,
};

function tilesOf(input: TilingInput): Tile[] {
  const r = layoutTiles(input);
  if (!r.ok) throw new Error(`unexpected rejection: ${r.msg}`);
  return r.tiles;
}

/** Whether (x, y) lies in some tile's lattice cell (tile plus half the spacing around it). */
function covered(tiles: Tile[], input: TilingInput, x: number, y: number, rowPitch: number): boolean {
  const sx = input.tileWidth + (input.spacingX ?? 0);
  return tiles.some((t) => Math.abs(x - t.x) <= sx / 2 + 1e-9 && Math.abs(y - t.y) <= rowPitch / 2 + 1e-9);
}

describe('layoutTiles', () => {
  for (const pattern of [0, 1, 2, 3, 4, 5]) {
    it(`pattern ${pattern} covers the whole flat`, () => {
      const input = { ...base, pattern };
      const tiles = tilesOf(input);
      const stepY = base.tileHeight + base.spacingY!;
      const rowPitch = pattern === 5 ? (stepY * Math.sqrt(3)) / 2 : stepY;
      for (let x = 0; x <= 800; x += 20) {
        for (let y = 0; y <= 600; y += 20) expect(covered(tiles, input, x, y, rowPitch)).toBe(true);
      }
      expect(tiles.length).toBeLessThanOrEqual(150);
      // No duplicate lattice positions.
      expect(new Set(tiles.map((t) => `${t.col},${t.row}`)).size).toBe(tiles.length);
    });
  }

  it('anchors tile (0,0) on the flat centre by default, or on the given anchor', () => {
    const t0 = tilesOf(base).find((t) => t.col === 0 && t.row === 0)!;
    expect([t0.x, t0.y]).toEqual([400, 300]);
    const t1 = tilesOf({ ...base, anchor: [10, 20] }).find((t) => t.col === 0 && t.row === 0)!;
    expect([t1.x, t1.y]).toEqual([10, 20]);
  });

  it('grid tiles sit one step apart', () => {
    const tiles = tilesOf(base);
    const at = (c: number, r: number): Tile => tiles.find((t) => t.col === c && t.row === r)!;
    expect(at(1, 0).x - at(0, 0).x).toBe(130);
    expect(at(0, 1).y - at(0, 0).y).toBe(100);
  });

  it('includes one ring of margin tiles beyond the flat edge', () => {
    // Cells 130 wide around x = 400 + 130k touch [-130, 930] for k = -4..4 → 9 columns;
    // cells 100 high around y = 300 + 100k touch [-100, 700] for k = -4..4 → 9 rows.
    expect(tilesOf(base)).toHaveLength(81);
    expect(tilesOf({ ...base, marginTiles: 0 })).toHaveLength(49);
  });

  it('half-drop shifts odd columns down half a step; brick shifts odd rows right', () => {
    const hd = tilesOf({ ...base, pattern: TILING_PATTERNS.HALF_DROP });
    const c0 = hd.find((t) => t.col === 0 && t.row === 0)!;
    const c1 = hd.find((t) => t.col === 1 && t.row === 0)!;
    const cm1 = hd.find((t) => t.col === -1 && t.row === 0)!;
    expect(c1.y - c0.y).toBe(50);
    expect(cm1.y - c0.y).toBe(50);
    const br = tilesOf({ ...base, pattern: TILING_PATTERNS.BRICK });
    const r0 = br.find((t) => t.col === 0 && t.row === 0)!;
    const r1 = br.find((t) => t.col === 0 && t.row === 1)!;
    expect(r1.x - r0.x).toBe(65);
  });

  it('mirror flips odd columns in x and odd rows in y', () => {
    const tiles = tilesOf({ ...base, pattern: TILING_PATTERNS.MIRROR });
    for (const t of tiles) {
      expect(t.flipX).toBe(Math.abs(t.col) % 2 === 1);
      expect(t.flipY).toBe(Math.abs(t.row) % 2 === 1);
      expect(t.scale).toBe(1);
      expect(t.angle).toBe(0);
    }
  });

  it('hex rows are offset half a step and packed at √3/2 of the step', () => {
    const tiles = tilesOf({ ...base, pattern: TILING_PATTERNS.HEX });
    const a = tiles.find((t) => t.col === 0 && t.row === 0)!;
    const b = tiles.find((t) => t.col === 0 && t.row === 1)!;
    expect(b.x - a.x).toBe(65);
    expect(b.y - a.y).toBeCloseTo((100 * Math.sqrt(3)) / 2, 9);
  });

  it('random gives scale in 1..2 and angle in −40..40, deterministic for a seed', () => {
    const input = { ...base, pattern: TILING_PATTERNS.RANDOM, seed: 12345 };
    const a = tilesOf(input);
    const b = tilesOf(input);
    expect(b).toEqual(a);
    for (const t of a) {
      expect(t.scale).toBeGreaterThanOrEqual(1);
      expect(t.scale).toBeLessThanOrEqual(2);
      expect(t.angle).toBeGreaterThanOrEqual(-40);
      expect(t.angle).toBeLessThanOrEqual(40);
    }
    // Really random: values spread over the ranges and differ per tile.
    expect(new Set(a.map((t) => t.angle)).size).toBe(a.length);
    expect(Math.max(...a.map((t) => t.scale)) - Math.min(...a.map((t) => t.scale))).toBeGreaterThan(0.5);
    expect(Math.max(...a.map((t) => t.angle)) - Math.min(...a.map((t) => t.angle))).toBeGreaterThan(40);
    // A different seed gives a different layout; a tile keeps its look when the flat grows.
    expect(tilesOf({ ...input, seed: 54321 })).not.toEqual(a);
    const bigger = tilesOf({ ...input, flatWidth: 900, anchor: [400, 300] });
    const t = a.find((x) => x.col === 1 && x.row === 1)!;
    expect(bigger.find((x) => x.col === 1 && x.row === 1)).toEqual(t);
  });

  it('rejects more than 150 tiles with code 1 and the spec message', () => {
    // 10 columns x 15 rows of 80x40 tiles on an 800x600 flat with no margin: cells touch exactly 150.
    const exact: TilingInput = {
      flatWidth: 800,
      flatHeight: 600,
      tileWidth: 80,
      tileHeight: 40,
      pattern: 0,
      anchor: [40, 20],
      marginTiles: 0,
    };
    expect(tilesOf(exact)).toHaveLength(150);
    // Widening the flat by one pixel brings in an 11th column: 165 > 150.
    const over = layoutTiles({ ...exact, flatWidth: 801 });
    expect(over).toEqual({ ok: false, code: 1, msg: 'Maximum 150 tiling' });
    // 151 exactly: one more tile than the limit.
    const r151 = layoutTiles({
      flatWidth: 151 * 10,
      flatHeight: 10,
      tileWidth: 10,
      tileHeight: 10,
      pattern: 0,
      anchor: [5, 5],
      marginTiles: 0,
    });
    expect(r151).toEqual({ ok: false, code: 1, msg: 'Maximum 150 tiling' });
    const r150 = layoutTiles({
      flatWidth: 150 * 10,
      flatHeight: 10,
      tileWidth: 10,
      tileHeight: 10,
      pattern: 0,
      anchor: [5, 5],
      marginTiles: 0,
    });
    expect(r150.ok && r150.tiles.length).toBe(150);
  });

  it('rejects tiny tiles quickly instead of building a huge list', () => {
    const t = performance.now();
    expect(layoutTiles({ ...base, tileWidth: 0.01, tileHeight: 0.01, spacingX: 0, spacingY: 0 }).ok).toBe(false);
    expect(performance.now() - t).toBeLessThan(200);
  });

  it('throws on invalid input', () => {
    expect(() => layoutTiles({ ...base, pattern: 6 })).toThrow(/pattern/);
    expect(() => layoutTiles({ ...base, tileWidth: 0 })).toThrow(/tile size/);
    expect(() => layoutTiles({ ...base, spacingX: -200 })).toThrow(/step/);
  });
});

describe('tileMatrix', () => {
  it('centres, rotates, scales and flips the tile box about its centre', () => {
    const tile: Tile = { col: 0, row: 0, x: 100, y: 50, scale: 2, angle: 90, flipX: true, flipY: false };
    const m = tileMatrix(tile, 40, 20);
    const p = (x: number, y: number): Vec2 => applyAffine(m, [x, y]);
    expect(p(20, 10)).toEqual([100, 50]);
    // Local (0,0) is (-20,-10) from the centre; flipX → (20,-10); scale 2 → (40,-20); rotate 90° → (20,40).
    expect(p(0, 0)).toEqual([120, 90]);
  });
});
