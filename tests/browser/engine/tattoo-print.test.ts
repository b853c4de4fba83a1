/**
 * Temporary-tattoo print files through the real engine in Chromium: the flat composed at the
 * ordered size, paper white left out, mirrored, with the cut line as an SVG page that lies over
 * the PNG where the artwork is, the offset outside it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Engine, readPngDpi, type SkuDesign } from '../../../engine/index.ts';
import { pixels, scene } from './scene.ts';

const engine = new Engine();
afterAll(async () => {
  await engine.dispose();
});

/** The scene's design (red square in the top-left quarter of the flat) on a white background. */
async function tattooScene() {
  const { template, design } = await scene();
  const onWhite: SkuDesign = {
    ...design,
    BGDesignList: [
      { viewId: 'v-front', imageUrl: null, labelType: null, BGType: '1', color: '#FFFFFF', viewIdList: ['v-front'], visible: true },
    ],
  };
  return { template, design: onWhite };
}

async function svgOnCanvas(
  svg: string,
  width: number,
  height: number,
): Promise<(x: number, y: number) => [number, number, number, number]> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const img = new Image();
  img.src = url;
  await img.decode();
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(img, 0, 0, width, height);
  URL.revokeObjectURL(url);
  return pixels(canvas.transferToImageBitmap());
}

describe('Engine.exportTattooPrintFiles', () => {
  it('prints the design mirrored without its white, at the ordered size and 300 dpi, padded for the cut', async () => {
    const { template, design } = await tattooScene();
    const files = await engine.exportTattooPrintFiles(template, design, 'front', { widthIn: 2, cutOffsetMm: 2 });
    // 2 in at 300 dpi = 600 px; padded by 3 mm (2 mm offset + 1 mm) = 36 px a side.
    expect(files.dpi).toBe(300);
    expect(files.paddingPx).toBe(36);
    expect([files.width, files.height]).toEqual([672, 672]);
    expect(await readPngDpi(files.png)).toBe(300);
    const bitmap = await createImageBitmap(files.png);
    expect([bitmap.width, bitmap.height]).toEqual([672, 672]);
    const px = await pixels(bitmap);
    // The red square was top-left in the design (0..300 px): mirrored it is top-right.
    expect(px(36 + 450, 36 + 150)).toEqual([255, 0, 0, 255]);
    expect(px(36 + 150, 36 + 150)[3]).toBe(0);
    // The white background is not printed, nor is the padding.
    expect(px(36 + 450, 36 + 450)[3]).toBe(0);
    expect(px(5, 5)[3]).toBe(0);
    expect(files.pieces).toBe(1);
  });

  it('draws the cut line 2 mm outside the mirrored artwork when the SVG is laid over the PNG', async () => {
    const { template, design } = await tattooScene();
    const files = await engine.exportTattooPrintFiles(template, design, 'front', { widthIn: 2, cutOffsetMm: 2 });
    const doc = new DOMParser().parseFromString(files.cutLineSvg, 'image/svg+xml');
    const svg = doc.documentElement;
    // 672 px at 300 dpi = 56.896 mm: the page is the PNG, corner to corner.
    expect(svg.getAttribute('width')).toBe('56.896mm');
    expect(svg.getAttribute('viewBox')).toBe('0 0 56.896 56.896');
    const path = doc.getElementById('CutContour');
    expect(path?.getAttribute('fill')).toBe('none');
    expect(path?.getAttribute('d')).toMatch(/^M[\d.,L]+Z$/);

    // Rasterised at the PNG's size: magenta where the cut runs, 2 mm (23.6 px) outside the red
    // square, which spans x 336..636 and y 36..336 in the print.
    const line = await svgOnCanvas(files.cutLineSvg, files.width, files.height);
    const magenta = (p: [number, number, number, number]) => p[3] > 60 && p[0] > 150 && p[1] < 120 && p[2] > 150;
    const row = 186;
    const hits: number[] = [];
    for (let x = 0; x < files.width; x += 1) if (magenta(line(x, row))) hits.push(x);
    expect(hits.length).toBeGreaterThan(0);
    expect(Math.abs(Math.min(...hits) - (336 - 23.6))).toBeLessThan(2);
    expect(Math.abs(Math.max(...hits) - (636 + 23.6))).toBeLessThan(2);
    // Nothing cut through the artwork or over the empty left half.
    expect(hits.every((x) => x < 320 || x > 650)).toBe(true);
    expect(hits.every((x) => x > 300)).toBe(true);
    const col = 486;
    const vhits: number[] = [];
    for (let y = 0; y < files.height; y += 1) if (magenta(line(col, y))) vhits.push(y);
    expect(Math.abs(Math.min(...vhits) - (36 - 23.6))).toBeLessThan(2);
    expect(Math.abs(Math.max(...vhits) - (336 + 23.6))).toBeLessThan(2);
  });
});
