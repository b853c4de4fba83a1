/**
 * The engine in a bare page, driven by scripts/mockup.ts (the `npm run mockup` CLI) and the engine
 * benchmark through Playwright: inputs are fetched from /__input/…, outputs returned as base64.
 */
import type { Layer, Psd } from 'ag-psd';
import {
  Engine,
  createMapImageLoader,
  importPsd,
  readPsdBytes,
  templateFromPsd,
  unwrap,
  validateTemplate,
  type CustomTemplate,
  type ImportedPsd,
  type SkuDesign,
  type TemplateFlat,
  setComposeBackend,
} from '@pod-studio/engine';
import {
  compositeDocument,
  flattenOver,
  storedCompositeStatus,
  applySmartFilters,
  hiddenColourOfAffineLayer,
  type Raster,
  embeddedPsdPixels,
  bakePsdTemplate,
  embeddedDisplacementMap,
  documentColorContext,
  embeddedColor,
  isPsd,
  toDocumentColor,
  type ColorContext,
} from '@pod-studio/engine/psd';

export interface MockupArgs {
  template?: string;
  psd?: string;
  design?: string;
  size?: number;
  layers?: boolean;
  /** Also render the whole PSD (every layer, the smart objects by the engine) and return Photoshop's stored composite beside it. */
  composite?: boolean;
  /** false: skip the view mockups (the fidelity run only needs layers and composites). */
  viewsOut?: boolean;
  /** PSD: also bake it into a product template (returned as JSON and PNG files). */
  saveTemplate?: boolean;
  /** PSD: also render the baked template with the same design at document size. */
  templateComposite?: boolean;
}
export interface MockupOutput {
  views: { viewId: string; png: string }[];
  /** One per smart-object layer at document size; `warp` names the warp kind for reports. */
  layers: { name: string; png: string; warp: string }[];
  /** The whole document as the engine renders it (PSD with `composite`). */
  composite: string | null;
  /** Photoshop's own composite stored in the PSD, when it holds a real one. */
  compositeReference: string | null;
  /** `composite` as the reference shows it (flattened on white when the reference has no alpha), when that differs. */
  compositeCompared?: string;
  /** The PSD baked into a template: its JSON (image URLs are the file names) and files. */
  template?: { json: string; images: { name: string; png: string }[]; notes: string[] };
  /** The baked template rendered with the design at document size (transparent where nothing is). */
  templateRender?: string;
  notes: string[];
}

/**
 * A PSD renders as Photoshop transforms smart objects: an affine-placed one resampled once from
 * its full-size source by Bicubic Automatic (its flat composed at full size, so composing adds
 * no resampling); warped and perspective ones bilinear, which is closer to Photoshop's for them.
 */
const PHOTOSHOP_RESAMPLING = { resampling: 'bicubic', flatOversample: Infinity } as const;

/**
 * Photoshop-exact renders compose flats through WebGL on every machine: against Photoshop's own
 * pixels the 2D canvas's filtering measured a little further off on perspective layers (MAE 0.99
 * to 1.02 and 0.90 to 0.94 on the werps oracle), while speed matters less here than there.
 */
function composeForPhotoshop(psd: boolean): void {
  setComposeBackend(psd ? 'webgl' : 'auto');
}

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
async function rasterToPng(r: Raster): Promise<Blob> {
  const c = new OffscreenCanvas(r.width, r.height);
  c.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(r.data), r.width, r.height), 0, 0);
  return c.convertToBlob({ type: 'image/png' });
}
/** The raster as PNG, its longer side scaled to `size` when given. */
async function scaledPng(r: Raster, size: number | undefined): Promise<Blob> {
  if (!size) return rasterToPng(r);
  const k = size / Math.max(r.width, r.height);
  const c = new OffscreenCanvas(Math.max(1, Math.round(r.width * k)), Math.max(1, Math.round(r.height * k)));
  const ctx = c.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(await rasterToBitmap(r), 0, 0, c.width, c.height);
  return c.convertToBlob({ type: 'image/png' });
}
/** A bitmap's pixels, straight alpha (as the canvas unpremultiplies them). */
function bitmapPixels(bitmap: ImageBitmap): Raster {
  const c = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  return { width, height, data };
}
const rasterToBitmap = (r: Raster) => createImageBitmap(new ImageData(new Uint8ClampedArray(r.data), r.width, r.height));

/**
 * A smart object's content as a bitmap: raster files as the browser decodes them (numbers as
 * stored, no colour conversion), PSD/PSB through the PSD reader; then, as Photoshop does, from
 * the file's own colour profile into the document's when both are known.
 */
