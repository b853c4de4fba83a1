/**
 * Turns a flat's plan into a pixi.js scene. Text textures belong to the scene and `destroy()`
 * frees them with their GL textures; bitmap textures live in the renderer's cache. The
 * caller's ImageBitmaps are never closed here.
 */
import { CanvasSource, Color, Container, Matrix, Sprite, Texture } from 'pixi.js';
import type { ReadonlyMat2d } from '../../geometry/index.ts';
import type { FlatPlan } from './plan.ts';
import type { BitmapTextureCache } from './textures.ts';

export interface FlatScene {
  /** Draws the flat in flat coordinates; set its scale/position to choose the output region. */
  readonly root: Container;
  /**
   * Premultiplied RGBA the output is cleared to: the background colour. A clear costs next to
   * nothing where a full-size quad costs a whole pass of fill rate (slow under SwiftShader).
   */
  readonly clearColor: readonly [number, number, number, number];
  destroy(): void;
}

function toPixi(m: ReadonlyMat2d): Matrix {
  return new Matrix(m[0], m[1], m[2], m[3], m[4], m[5]);
}

/** A sprite of `texture` placed by a flat-space affine matrix (shared with the live editor stage). */
export function placed(texture: Texture, m: ReadonlyMat2d): Sprite {
  const sprite = new Sprite(texture);
  // pixi decomposes the matrix into position/scale/rotation/skew; flips come back as negative
  // scale or skew, which represent any affine matrix exactly.
  sprite.setFromMatrix(toPixi(m));
  return sprite;
}

function premultiplied(color: string): [number, number, number, number] {
  const c = new Color(color);
  const a = c.alpha;
  return [c.red * a, c.green * a, c.blue * a, a];
}

/** Build and render it without awaiting in between: the cache may evict unused textures. */
export function buildScene(plan: FlatPlan, cache: BitmapTextureCache): FlatScene {
  const { ops } = plan;
  const root = new Container();
  const textures: Texture[] = [];
  const clearColor = plan.background === null ? ([0, 0, 0, 0] as const) : premultiplied(plan.background);

  // Each bitmap once, with mipmaps if any of its uses draws it at under half size (it would
  // shimmer and alias otherwise).
  const mipmapped = new Map<ImageBitmap, boolean>();
  for (const op of ops) {
    if (op.kind === 'bitmap') mipmapped.set(op.bitmap, (mipmapped.get(op.bitmap) ?? false) || op.minScale < 0.5);
  }
  cache.trim(new Set(mipmapped.keys()));

  try {
    for (const op of ops) {
      switch (op.kind) {
        case 'bitmap': {
          const texture = cache.get(op.bitmap, mipmapped.get(op.bitmap) ?? false);
          for (const m of op.matrices) root.addChild(placed(texture, m));
          break;
        }
        case 'text': {
          const source = new CanvasSource({ resource: op.raster.canvas, resolution: 1, alphaMode: 'premultiply-alpha-on-upload' });
          const texture = new Texture({ source });
          textures.push(texture);
          root.addChild(placed(texture, op.matrix));
          break;
        }
      }
    }
  } catch (error) {
    destroyAll(root, textures);
    throw error;
  }

  return { root, clearColor, destroy: () => destroyAll(root, textures) };
}

function destroyAll(root: Container, textures: Texture[]): void {
  // Sprites first (they reference the textures), then the scene's own textures with their
  // sources, which deletes their GL textures. Cached bitmap textures stay in the cache.
  root.destroy({ children: true });
  for (const t of textures) t.destroy(true);
  textures.length = 0;
}
