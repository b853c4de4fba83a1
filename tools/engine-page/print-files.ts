/**
 * The print files of one order line's print area, drawn by the real engine in this page for
 * `npm run order:print` (scripts/order-print.ts): a plain print PNG, or a temporary tattoo's
 * mirrored PNG without paper white and its cut line SVG. Pictures the design names on the order's
 * server are fetched through this page's own origin (the harness proxies /prod-api to it).
 */
import { Engine, createFetchImageLoader, type CustomTemplate, type SkuDesign } from '@pod-studio/engine';

export interface PrintFilesArgs {
  template: CustomTemplate;
  design: SkuDesign;
  flatId: string;
  dpi: number;
  tattoo: { widthIn: number; cutOffsetMm: number } | null;
  /** The server the order lives on: its absolute picture URLs are read same-origin. */
  serverOrigin: string;
}

export interface PrintFilesOutput {
  /** base64 PNG */
  png: string;
  width: number;
  height: number;
  cutLineSvg: string | null;
  pieces: number | null;
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

async function printFiles(args: PrintFilesArgs): Promise<PrintFilesOutput> {
  const origin = args.serverOrigin.replace(/\/+$/, '');
  const sameOrigin = (url: string) => (origin && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);
  const engine = new Engine({ loader: createFetchImageLoader({ fetch: (url, init) => fetch(sameOrigin(url), init) }) });
  try {
    if (args.tattoo) {
      const files = await engine.exportTattooPrintFiles(args.template, args.design, args.flatId, {
        dpi: args.dpi,
        widthIn: args.tattoo.widthIn,
        cutOffsetMm: args.tattoo.cutOffsetMm,
      });
      return {
        png: await toBase64(files.png),
        width: files.width,
        height: files.height,
        cutLineSvg: files.cutLineSvg,
        pieces: files.pieces,
      };
    }
    const png = await engine.exportPrintFile(args.template, args.design, args.flatId, args.dpi);
    const bitmap = await createImageBitmap(png);
    const out = { png: await toBase64(png), width: bitmap.width, height: bitmap.height, cutLineSvg: null, pieces: null };
    bitmap.close();
    return out;
  } finally {
    await engine.dispose();
  }
}

declare global {
  interface Window {
    podPrintFiles: (args: PrintFilesArgs) => Promise<PrintFilesOutput>;
  }
}
window.podPrintFiles = printFiles;