async function decodeSource(
  file: { name: string; data: Uint8Array },
  color: ColorContext,
  warn: (m: string) => void,
): Promise<ImageBitmap | null> {
  const managed = !color.documentUntagged && color.documentProfile !== null;
  let pixels: Raster | null = null;
  if (isPsd(file.data)) {
    pixels = embeddedPsdPixels(file.data, warn);
    if (!pixels) return null;
  } else {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(file.data)]), {
      colorSpaceConversion: 'none',
      premultiplyAlpha: 'premultiply',
    });
    if (!managed) return bitmap;
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    pixels = { width: data.width, height: data.height, data: data.data };
  }
  if (managed) {
    const own = await embeddedColor(file.data);
    if (own.note) warn(own.note);
    if (toDocumentColor(pixels, own.profile, color) === 'converted') warn(`converted from its colour profile to the document's`);
  }
  return rasterToBitmap(pixels);
}

/** Each flat shows one image covering it: the merchant's design, or the smart object's own content. */
function designFor(flats: TemplateFlat[], urlOf: (flatId: string) => string | null): SkuDesign {
  return {
    id: 'cli',
    color: '#FFFFFF',
    styleId: null,
    BGDesignList: [],
    flatDesignList: flats.map((f) => {
      const url = urlOf(f.flatId);
      const { width, height } = f.flatData;
      return {
        flatId: f.flatId,
        color: '#FFFFFF',
        flatImage: null,
        previewFlatImage: null,
        designList: url
          ? [
              {
                type: 'image' as const,
                flatId: f.flatId,
                localId: `cli-${f.flatId}`,
                designId: null,
                left: 0,
                top: 0,
                width,
                height,
                angle: 0,
                scaleX: 1,
                scaleY: 1,
                flipX: false,
                flipY: false,
                originX: 'left' as const,
                originY: 'top' as const,
                url,
                fileName: 'design',
                originalWidth: width,
                originalHeight: height,
                tiling: null,
                tilingLayer: null,
              },
            ]
          : f.designList,
      };
    }),
  } as SkuDesign;
}

async function run(args: MockupArgs): Promise<MockupOutput> {
  const bitmaps: Record<string, ImageBitmap> = {};
  let template: CustomTemplate;
  let notes: string[] = [];
  const sourceUrl: Record<string, string> = {};
  let psd: Psd | null = null;
  let imported: ImportedPsd | null = null;
  if (args.psd) {
    const bytes = await fetchBytes(args.psd);
    psd = readPsdBytes(bytes, { pixels: true });
    const color = documentColorContext(bytes);
    if (color.documentProfileNote) notes.push(color.documentProfileNote);
    imported = importPsd(psd);
    notes = imported.notes;
    template = templateFromPsd(imported, { photoUrl: '__psd/photo' });
    for (const s of imported.sources) {
      if (!s.file) continue;
      const warn = (m: string) => notes.push(`${s.path}: ${m}`);
      try {
        const bitmap = await decodeSource(s.file, color, warn);
        if (!bitmap) {
          warn(`embedded file ${s.file.name} holds no pixels; pass --design`);
          continue;
        }
        bitmaps[`__psd/src/${s.flatId}`] = bitmap;
        sourceUrl[s.flatId] = `__psd/src/${s.flatId}`;
      } catch (err) {
        warn(`embedded file ${s.file.name} could not be decoded (${err instanceof Error ? err.message : String(err)}); pass --design`);
      }
    }
  } else {
    const parsed: unknown = await (await fetch(args.template!)).json();
    template = unwrap(validateTemplate(parsed));
  }
  if (args.design)
    bitmaps['__design'] = await createImageBitmap(new Blob([await fetchBytes(args.design)]), {
      colorSpaceConversion: 'none',
      premultiplyAlpha: 'premultiply',
    });
  const design = designFor(template.flatList, (flatId) => (args.design ? '__design' : (sourceUrl[flatId] ?? null)));
  const fallback = createMapImageLoaderFallback();
  composeForPhotoshop(psd !== null);
  const engine = new Engine({ loader: createMapImageLoader(bitmaps, fallback), ...(psd ? PHOTOSHOP_RESAMPLING : {}) });
  const sourceOf = new Map((imported?.sources ?? []).map((s) => [s.flatId, s]));
  try {
    const out: MockupOutput = { views: [], layers: [], composite: null, compositeReference: null, notes };
    if (!psd) {
      for (const view of template.viewList) {
        const req = { template, design, viewId: String(view.viewId), ...(args.size ? { size: args.size } : {}) };
        out.views.push({ viewId: String(view.viewId), png: await toBase64(await bitmapToPng(await engine.renderMockup(req))) });
      }
      return out;
    }
    // A PSD's mockup is the whole document as Photoshop composites it (raster masks, layers
    // above the design, adjustments), the design drawn into its smart objects by the engine.
    const view = template.viewList[0]!;
    const req = { template, design, viewId: String(view.viewId) };
    // Each smart object as Photoshop stores its pixels: warped at document size, then its smart filters.
    const rendered = new Map<Layer, Raster>();
    for (const l of await engine.renderLayers(req)) {
      const name = l.layer.F.kind === 'flat' ? l.layer.F.flatId : l.name;
      const source = sourceOf.get(name);
      let pixels: Raster = l.pixels;
      let png = l.png;
      if (source?.psdLayer.placedLayer?.filter) {
        const warn = (m: string) => notes.push(`${source.path}: ${m}`);
        const doc = psd;
        // The Average filter reads the colour under transparent pixels; it is known for a layer
        // drawn from its own content by an affine transform at document size.
        const M = l.layer.M;
        const own = args.design ? undefined : bitmaps[sourceUrl[name] ?? ''];
        const hiddenColour =
          M.kind === 'affine' && own && pixels.width === doc.width && pixels.height === doc.height
            ? (p: Raster) => hiddenColourOfAffineLayer(p, bitmapPixels(own), M.matrix, l.layer.OS)
            : undefined;
        // A Displace filter reads the map Photoshop embedded in the document.
        pixels = applySmartFilters(source.psdLayer.placedLayer.filter, pixels, {
          warn,
          displacementMap: (name) => embeddedDisplacementMap(doc, name, warn),
          ...(hiddenColour ? { hiddenColour } : {}),
        });
        if (pixels !== l.pixels) png = await rasterToPng(pixels);
      }
      if (source) rendered.set(source.psdLayer, pixels);
      if (args.layers) out.layers.push({ name, png: await toBase64(png), warp: source?.warp ?? l.layer.M.kind });
    }
    if (args.saveTemplate || args.templateComposite) await bakeInto(out, psd, design, bitmaps);
    if (!args.composite && args.viewsOut === false) return out;
    const composite = compositeDocument(psd, { smartObject: (layer) => rendered.get(layer) ?? null, warn: (m) => notes.push(m) });
    if (args.viewsOut !== false)
      out.views.push({ viewId: String(view.viewId), png: await toBase64(await scaledPng(composite, args.size)) });
    if (!args.composite) return out;
    out.composite = await toBase64(await rasterToPng(composite));
    // Photoshop's stored composite, when it is a real render; one without an alpha channel
    // shows transparency flattened on white, so ours is compared the same way.
    const stored = storedCompositeStatus(psd);
    if (stored.status === 'real' && stored.raster) {
      out.compositeReference = await toBase64(await rasterToPng(stored.raster));
      if (stored.opaque) out.compositeCompared = await toBase64(await rasterToPng(flattenOver(composite, [255, 255, 255])));
    } else {
      notes.push(`whole document: no reference composite (${stored.reason ?? stored.status})`);
    }
    return out;
  } finally {
    await engine.dispose();
  }
}

