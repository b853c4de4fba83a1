/**
 * The engine in a bare page, driven by scripts/mockup.ts (the `npm run mockup` CLI) and the engine
 * benchmark through Playwright: inputs are fetched from /__input/…, outputs returned as base64.
 */
import type { Layer, Psd } from 'ag-psd';
import {
  Engine, createMapImageLoader, importPsd, readPsdBytes, templateFromPsd, unwrap, validateTemplate,
  type CustomTemplate, type SkuDesign, type TemplateFlat,
} from '../../engine/index.ts';

export interface MockupArgs { template?: string; psd?: string; design?: string; size?: number; layers?: boolean }
export interface MockupOutput { views: { viewId: string; png: string }[]; layers: { name: string; png: string }[]; notes: string[] }

const fetchBytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
const toBase64 = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
async function bitmapToPng(bitmap: ImageBitmap): Promise<Blob> {
  const c = new OffscreenCanvas(bitmap.width, bitmap.height);
  c.getContext('2d')!.drawImage(bitmap, 0, 0);
  return c.convertToBlob({ type: 'image/png' });
}

/** Each flat shows one image covering it: the merchant's design, or the smart object's own content. */
function designFor(flats: TemplateFlat[], urlOf: (flatId: string) => string | null): SkuDesign {
  return {
    id: 'cli', color: '#FFFFFF', styleId: null, BGDesignList: [],
    flatDesignList: flats.map((f) => {
      const url = urlOf(f.flatId);
      const { width, height } = f.flatData;
      return {
        flatId: f.flatId, color: '#FFFFFF', flatImage: null, previewFlatImage: null,
        designList: url ? [{
          type: 'image' as const, flatId: f.flatId, localId: `cli-${f.flatId}`, designId: null, left: 0, top: 0, width, height,
          angle: 0, scaleX: 1, scaleY: 1, flipX: false, flipY: false, originX: 'left' as const, originY: 'top' as const,
          url, fileName: 'design', originalWidth: width, originalHeight: height, tiling: null, tilingLayer: null,
        }] : f.designList,
      };
    }),
  } as SkuDesign;
}

const CANVAS_BLEND: Record<string, GlobalCompositeOperation> = {
  normal: 'source-over', multiply: 'multiply', screen: 'screen', overlay: 'overlay', darken: 'darken', lighten: 'lighten',
  'color dodge': 'color-dodge', 'color burn': 'color-burn', 'hard light': 'hard-light', 'soft light': 'soft-light',
  difference: 'difference', exclusion: 'exclusion', hue: 'hue', saturation: 'saturation', color: 'color', luminosity: 'luminosity',
  'linear dodge': 'lighter',
};

/** The product photo of a PSD: its raster layers without the smart objects, blended as Canvas2D can. */
async function psdPhoto(psd: Psd): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(psd.width, psd.height);
  const ctx = canvas.getContext('2d')!;
  const draw = async (layers: readonly Layer[], opacity: number) => {
    for (const layer of layers) {
      if (layer.hidden) continue;
      if (layer.children) { await draw(layer.children, opacity * (layer.opacity ?? 1)); continue; }
      if (layer.placedLayer || !layer.imageData) continue;
      const img = layer.imageData as unknown as { width: number; height: number; data: Uint8ClampedArray };
      if (!img.width || !img.height) continue;
      const bitmap = await createImageBitmap(new ImageData(new Uint8ClampedArray(img.data), img.width, img.height));
      ctx.globalAlpha = opacity * (layer.opacity ?? 1);
      ctx.globalCompositeOperation = CANVAS_BLEND[layer.blendMode ?? 'normal'] ?? 'source-over';
      ctx.drawImage(bitmap, layer.left ?? 0, layer.top ?? 0);
    }
  };
  await draw(psd.children ?? [], 1);
  return canvas.transferToImageBitmap();
}

async function run(args: MockupArgs): Promise<MockupOutput> {
  const bitmaps: Record<string, ImageBitmap> = {};
  let template: CustomTemplate;
  let notes: string[] = [];
  const sourceUrl: Record<string, string> = {};
  if (args.psd) {
    const psd = readPsdBytes(await fetchBytes(args.psd), { pixels: true });
    const imported = importPsd(psd);
    notes = imported.notes;
    template = templateFromPsd(imported, { photoUrl: '__psd/photo' });
    bitmaps['__psd/photo'] = await psdPhoto(psd);
    for (const s of imported.sources) {
      if (!s.file) continue;
      try {
        bitmaps[`__psd/src/${s.flatId}`] = await createImageBitmap(new Blob([new Uint8Array(s.file.data)]));
        sourceUrl[s.flatId] = `__psd/src/${s.flatId}`;
      } catch {
        notes.push(`${s.path}: embedded file ${s.file.name} is not an image the browser decodes; pass --design`);
      }
    }
  } else {
    const parsed: unknown = await (await fetch(args.template!)).json();
    template = unwrap(validateTemplate(parsed));
  }
  if (args.design) bitmaps['__design'] = await createImageBitmap(new Blob([await fetchBytes(args.design)]));
  const design = designFor(template.flatList, (flatId) => (args.design ? '__design' : sourceUrl[flatId] ?? null));
  const fallback = createMapImageLoaderFallback();
  const engine = new Engine({ loader: createMapImageLoader(bitmaps, fallback) });
  try {
    const views: MockupOutput['views'] = [];
    const layers: MockupOutput['layers'] = [];
    for (const view of template.viewList) {
      const req = { template, design, viewId: String(view.viewId), ...(args.size ? { size: args.size } : {}) };
      views.push({ viewId: String(view.viewId), png: await toBase64(await bitmapToPng(await engine.renderMockup(req))) });
      if (args.layers) {
        for (const l of await engine.renderLayers(req)) {
          layers.push({ name: l.layer.F.kind === 'flat' ? l.layer.F.flatId : l.name, png: await toBase64(l.png) });
        }
      }
    }
    return { views, layers, notes };
  } finally {
    await engine.dispose();
  }
}

/** Relative URLs in a template are files beside it, which the CLI serves at /__file/. */
function createMapImageLoaderFallback() {
  return {
    load: async (url: string) => {
      const resolved = /^(https?:|blob:|data:|\/)/.test(url) ? url : `/__file/${url}`;
      const res = await fetch(resolved);
      if (!res.ok) throw new Error(`image load failed: ${url} (${res.status})`);
      return createImageBitmap(await res.blob(), { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' });
    },
  };
}

/** Renders every view of a template with its own design, or `designUrl` covering every flat. */
async function renderTemplate(args: { template: unknown; size?: number; color?: string; designUrl?: string }): Promise<{ viewId: string; png: string; width: number; height: number }[]> {
  const template = unwrap(validateTemplate(args.template));
  const design = designFor(template.flatList, () => args.designUrl ?? null);
  const engine = new Engine();
  try {
    const out = [];
    for (const view of template.viewList) {
      const bitmap = await engine.renderMockup({ template, design, viewId: String(view.viewId), ...(args.size ? { size: args.size } : {}), ...(args.color ? { color: args.color } : {}) });
      out.push({ viewId: String(view.viewId), width: bitmap.width, height: bitmap.height, png: await toBase64(await bitmapToPng(bitmap)) });
    }
    return out;
  } finally {
    await engine.dispose();
  }
}

declare global {
  interface Window {
    podMockup: (args: MockupArgs) => Promise<MockupOutput>;
    podRenderTemplate: typeof renderTemplate;
    podEngineReady: boolean;
  }
}
window.podMockup = run;
window.podRenderTemplate = renderTemplate;
window.podEngineReady = true;
