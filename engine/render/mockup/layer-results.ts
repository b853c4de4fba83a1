/**
 * Drawn layers kept across renders. A layer's draw into its buffer (the design warped onto the
 * view, clipped, edge-antialiased, blurred) depends on the layer, the texture it draws and where it
 * lands in the output, not on the product colour or the background: a bulk run renders every view
 * of one design in every colour. A draw is kept from its second use, so renders made once (each
 * edit of a design) keep nothing. Layers blended straight from their mesh have no buffer and are
 * not kept (renderer.ts says why).
 */
import { SourceCache } from '../../gl/resources.ts';
import { copyTargetRegion, createRenderTarget, deleteRenderTarget, type PixelRect, type RenderTarget } from '../../gl/targets.ts';
import { ObjectIds } from './object-ids.ts';
import type { TileFrame } from './passes.ts';

/** Bytes of kept draws: a few views of a 1200 px mockup. */
const KEPT_BYTES = 48 * 1024 * 1024;
/** Draw keys seen once are only hints: the list is cleared past this many. */
const MAX_SEEN = 256;

export class LayerResults {
  private readonly kept: SourceCache<string, RenderTarget>;
  private readonly seen = new Set<string>();
  private readonly ids = new ObjectIds();

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.kept = new SourceCache(KEPT_BYTES, (t) => deleteRenderTarget(gl, t));
  }

  /**
   * What a layer's draw depends on: the layer (its mesh, clips, coverage and program follow from
   * it and the output scale), the texture drawn (a new texture object whenever its pixels or
   * mipmaps change), the output size, the tile, the rect drawn and whether the edge coverage was
   * left to the blend.
   */
  key(layer: object, texture: object, frame: TileFrame, rect: PixelRect, coverageLeftOut = false): string {
    const t = frame.tile;
    return [
      coverageLeftOut ? 'open' : 'covered',
      this.ids.of(layer),
      this.ids.of(texture),
      `${frame.outputWidth}x${frame.outputHeight}`,
      `${t.x},${t.y},${t.width},${t.height}`,
      `${rect.x},${rect.y},${rect.width},${rect.height}`,
    ].join('|');
  }

  /** A kept draw: a target of the tile's size holding the layer within the key's rect. */
  get(key: string): RenderTarget | undefined {
    return this.kept.get(key);
  }

  /** Offers a layer just drawn into `holder` (tile layout) at `rect`: copied and kept on its second offer. */
  offer(key: string, holder: RenderTarget, rect: PixelRect): void {
    if (!this.seen.has(key)) {
      if (this.seen.size >= MAX_SEEN) this.seen.clear();
      this.seen.add(key);
      return;
    }
    this.seen.delete(key);
    const target = createRenderTarget(this.gl, { width: holder.width, height: holder.height });
    copyTargetRegion(this.gl, holder, target, rect);
    this.kept.set(key, target, target.width * target.height * 4);
  }

  clear(): void {
    this.kept.clear();
    this.seen.clear();
  }
}
