/**
 * Baseline (a): the classic Canvas2D mockup, as editors did it before WebGL. Takes the same
 * MockupRequest as the engine and draws the same things at the same sizes:
 *
 * - the flat composed at the scale Engine picks (images by their fabric matrix, text laid out
 *   with the engine's own layoutText and drawn with fillText/strokeText and a canvas shadow);
 * - the warp as affine-textured triangles of the *same mesh* the engine draws
 *   (buildLayerMesh(layer, outputScale): same chooseMeshDensity), each triangle clipped and
 *   drawn with setTransform + drawImage;
 * - the PPC clip as a Path2D clip around the triangles;
 * - the SKU tint (colour × luminance, like tint.frag.glsl) with 'saturation' + 'multiply';
 * - the blend code with globalCompositeOperation and globalAlpha.
 *
 * It gets the caches the engine has: decoded images (same fetch loader), loaded fonts, and the
 * tinted photo at output size. Runs on a page and in a worker.
 */
import { elementMatrix, multiplyAffine, type Mat2d } from '@pod-studio/engine/geometry';
import {
  layerFlatIds,
  type BlendCode,
  type DesignElement,
  type TemplateView,
  type PathCommand,
  type SmartObjectLayer,
} from '@pod-studio/engine/model';
import {
  type MockupRequest,
  createFetchImageLoader,
  type CachingImageLoader,
  buildLayerMesh,
  type LayerMesh,
  outputSizeFor,
  type OutputSize,
  planViewLayers,
  flatScaleForView as flatScaleFor,
} from '@pod-studio/engine';
import { fabricShadow, layoutText, loadFont, textElementMatrix } from '@pod-studio/engine/layout';

type Ctx = OffscreenCanvasRenderingContext2D;

export const CANVAS_BLEND: Record<BlendCode, GlobalCompositeOperation> = {
  1: 'lighter',
  2: 'color',
  3: 'darken',
  4: 'lighten',
  5: 'overlay',
  6: 'multiply',
  7: 'source-over',
  // Photoshop's modes (PSD templates): the nearest canvas operation; soft light and dodge/burn differ in detail.
  8: 'screen',
  9: 'soft-light',
  10: 'hard-light',
  11: 'color-dodge',
  12: 'color-burn',
  13: 'lighter',
  14: 'multiply',
  15: 'overlay',
  16: 'overlay',
  17: 'overlay',
  18: 'overlay',
  19: 'difference',
  20: 'exclusion',
  21: 'difference',
  22: 'color-dodge',
  23: 'hue',
  24: 'saturation',
  25: 'luminosity',
  26: 'darken',
  27: 'lighten',
};

/** Same as Engine (engine/engine.ts OVERSAMPLE and largestLayerSide): the flat's composition scale for a view. */
/** The engine's own flat sizing, so both approaches compose the same number of pixels. */
export { flatScaleFor };

export function pathFromPpc(commands: readonly PathCommand[], sx: number, sy: number): Path2D {
  const p = new Path2D();
  for (let i = 0; i < commands.length; i++) {
    const c = commands[i]!;
    if (c.Type === 'M') p.moveTo(c.X * sx, c.Y * sy);
    else if (c.Type === 'L') p.lineTo(c.X * sx, c.Y * sy);
    else if (c.Type === 'Z') p.closePath();
    else {
      const c2 = commands[i + 1]!;
      const c3 = commands[i + 2]!;
      p.bezierCurveTo(c.X * sx, c.Y * sy, c2.X * sx, c2.Y * sy, c3.X * sx, c3.Y * sy);
      i += 2;
    }
  }
  return p;
}

export class Canvas2DMockup {
  readonly loader: CachingImageLoader = createFetchImageLoader({ maxEntries: 128 });
  private readonly bases = new Map<string, ImageBitmap>();
  private readonly meshes = new WeakMap<SmartObjectLayer, { scale: number; mesh: LayerMesh }>();
  /** Triangles drawn by the last render (for the report). */
  triangles = 0;

