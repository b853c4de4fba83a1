/**
 * Draws a laid-out text element the way fabric.js renders text: fill (casting the shadow)
 * first, then the stroke on top (paintFirst 'fill'; the shadow does not affect the stroke),
 * miter joins with limit 4, butt caps.
 *
 * The raster is drawn in output space: Canvas2D applies the element's full matrix (turn, scale,
 * flips) to the glyph outlines, exactly as fabric draws onto its canvas, and the result is an
 * axis-aligned block of output pixels that composition copies 1:1. Rotated text is therefore not
 * resampled (which would blur thin script strokes). Only when that block would pass the GPU
 * texture limit is it drawn smaller and enlarged.
 */
import { applyAffine, type ReadonlyMat2d } from '../geometry/index.ts';
import type { TextShadow } from '../model/index.ts';
import { unionBox, type LocalBox, type TextLayout, type TextStyle } from './layout.ts';

export interface TextRaster {
  /**
   * The text drawn on its own canvas of `width` × `height`, made on first use: a 2D composition
   * at full resolution paints the text straight onto its output instead (`paint`), which spares
   * allocating and clearing a canvas the size of the text (23 MB for a print file's headline)
   * and copying it onto the output.
   */
  readonly canvas: OffscreenCanvas;
  /** Raster px; the raster covers `width / resolution` × `height / resolution` output px. */
  readonly width: number;
  readonly height: number;
  /** Output pixel of the raster's top-left corner (whole numbers). */
  readonly x: number;
  readonly y: number;
  /** Raster px per output px: 1, or less when the texture limit forced a smaller raster. */
  readonly resolution: number;
  /**
   * Draws the text onto `ctx` (its transform and drawing state are left changed): at raster
   * scale, with the raster's top-left corner at (`x`, `y`) of the context's untransformed
   * pixels. Clip to the raster's box to get exactly the raster's pixels.
   */
  paint(ctx: OffscreenCanvasRenderingContext2D, x: number, y: number): void;
}

export interface RasterOptions {
  /** Text box local coordinates → output pixels (element matrix times the output scale). */
  readonly matrix: ReadonlyMat2d;
  /** Per-axis output px per flat px; fabric scales shadow offset and blur with the zoom. */
  readonly outputScale: readonly [number, number];
  /** The element's own scale; fabric scales shadow offset and blur by its absolute value. */
  readonly elementScale: readonly [number, number];
  /** Largest raster side (the GPU texture limit). */
  readonly maxSize: number;
}

/**
 * fabric's shadow in output px. Canvas shadows ignore the current transform, so the offset is
 * in screen axes: it does not turn or flip with the text, and fabric multiplies it (and the
 * blur) by the zoom and the absolute object scale to make it grow with the object.
 */
export function fabricShadow(
  shadow: TextShadow,
  outputScale: readonly [number, number],
  elementScale: readonly [number, number],
): { offsetX: number; offsetY: number; blur: number } {
  const [zx, zy] = outputScale;
  const sx = Math.abs(elementScale[0]);
  const sy = Math.abs(elementScale[1]);
  return {
    offsetX: shadow.offsetX * sx * zx,
    offsetY: shadow.offsetY * sy * zy,
    blur: (Math.max(0, shadow.blur) * (zx + zy) * (sx + sy)) / 4,
  };
}

function grow(b: LocalBox, by: number): LocalBox {
  return { minX: b.minX - by, minY: b.minY - by, maxX: b.maxX + by, maxY: b.maxY + by };
}

function isStroked(el: TextStyle): boolean {
  return el.stroke !== null && el.stroke !== '' && el.strokeWidth > 0;
}

/** Local area fill and stroke can touch: glyph ink and the text box, plus stroke and miters. */
export function textPaintBounds(el: TextStyle, layout: TextLayout): LocalBox {
  const box: LocalBox = { minX: 0, minY: 0, maxX: layout.width, maxY: layout.height };
  // A fifth of the size covers swashes that font metrics under-report.
  const glyphs = grow(layout.ink === null ? box : unionBox(box, layout.ink), layout.fontSize * 0.2);
  // Miter joins reach miterLimit (4) × half the line width past the outline.
  return isStroked(el) ? grow(glyphs, el.strokeWidth * 2) : glyphs;
}

