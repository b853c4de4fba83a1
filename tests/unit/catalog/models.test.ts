/**
 * Product models (demo/catalog/archetypes/models.ts): every model of every archetype keeps each
 * print area on its product's body (sampled over the print's surface as the template places it,
 * against the model's rasterised mask), models differ from the drawing and from each other, and
 * they are deterministic. The contact sheet (`npm run mockup:sheet`) checks the same through the
 * engine's real render; this covers every model of every archetype in seconds.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from '../../../demo/catalog/archetypes/index.ts';
import { MODEL_COUNT, modelArchetype, modelOf } from '../../../demo/catalog/archetypes/models.ts';
import type { Placement, ViewDrawing } from '../../../demo/catalog/archetypes/types.ts';
import { svgPath, type Pt, type Shape } from '../../../demo/catalog/art/path.ts';
import { maskSvg } from '../../../demo/catalog/art/svg.ts';

const SIZE = 250;
const K = SIZE / 1000;

async function raster(shape: Shape): Promise<Buffer> {
  const view = { body: shape } as ViewDrawing;
  return sharp(Buffer.from(maskSvg(view, SIZE)))
    .removeAlpha()
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** Points over the print's surface, as the template's warp lays the flat on the view. */
function surfacePoints(p: Placement): Pt[] {
  const out: Pt[] = [];
  const steps = 8;
  for (let i = 0; i <= steps; i += 1) {
    for (let j = 0; j <= steps; j += 1) {
      const u = i / steps;
      const v = j / steps;
      switch (p.kind) {
        case 'bezier': {
          const b = (t: number) => [(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3];
          const bu = b(u);
          const bv = b(v);
          let x = 0;
          let y = 0;
          for (let r = 0; r < 4; r += 1) {
            for (let c = 0; c < 4; c += 1) {
              const q = p.points[r * 4 + c] as Pt;
              const w = (bv[r] as number) * (bu[c] as number);
              x += w * q[0];
              y += w * q[1];
            }
          }
          out.push([x, y]);
          break;
        }
        case 'perspective': {
          const [tl, tr, br, bl] = p.quad;
          const top: Pt = [tl[0] + (tr[0] - tl[0]) * u, tl[1] + (tr[1] - tl[1]) * u];
          const bottom: Pt = [bl[0] + (br[0] - bl[0]) * u, bl[1] + (br[1] - bl[1]) * u];
          out.push([top[0] + (bottom[0] - top[0]) * v, top[1] + (bottom[1] - top[1]) * v]);
          break;
        }
        case 'affine':
          out.push([p.box.x + p.box.w * u, p.box.y + p.box.h * v]);
          break;
        case 'cylinder': {
          const t = ((u - 0.5) * Math.min(p.arc, 180) * Math.PI) / 180;
          const r = p.radiusTop + (p.radiusBottom - p.radiusTop) * v;
          const e = p.ellipseTop + (p.ellipseBottom - p.ellipseTop) * v;
          out.push([p.cx + r * Math.sin(t), p.topY + (p.bottomY - p.topY) * v + e * Math.cos(t)]);
          break;
        }
      }
    }
  }
  return out;
}

const at = (mask: Buffer, [x, y]: Pt) => {
  const px = Math.min(SIZE - 1, Math.max(0, Math.round(x * K)));
  const py = Math.min(SIZE - 1, Math.max(0, Math.round(y * K)));
  return mask[py * SIZE + px] ?? 0;
};

/**
 * On the product within 2 px (8 design units): full-bleed prints (posters, canvases, pillows)
 * reach exactly to the body's edge, where the template clips them and the sampled edge may fall
 * a pixel either side; the contact sheet allows the displacement's reach and 2 px the same way.
 */
const near = (mask: Buffer, [x, y]: Pt) => {
  for (let dy = -8; dy <= 8; dy += 4) for (let dx = -8; dx <= 8; dx += 4) if (at(mask, [x + dx, y + dy]) > 128) return true;
  return false;
};

describe('product models', () => {
  it('keep every print area of every model on its product', async () => {
    const off: string[] = [];
    for (const arch of ARCHETYPES) {
      for (let model = 0; model < MODEL_COUNT; model += 1) {
        for (const view of modelArchetype(arch, model).views) {
          // The product and what lies on it (a framed print's paper) take the print.
          const surface = await raster([...view.body, ...(view.underlays ?? []).flatMap((u) => u.shape)]);
          for (const area of view.prints) {
            const clip = area.clip ? await raster(area.clip) : null;
            const points = surfacePoints(area.placement).filter((q) => !clip || at(clip, q) > 128);
            const outside = points.filter((q) => !near(surface, q));
            if (outside.length > 0) off.push(`${arch.key} m${model} ${view.id}/${area.flatId}: ${outside.length} of ${points.length}`);
          }
        }
      }
    }
    expect(off).toEqual([]);
  }, 60_000);

  it('differ from the drawing and from each other, and come out the same every time', () => {
    for (const arch of ARCHETYPES) {
      const bodies = Array.from({ length: MODEL_COUNT }, (_, m) => svgPath(modelArchetype(arch, m).views[0]?.body ?? []));
      expect(new Set(bodies).size, arch.key).toBe(MODEL_COUNT);
      expect(modelArchetype(arch, 0)).toBe(arch);
    }
    const tee = ARCHETYPES.find((a) => a.key === 'mens-tee')!;
    expect(JSON.stringify(modelArchetype({ ...tee }, 3))).toBe(JSON.stringify(modelArchetype(tee, 3)));
  });

  it('spread products over every model, the same for the same product', () => {
    const seen = new Set(Array.from({ length: 200 }, (_, i) => modelOf('mug', 1001 + i)));
    expect([...seen].sort()).toEqual(Array.from({ length: MODEL_COUNT }, (_, m) => m));
    expect(modelOf('mug', 1234)).toBe(modelOf('mug', 1234));
  });

  it("show the cut a product's title names: a V-Neck tee is the V-neck model", () => {
    const tee = ARCHETYPES.find((a) => a.key === 'womens-tee')!;
    const styles = tee.modelStyles ?? {};
    for (const id of [1001, 1002, 1003]) expect(modelOf(tee.key, id, { title: 'Soft V-Neck Tee', styles })).toBe(2);
    expect(modelOf(tee.key, 1001, { title: 'Soft Crew Neck Tee', styles })).toBe(0);
    // The V-neck model's neck opening (the shaded inside of the back) reaches deeper below the
    // collar than the crew drawing's.
    const depth = (m: number) => {
      const front = modelArchetype(tee, m).views.find((v) => v.id === 'front')!;
      const ys = (front.tones?.[0]?.shape ?? []).flat().map((n) => n[n.length - 1] as number);
      return Math.max(...ys) - Math.min(...ys);
    };
    expect(depth(2)).toBeGreaterThan(depth(0) + 15);
  });

  it('refuses a model that does not exist', () => {
    expect(() => modelArchetype(ARCHETYPES[0]!, MODEL_COUNT)).toThrow(/model/);
  });
});