  /** Composes one flat with Canvas2D at `scale` output px per design px. */
  async composeFlat(
    elements: readonly DesignElement[],
    width: number,
    height: number,
    scale: number,
    into?: OffscreenCanvas,
  ): Promise<OffscreenCanvas> {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = into ?? new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const zx = w / width;
    const zy = h / height;
    const toOut: Mat2d = [zx, 0, 0, zy, 0, 0];
    const loaded = await Promise.all(
      elements.map(async (el) => (el.type === 'image' ? this.loader.load(el.url) : loadFont(el.fontFamily))),
    );
    elements.forEach((el, i) => {
      if (el.type === 'image') {
        const bitmap = loaded[i] as ImageBitmap;
        const toBox: Mat2d = [el.width / bitmap.width, 0, 0, el.height / bitmap.height, 0, 0];
        const m = multiplyAffine(multiplyAffine(toOut, elementMatrix(el)), toBox);
        ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
        ctx.drawImage(bitmap, 0, 0);
        return;
      }
      const font = loaded[i] as Awaited<ReturnType<typeof loadFont>>;
      const layout = layoutText(el, font);
      const m = multiplyAffine(toOut, textElementMatrix(el, layout));
      ctx.save();
      ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
      ctx.font = layout.font;
      ctx.letterSpacing = `${layout.letterSpacing}px`;
      ctx.textBaseline = 'alphabetic';
      ctx.textAlign = 'left';
      ctx.fillStyle = el.fill;
      if (el.shadow) {
        const s = fabricShadow(el.shadow, [zx, zy], [el.scaleX, el.scaleY]);
        ctx.shadowColor = el.shadow.color;
        ctx.shadowBlur = s.blur;
        ctx.shadowOffsetX = s.offsetX;
        ctx.shadowOffsetY = s.offsetY;
      }
      for (const line of layout.lines) if (line.text) ctx.fillText(line.text, line.left, line.baseline);
      if (el.stroke && el.strokeWidth > 0) {
        ctx.shadowColor = 'rgba(0,0,0,0)';
        ctx.strokeStyle = el.stroke;
        ctx.lineWidth = el.strokeWidth;
        ctx.lineJoin = 'miter';
        ctx.miterLimit = 4;
        for (const line of layout.lines) if (line.text) ctx.strokeText(line.text, line.left, line.baseline);
      }
      ctx.restore();
    });
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    return canvas;
  }

  /** The tinted photo at output size, cached like the engine's GpuCache base. */
  private async base(view: TemplateView, out: OutputSize, color: string): Promise<ImageBitmap> {
    const key = `${view.viewData.imageUrl}|${color}|${out.width}x${out.height}`;
    const hit = this.bases.get(key);
    if (hit) return hit;
    const photo = (await this.loader.load(view.viewData.imageUrl)) as ImageBitmap;
    const c = new OffscreenCanvas(out.width, out.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(photo, 0, 0, out.width, out.height);
    if (color.toUpperCase() !== '#FFFFFF') {
      // colour × luminance: grey with the photo's luminosity (W3C Lum, as tint.frag.glsl), then multiply.
      ctx.globalCompositeOperation = 'saturation';
      ctx.fillStyle = '#808080';
      ctx.fillRect(0, 0, out.width, out.height);
      ctx.globalCompositeOperation = 'multiply';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, out.width, out.height);
    }
    const bitmap = c.transferToImageBitmap();
    this.bases.set(key, bitmap);
    return bitmap;
  }

  private mesh(layer: SmartObjectLayer, scale: number): LayerMesh {
    const hit = this.meshes.get(layer);
    if (hit && hit.scale === scale) return hit.mesh;
    const mesh = buildLayerMesh(layer, scale);
    this.meshes.set(layer, { scale, mesh });
    return mesh;
  }

  /** The output and layer canvases, kept between renders of one size (as the engine keeps its output canvas). */
  private canvases: { out: OffscreenCanvas; layer: OffscreenCanvas } | null = null;

  private canvasesFor(out: OutputSize): { out: OffscreenCanvas; layer: OffscreenCanvas } {
    const kept = this.canvases;
    if (kept && kept.out.width === out.width && kept.out.height === out.height) return kept;
    this.canvases = { out: new OffscreenCanvas(out.width, out.height), layer: new OffscreenCanvas(out.width, out.height) };
    return this.canvases;
  }