function transformedBounds(m: ReadonlyMat2d, b: LocalBox): LocalBox {
  const pts = [
    applyAffine(m, [b.minX, b.minY]),
    applyAffine(m, [b.maxX, b.minY]),
    applyAffine(m, [b.maxX, b.maxY]),
    applyAffine(m, [b.minX, b.maxY]),
  ];
  return {
    minX: Math.min(...pts.map((p) => p[0])),
    minY: Math.min(...pts.map((p) => p[1])),
    maxX: Math.max(...pts.map((p) => p[0])),
    maxY: Math.max(...pts.map((p) => p[1])),
  };
}

/** Returns null when there is nothing to draw (no text). */
export function rasterizeText(el: TextStyle, layout: TextLayout, options: RasterOptions): TextRaster | null {
  if (layout.lines.every((l) => l.text === '')) return null;
  const m = options.matrix;
  const shadow = el.shadow ? fabricShadow(el.shadow, options.outputScale, options.elementScale) : null;

  let out = transformedBounds(m, textPaintBounds(el, layout));
  if (shadow) {
    // Canvas blur is a Gaussian with sigma = blur / 2; 3 sigma holds all visible shadow.
    const spread = shadow.blur * 1.5 + 1;
    const cast = {
      minX: out.minX + shadow.offsetX,
      minY: out.minY + shadow.offsetY,
      maxX: out.maxX + shadow.offsetX,
      maxY: out.maxY + shadow.offsetY,
    };
    out = unionBox(out, grow(cast, spread));
  }
  // Whole output pixels, so the raster is copied 1:1 onto the output grid.
  const x = Math.floor(out.minX);
  const y = Math.floor(out.minY);
  const w = Math.max(1, Math.ceil(out.maxX) - x);
  const h = Math.max(1, Math.ceil(out.maxY) - y);
  const k = Math.min(1, options.maxSize / w, options.maxSize / h);
  const width = Math.max(1, Math.ceil(w * k));
  const height = Math.max(1, Math.ceil(h * k));
  const paint = (ctx: OffscreenCanvasRenderingContext2D, ox: number, oy: number) => {
    ctx.setTransform(k * m[0], k * m[1], k * m[2], k * m[3], k * (m[4] - x) + ox, k * (m[5] - y) + oy);
    ctx.font = layout.font;
    // letterSpacing is in user units, so the transform scales it with the glyphs.
    ctx.letterSpacing = `${layout.letterSpacing}px`;
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';

    ctx.fillStyle = el.fill;
    if (el.shadow && shadow) {
      ctx.shadowColor = el.shadow.color;
      ctx.shadowBlur = shadow.blur * k;
      ctx.shadowOffsetX = shadow.offsetX * k;
      ctx.shadowOffsetY = shadow.offsetY * k;
    }
    for (const line of layout.lines) {
      if (line.text !== '') ctx.fillText(line.text, line.left, line.baseline);
    }

    if (isStroked(el) && el.stroke !== null) {
      ctx.shadowColor = 'rgba(0,0,0,0)';
      ctx.shadowBlur = 0;
      ctx.shadowOffsetX = 0;
      ctx.shadowOffsetY = 0;
      ctx.strokeStyle = el.stroke;
      ctx.lineWidth = el.strokeWidth;
      ctx.lineJoin = 'miter';
      ctx.miterLimit = 4;
      ctx.lineCap = 'butt';
      for (const line of layout.lines) {
        if (line.text !== '') ctx.strokeText(line.text, line.left, line.baseline);
      }
    }
  };
  let canvas: OffscreenCanvas | null = null;
  return {
    get canvas() {
      if (canvas === null) {
        canvas = new OffscreenCanvas(width, height);
        const ctx = canvas.getContext('2d');
        if (ctx === null) throw new Error('2D canvas is not available for text');
        paint(ctx, 0, 0);
      }
      return canvas;
    },
    width,
    height,
    x,
    y,
    resolution: k,
    paint,
  };
}
