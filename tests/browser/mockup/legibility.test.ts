/**
 * Saved view images keep small print legible: a design with 12 pt text in a 10-inch print area is
 * rendered onto a mockup at the size and JPEG quality saved views use (src/designer/save/
 * view-images.ts), decoded, and compared glyph by glyph with the same render before encoding.
 *
 * The print area spans 42 % of the view's width (a tote's front; a tee's full front print comes
 * close), so at 1600 px the 10 inches are 672 px and a 12 pt line is about 11 px tall. The product
 * under the print has a fine weave in its shading map, as the catalogue's do, which is what makes
 * JPEG ring and smear at low quality.
 *
 * Tolerance: every glyph's normalised cross-correlation with the reference at least 0.9, and the
 * line's stroke contrast (mean paper minus mean ink luminance) at least 85 % of the reference's.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { VIEW_IMAGE_QUALITY, VIEW_IMAGE_SIZE } from '../../../src/designer/save/view-images.ts';
import { bitmap, canvas, createRenderer, imageDataOf, smartObject, view } from './helpers.ts';

/** The catalogue's view size: the template's own pixels, upscaled to VIEW_IMAGE_SIZE on save. */
const VIEW = 1200;
const DPI = 150;
const FLAT = 10 * DPI;
const SHARE = 0.42;
const LINE = 'Hamburgefonstiv 0123456789 Quick brown fox';
/** 12 pt at 150 DPI. */
const FONT_PX = (12 / 72) * DPI;

let renderer: MockupRenderer;
let flat: ImageBitmap;

beforeAll(async () => {
  const photo = await bitmap(
    canvas(VIEW, VIEW, (ctx) => {
      ctx.fillStyle = '#FAFAFA';
      ctx.fillRect(100, 100, VIEW - 200, VIEW - 200);
    }),
  );
  // Knit wales: a 3 px vertical weave of a few grey levels, like the catalogue's jersey shading.
  const shading = await bitmap(
    canvas(VIEW, VIEW, (ctx) => {
      ctx.fillStyle = '#FFFFFF';
      ctx.fillRect(0, 0, VIEW, VIEW);
      for (let x = 0; x < VIEW; x += 3) {
        ctx.fillStyle = x % 2 === 0 ? '#F0F0F0' : '#F7F7F7';
        ctx.fillRect(x, 0, 1, VIEW);
      }
    }),
  );
  flat = await bitmap(
    canvas(FLAT, FLAT, (ctx) => {
      ctx.fillStyle = '#FFFFFF';
      ctx.fillRect(0, 0, FLAT, FLAT);
      ctx.fillStyle = '#111111';
      ctx.font = `${FONT_PX}px sans-serif`;
      ctx.textBaseline = 'alphabetic';
      ctx.fillText(LINE, 40, FLAT / 2);
    }),
  );
  renderer = createRenderer({ photo, shading });
});

afterAll(async () => {
  await renderer.dispose();
});