/**
 * The PSD baked into a product template (engine/psd/template-bake.ts) and, on request, rendered
 * through the GPU renderer with the same design: what a merchant's mockups from that template
 * look like, compared with Photoshop's composite by the fidelity run.
 */
async function bakeInto(out: MockupOutput, psd: Psd, design: SkuDesign, designBitmaps: Record<string, ImageBitmap>): Promise<void> {
  const baked = bakePsdTemplate(psd);
  const images = await Promise.all(baked.images.map(async (i) => ({ name: i.name, png: await toBase64(await rasterToPng(i.raster)) })));
  out.template = { json: JSON.stringify(baked.template, null, 1), images, notes: baked.notes };
  const bitmaps: Record<string, ImageBitmap> = { ...designBitmaps };
  for (const i of baked.images) bitmaps[i.name] = await rasterToBitmap(i.raster);
  composeForPhotoshop(true);
  const renderer = new Engine({ loader: createMapImageLoader(bitmaps), ...PHOTOSHOP_RESAMPLING });
  try {
    const view = baked.template.viewList[0]!;
    const bitmap = await renderer.renderMockup({ template: baked.template, design, viewId: String(view.viewId), background: null });
    out.templateRender = await toBase64(await bitmapToPng(bitmap));
  } finally {
    await renderer.dispose();
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
async function renderTemplate(args: {
  template: unknown;
  size?: number;
  color?: string;
  designUrl?: string;
}): Promise<{ viewId: string; png: string; width: number; height: number }[]> {
  const template = unwrap(validateTemplate(args.template));
  const design = designFor(template.flatList, () => args.designUrl ?? null);
  const engine = new Engine();
  try {
    const out = [];
    for (const view of template.viewList) {
      const bitmap = await engine.renderMockup({
        template,
        design,
        viewId: String(view.viewId),
        ...(args.size ? { size: args.size } : {}),
        ...(args.color ? { color: args.color } : {}),
      });
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
