/**
 * Tiling of an image element, pattern types 0-5. The reference draws every tile the geometry
 * kernel lays out (layoutTiles + tileMatrix, unit-tested on their own) with Canvas2D; grid
 * counts and mirror flips are also checked in closed form.
 */
import { describe, expect, it } from 'vitest';
import { applyAffine, invertAffine, layoutTiles, tileMatrix, type Tile } from '../../../engine/geometry/index.ts';
import type { ImageElement, TilingPatternType } from '../../../engine/model/index.ts';
import { composeFlat, TilingLimitError } from '../../../engine/render/compose/index.ts';
import { at, design, diff, differingPixels, image, loaderOf, pixelsOf, quadrants, reference, type Rgba, eachBackend } from './helpers.ts';

const FLAT = { width: 400, height: 300 };
const RED: Rgba = [255, 0, 0, 255];
const GREEN: Rgba = [0, 255, 0, 255];
const YELLOW: Rgba = [255, 255, 0, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** A 40x30 quadrant image centred on the flat (centre 200,150), tiled with 10 px gaps. */
function tiled(type: TilingPatternType, seed = 3): ImageElement {
  return image({ url: 'q', originalWidth: 40, originalHeight: 30, left: 180, top: 135, tiling: { type, spacing: 10, seed } });
}

async function render(el: ImageElement, bmp: ImageBitmap, flat = FLAT): Promise<ImageData> {
  const out = await composeFlat({ flat, design: design(el), images: loaderOf({ q: bmp }) });
  const px = pixelsOf(out);
  out.close();
  return px;
}

/** Connected groups of opaque pixels (4-neighbour flood fill). */
function components(img: ImageData): number {
  const seen = new Uint8Array(img.width * img.height);
  const opaque = (i: number) => img.data[i * 4 + 3]! > 128;
  let count = 0;
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || !opaque(start)) continue;
    count += 1;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % img.width;
      const y = (i - x) / img.width;
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= img.width || ny >= img.height) continue;
        const j = ny * img.width + nx;
        if (!seen[j] && opaque(j)) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  return count;
}

/** Whether a flat point lies within 1.5 px of a 40x30 tile's outline or its quadrant lines. */
function nearEdge(tile: Tile, x: number, y: number): boolean {
  const [lx, ly] = applyAffine(invertAffine(tileMatrix(tile, 40, 30)), [x, y]);
  const r = 1.5 / tile.scale;
  if (lx < -r || lx > 40 + r || ly < -r || ly > 30 + r) return false;
  const near = (v: number, line: number) => Math.abs(v - line) <= r;
  return near(lx, 0) || near(lx, 20) || near(lx, 40) || near(ly, 0) || near(ly, 15) || near(ly, 30);
}

eachBackend(() => {
  describe('tiling', () => {
    for (const type of [0, 1, 2, 3, 4, 5] as const) {
      it(`pattern ${type} draws every tile the layout places`, async () => {
        const bmp = await quadrants(40, 30);
        const el = tiled(type);
        const px = await render(el, bmp);
        const layout = layoutTiles({
          flatWidth: 400,
          flatHeight: 300,
          tileWidth: 40,
          tileHeight: 30,
          spacingX: 10,
          spacingY: 10,
          pattern: type,
          seed: 3,
          anchor: [200, 150],
        });
        if (!layout.ok) throw new Error(layout.msg);
        const ref = reference(400, 300, (ctx) => {
          for (const t of layout.tiles) {
            ctx.setTransform(...tileMatrix(t, 40, 30));
            ctx.drawImage(bmp, 0, 0, 40, 30);
          }
        });
        expect(diff(px, ref).mean).toBeLessThan(1.5);
        // Pixels may differ only where edges are anti-aliased differently (MSAA vs Canvas2D, which
        // snaps unrotated image edges to whole pixels): on a tile's outline or its quadrant lines.
        const stray = differingPixels(px, ref).filter(([x, y]) => !layout.tiles.some((t) => nearEdge(t, x + 0.5, y + 0.5)));
        expect(stray).toEqual([]);
      });
    }

    it('grid: tiles one step (size + spacing) apart, counted in closed form', async () => {
      const px = await render(tiled(0), await quadrants(40, 30));
      // Tiles span x 180+50i..220+50i (i = -4..4 reach the flat) and y 135+40j..165+40j (j = -4..4).
      expect(components(px)).toBe(81);
      for (let i = -3; i <= 3; i++) {
        for (let j = -3; j <= 3; j++) {
          expect(at(px, 200 + 50 * i - 10, 150 + 40 * j - 8)).toEqual(RED);
          expect(at(px, 225 + 50 * i, 150 + 40 * j)).toEqual(CLEAR); // the 10 px gap
        }
      }
    });

    it('mirror: odd columns flip horizontally, odd rows vertically', async () => {
      const px = await render(tiled(3), await quadrants(40, 30));
      expect(at(px, 190, 142)).toEqual(RED); // tile (0,0): top-left quadrant is red
      expect(at(px, 240, 142)).toEqual(GREEN); // tile (1,0): flipped, so green is top-left
      expect(at(px, 190, 182)).toEqual(YELLOW); // tile (0,1): flipped vertically
    });

    it('random: the same seed gives the same picture, another seed another', async () => {
      const bmp = await quadrants(40, 30);
      const a = await render(tiled(4, 11), bmp);
      const b = await render(tiled(4, 11), bmp);
      const c = await render(tiled(4, 12), bmp);
      expect(diff(a, b).max).toBe(0);
      expect(diff(a, c).over).toBeGreaterThan(1000);
    });

    it("accepts 150 tiles and rejects 151 with code 1 'Maximum 150 tiling'", async () => {
      const bmp = await quadrants(10, 10);
      // A one-row strip of 10x10 tiles without gaps: a flat 1500 wide holds 150, 1510 holds 151.
      const strip = (left: number): ImageElement =>
        image({ url: 'q', originalWidth: 10, originalHeight: 10, left, top: 0, tiling: { type: 0, spacing: 0, seed: 0 } });
      const ok = await render(strip(750), bmp, { width: 1500, height: 10 });
      expect(components(ok)).toBe(1); // abutting tiles fill the strip
      expect(ok.data.filter((_, i) => i % 4 === 3).every((a) => a === 255)).toBe(true);

      const refused = render(strip(750), bmp, { width: 1510, height: 10 });
      await expect(refused).rejects.toBeInstanceOf(TilingLimitError);
      await expect(refused).rejects.toMatchObject({ code: 1, msg: 'Maximum 150 tiling', message: 'Maximum 150 tiling' });
    });
  });
});