const luma = (d: Uint8ClampedArray, i: number) => 0.299 * (d[i] as number) + 0.587 * (d[i + 1] as number) + 0.114 * (d[i + 2] as number);

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The text line's glyphs in the reference: runs of columns with ink, split at blank columns. */
function glyphBoxes(img: ImageData, area: Box): Box[] {
  const ink = (x: number, y: number) => luma(img.data, (y * img.width + x) * 4) < 128;
  let y0 = area.y1;
  let y1 = area.y0;
  for (let y = area.y0; y < area.y1; y++) {
    for (let x = area.x0; x < area.x1; x++) {
      if (ink(x, y)) {
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  }
  const boxes: Box[] = [];
  let start = -1;
  for (let x = area.x0; x <= area.x1; x++) {
    let any = false;
    for (let y = y0; y <= y1 && x < area.x1; y++) if (ink(x, y)) any = true;
    if (any && start < 0) start = x;
    if (!any && start >= 0) {
      boxes.push({ x0: start - 1, x1: x + 1, y0: y0 - 1, y1: y1 + 2 });
      start = -1;
    }
  }
  return boxes;
}

function correlation(a: ImageData, b: ImageData, box: Box): number {
  const va: number[] = [];
  const vb: number[] = [];
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = (y * a.width + x) * 4;
      va.push(luma(a.data, i));
      vb.push(luma(b.data, i));
    }
  }
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(va);
  const mb = mean(vb);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  va.forEach((x, i) => {
    const y = vb[i] as number;
    ab += (x - ma) * (y - mb);
    aa += (x - ma) ** 2;
    bb += (y - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
}

/** Mean paper luminance minus mean ink luminance, ink and paper taken from the reference. */
function strokeContrast(ref: ImageData, img: ImageData, boxes: readonly Box[]): number {
  let ink = 0;
  let inkN = 0;
  let paper = 0;
  let paperN = 0;
  for (const box of boxes) {
    for (let y = box.y0; y < box.y1; y++) {
      for (let x = box.x0; x < box.x1; x++) {
        const i = (y * ref.width + x) * 4;
        const r = luma(ref.data, i);
        if (r < 90) {
          ink += luma(img.data, i);
          inkN++;
        } else if (r > 200) {
          paper += luma(img.data, i);
          paperN++;
        }
      }
    }
  }
  return paper / paperN - ink / inkN;
}

async function renderSaved(quality: number): Promise<{ ref: ImageData; saved: ImageData; area: Box }> {
  const width = SHARE * VIEW;
  const k = width / FLAT;
  const x = (VIEW - width) / 2;
  const y = VIEW * 0.25;
  const options = {
    view: {
      ...view([smartObject({ OS: { w: FLAT, h: FLAT }, matrix: [k, 0, 0, k, x, y] })], {
        width: VIEW,
        height: VIEW,
        imageUrl: 'photo',
        shadingUrl: 'shading',
      }),
    },
    flats: { front: flat },
    size: VIEW_IMAGE_SIZE,
  };
  const ref = await renderer.renderViewToImageData(options);
  const blob = await renderer.renderViewToJpeg(options, quality);
  const decoded = await createImageBitmap(blob);
  const saved = imageDataOf(decoded, decoded.width, decoded.height);
  const s = VIEW_IMAGE_SIZE / VIEW;
  // The text line's band on the saved image: its baseline is the flat's middle.
  const mid = (y + (FLAT / 2) * k) * s;
  return {
    ref,
    saved,
    area: { x0: Math.round(x * s), x1: Math.round((x + width) * s), y0: Math.round(mid - 20), y1: Math.round(mid + 10) },
  };
}

test('saved views are at least 1200 px and a JPEG quality of at least 0.85', () => {
  expect(VIEW_IMAGE_SIZE).toBeGreaterThanOrEqual(1200);
  expect(VIEW_IMAGE_QUALITY).toBeGreaterThanOrEqual(0.85);
});

test('12 pt text in a 10-inch print area stays legible at the saved size and quality', async () => {
  const { ref, saved, area } = await renderSaved(VIEW_IMAGE_QUALITY);
  expect(saved.width).toBe(VIEW_IMAGE_SIZE);
  const boxes = glyphBoxes(ref, area);
  // Every glyph found (letters and digits less the spaces; touching pairs may merge).
  expect(boxes.length).toBeGreaterThanOrEqual(LINE.replaceAll(' ', '').length - 6);
  const worst = Math.min(...boxes.map((b) => correlation(ref, saved, b)));
  expect(worst).toBeGreaterThanOrEqual(0.9);
  expect(strokeContrast(ref, saved, boxes)).toBeGreaterThanOrEqual(0.85 * strokeContrast(ref, ref, boxes));
});

test('the check fails where text does blur: the same line saved at JPEG quality 0.1', async () => {
  const { ref, saved, area } = await renderSaved(0.1);
  const boxes = glyphBoxes(ref, area);
  const worst = Math.min(...boxes.map((b) => correlation(ref, saved, b)));
  expect(worst).toBeLessThan(0.9);
});