  /**
   * Renders the view into a 2D canvas of the output size, kept for the next render: take its
   * picture (createImageBitmap, convertToBlob) before rendering again.
   */
  async render(req: MockupRequest): Promise<OffscreenCanvas> {
    const view = req.template.viewList.find((v) => v.viewId === req.viewId);
    if (!view) throw new Error(`no view ${req.viewId}`);
    const out = outputSizeFor(view.viewData, req.size);
    const outLarger = Math.max(out.width, out.height);
    const sx = out.width / view.viewData.width;
    const sy = out.height / view.viewData.height;
    const flats = new Map<string, ImageBitmap>();
    await Promise.all(
      layerFlatIds(view.viewData.layers).map(async (flatId) => {
        const flat = req.template.flatList.find((f) => f.flatId === flatId)!;
        const elements = req.design.flatDesignList.find((f) => f.flatId === flatId)?.designList ?? [];
        const c = await this.composeFlat(
          elements,
          flat.flatData.width,
          flat.flatData.height,
          flatScaleFor(req.template, view, flatId, outLarger),
        );
        flats.set(flatId, c.transferToImageBitmap());
      }),
    );
    const base = await this.base(view, out, req.color ?? req.design.color);
    const { out: canvas, layer: layerCanvas } = this.canvasesFor(out);
    const ctx = canvas.getContext('2d')!;
    // The base is an opaque photo covering the canvas: nothing of the previous render shows.
    ctx.drawImage(base, 0, 0);
    const lctx = layerCanvas.getContext('2d')!;
    this.triangles = 0;
    for (const plan of planViewLayers(view.viewData.layers)) {
      const { layer } = plan;
      if (layer.F.kind !== 'flat') continue;
      const source = flats.get(layer.F.flatId);
      if (!source || layer.opacity <= 0) continue;
      lctx.setTransform(1, 0, 0, 1, 0, 0);
      lctx.clearRect(0, 0, out.width, out.height);
      lctx.save();
      for (const clip of plan.clips) lctx.clip(pathFromPpc(clip, sx, sy));
      this.drawMesh(lctx, this.mesh(layer, Math.max(sx, sy)), source, sx, sy);
      lctx.restore();
      ctx.globalCompositeOperation = CANVAS_BLEND[layer.blend];
      ctx.globalAlpha = layer.opacity;
      ctx.drawImage(layerCanvas, 0, 0);
      ctx.globalCompositeOperation = 'source-over';
      ctx.globalAlpha = 1;
    }
    for (const b of flats.values()) b.close();
    return canvas;
  }

  /**
   * Affine-textured triangles: for each triangle, the affine map taking its texture coordinates
   * (source px) to its output corners, a clip to the triangle (grown by half a pixel about its
   * centroid, the usual trick against seams), and one drawImage of the whole source.
   */
  private drawMesh(ctx: Ctx, mesh: LayerMesh, source: ImageBitmap, sx: number, sy: number): void {
    const { positions: P, uvq: T, indices } = mesh;
    const tw = source.width;
    const th = source.height;
    for (let t = 0; t < indices.length; t += 3) {
      const a = indices[t]!;
      const b = indices[t + 1]!;
      const c = indices[t + 2]!;
      const x0 = P[2 * a]! * sx,
        y0 = P[2 * a + 1]! * sy;
      const x1 = P[2 * b]! * sx,
        y1 = P[2 * b + 1]! * sy;
      const x2 = P[2 * c]! * sx,
        y2 = P[2 * c + 1]! * sy;
      // q = 1 for Bezier and quilt meshes: uvq is (u, v, 1).
      const u0 = T[3 * a]! * tw,
        v0 = T[3 * a + 1]! * th;
      const u1 = T[3 * b]! * tw,
        v1 = T[3 * b + 1]! * th;
      const u2 = T[3 * c]! * tw,
        v2 = T[3 * c + 1]! * th;
      const du1 = u1 - u0,
        dv1 = v1 - v0,
        du2 = u2 - u0,
        dv2 = v2 - v0;
      const det = du1 * dv2 - du2 * dv1;
      if (Math.abs(det) < 1e-9) continue;
      const dx1 = x1 - x0,
        dy1 = y1 - y0,
        dx2 = x2 - x0,
        dy2 = y2 - y0;
      const ma = (dx1 * dv2 - dx2 * dv1) / det;
      const mb = (dy1 * dv2 - dy2 * dv1) / det;
      const mc = (dx2 * du1 - dx1 * du2) / det;
      const md = (dy2 * du1 - dy1 * du2) / det;
      const me = x0 - ma * u0 - mc * v0;
      const mf = y0 - mb * u0 - md * v0;
      const cx = (x0 + x1 + x2) / 3;
      const cy = (y0 + y1 + y2) / 3;
      const grow = (x: number, y: number): [number, number] => {
        const d = Math.hypot(x - cx, y - cy) || 1;
        return [x + ((x - cx) / d) * 0.5, y + ((y - cy) / d) * 0.5];
      };
      ctx.save();
      ctx.beginPath();
      ctx.moveTo(...grow(x0, y0));
      ctx.lineTo(...grow(x1, y1));
      ctx.lineTo(...grow(x2, y2));
      ctx.closePath();
      ctx.clip();
      ctx.setTransform(ma, mb, mc, md, me, mf);
      ctx.drawImage(source, 0, 0);
      ctx.restore();
      this.triangles++;
    }
  }
}
