/** Synthetic scenes for the mockup browser tests: photos and flats drawn with Canvas2D. */
import { MockupRenderer, createMapImageLoader, type MockupRendererOptions } from '../../../engine/render/mockup/index.ts';
import type {
  AffineMatrix,
  BlendCode,
  GroupLayer,
  PathCommand,
  SmartObjectLayer,
  TemplateLayer,
  TemplateView,
  ViewPart,
} from '../../../engine/model/index.ts';

export type Rgba = [number, number, number, number];

export function canvas(width: number, height: number, paint: (ctx: OffscreenCanvasRenderingContext2D) => void): OffscreenCanvas {
  const c = new OffscreenCanvas(width, height);
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  paint(ctx);
  return c;
}

export function bitmap(source: OffscreenCanvas): Promise<ImageBitmap> {
  return createImageBitmap(source, { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' });
}

export function solid(width: number, height: number, css: string): Promise<ImageBitmap> {
  return bitmap(
    canvas(width, height, (ctx) => {
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, width, height);
    }),
  );
}

/** Red/blue checker with `cell` px squares, red at the top-left. */
export function checker(width: number, height: number, cell: number): Promise<ImageBitmap> {
  return bitmap(
    canvas(width, height, (ctx) => {
      for (let y = 0; y < height; y += cell) {
        for (let x = 0; x < width; x += cell) {
          ctx.fillStyle = ((x + y) / cell) % 2 === 0 ? '#FF0000' : '#0000FF';
          ctx.fillRect(x, y, cell, cell);
        }
      }
    }),
  );
}

/** A linear gradient from `from` to `to` (px) through `stops`, spread evenly. */
export interface Gradient {
  readonly from: readonly [number, number];
  readonly to: readonly [number, number];
  readonly stops: readonly string[];
}

/**
 * A 256 px square picture, transparent but for the rect [x, y, width, height] filled with a CSS
 * colour or a gradient: parts (sheens, shadows) and maps (displacement) for the tests.
 */
export function paintedRect(rect: readonly [number, number, number, number], fill: string | Gradient): Promise<ImageBitmap> {
  return bitmap(
    canvas(256, 256, (ctx) => {
      if (typeof fill === 'string') ctx.fillStyle = fill;
      else {
        const g = ctx.createLinearGradient(...fill.from, ...fill.to);
        fill.stops.forEach((c, i) => g.addColorStop(i / Math.max(1, fill.stops.length - 1), c));
        ctx.fillStyle = g;
      }
      ctx.fillRect(...rect);
    }),
  );
}

/** An opaque photo: a diagonal gradient through `stops` (spread evenly) over a 256 px square. */
export function gradientPhoto(stops: readonly string[]): Promise<ImageBitmap> {
  return bitmap(
    canvas(256, 256, (ctx) => {
      const g = ctx.createLinearGradient(0, 0, 256, 256);
      stops.forEach((c, i) => g.addColorStop(i / Math.max(1, stops.length - 1), c));
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 256, 256);
    }),
  );
}

/**
 * The product photo of the tests: a grey vertical gradient product (a rounded block) on a
 * transparent background, so the renderer's white background shows around it.
 */
export function productPhoto(size = 256): Promise<ImageBitmap> {
  return bitmap(
    canvas(size, size, (ctx) => {
      const g = ctx.createLinearGradient(0, size * 0.125, 0, size * 0.875);
      g.addColorStop(0, '#F0F0F0');
      g.addColorStop(1, '#808080');
      ctx.fillStyle = g;
      ctx.fillRect(size * 0.125, size * 0.125, size * 0.75, size * 0.75);
    }),
  );
}

export interface LayerInit {
  readonly matrix?: AffineMatrix;
  readonly M?: SmartObjectLayer['M'];
  readonly PS?: SmartObjectLayer['PS'];
  readonly OS?: { w: number; h: number };
  readonly PPC?: PathCommand[] | null;
  readonly flatId?: string;
  readonly url?: string;
  readonly blend?: BlendCode;
  readonly opacity?: number;
}

/** A smart object; by default an affine one mapping a 100x100 source 1:1 at the origin. */
export function smartObject(init: LayerInit = {}): SmartObjectLayer {
  return {
    T: 'SmartObject',
    PS: init.PS ?? null,
    OS: init.OS ?? { w: 100, h: 100 },
    M: init.M ?? { kind: 'affine', matrix: init.matrix ?? [1, 0, 0, 1, 0, 0] },
    PPC: init.PPC ?? null,
    F: init.url ? { kind: 'image', url: init.url } : { kind: 'flat', flatId: init.flatId ?? 'front' },
    blend: init.blend ?? 7,
    opacity: init.opacity ?? 1,
  };
}

export function group(children: TemplateLayer[], PPC: PathCommand[] | null = null): GroupLayer {
  return { T: 'Group', PPC, CF: children, blend: 5, opacity: 0.9 };
}

export interface ViewInit {
  readonly width?: number;
  readonly height?: number;
  readonly imageUrl?: string;
  readonly shadingUrl?: string | null;
  readonly highlightUrl?: string | null;
  readonly parts?: ViewPart[];
}

export function view(layers: TemplateLayer[], init: ViewInit = {}): TemplateView {
  return {
    viewId: 'v1',
    viewData: {
      width: init.width ?? 256,
      height: init.height ?? 256,
      imageUrl: init.imageUrl ?? 'photo',
      shadingUrl: init.shadingUrl ?? null,
      highlightUrl: init.highlightUrl ?? null,
      layers,
    },
    viewLargeImageUrl: null,
    viewCoverImageUrl: null,
    partsList: init.parts ?? [],
  };
}

export function rectPath(x0: number, y0: number, x1: number, y1: number): PathCommand[] {
  return [
    { Type: 'M', X: x0, Y: y0 },
    { Type: 'L', X: x1, Y: y0 },
    { Type: 'L', X: x1, Y: y1 },
    { Type: 'L', X: x0, Y: y1 },
    { Type: 'Z', X: 0, Y: 0 },
  ];
}

export function createRenderer(
  images: Record<string, TexImageSource>,
  options: Omit<MockupRendererOptions, 'loader'> = {},
): MockupRenderer {
  return new MockupRenderer(new OffscreenCanvas(1, 1), { ...options, loader: createMapImageLoader(images) });
}

export function px(img: ImageData, x: number, y: number): Rgba {
  const i = (Math.floor(y) * img.width + Math.floor(x)) * 4;
  const d = img.data;
  return [d[i] ?? -1, d[i + 1] ?? -1, d[i + 2] ?? -1, d[i + 3] ?? -1];
}

/** Largest per-channel difference. */
export function maxDiff(a: readonly number[], b: readonly number[]): number {
  let m = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) m = Math.max(m, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return m;
}

/** How many bytes differ, and by how much at most. */
export function compareBytes(a: ImageData, b: ImageData): { differing: number; largest: number } {
  let differing = 0;
  let largest = 0;
  for (let i = 0; i < a.data.length; i++) {
    const d = Math.abs((a.data[i] as number) - (b.data[i] as number));
    if (d > 0) differing++;
    largest = Math.max(largest, d);
  }
  return { differing, largest };
}

/** Mean absolute difference per channel over two equally sized images. */
export function meanAbsDiff(a: ImageData, b: ImageData): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('size mismatch');
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs((a.data[i] as number) - (b.data[i] as number));
  return s / a.data.length;
}

export function imageDataOf(source: CanvasImageSource, width: number, height: number): ImageData {
  const c = canvas(width, height, (ctx) => ctx.drawImage(source, 0, 0));
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  return ctx.getImageData(0, 0, width, height);
}
