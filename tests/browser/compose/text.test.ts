/**
 * Text elements: bundled fonts, fabric layout (line height 1.16 × 1.13, baseline, charSpacing in
 * 1/1000 em), stroke, shadow at the ×10 distance offset, alignment with two or more lines.
 * References are Canvas2D drawings written from fabric's formulas, and closed-form offsets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { elementMatrix } from '../../../engine/geometry/index.ts';
import { shadowOffset, type TextElement } from '../../../engine/model/index.ts';
import { composeFlat } from '../../../engine/render/compose/index.ts';
import {
  BUNDLED_FONTS,
  FONT_ERROR_MSG,
  layoutText,
  loadFont,
  loadFonts,
  resetFontCache,
  resolveFontFace,
  setFontUrlResolver,
} from '../../../engine/text/index.ts';
import { bbox, design, diff, loaderOf, pixelsOf, reference, text, type Rgba, eachBackend } from './helpers.ts';

const FLAT = { width: 500, height: 300 };
const SPEC_FONTS = [
  'Allura-Regular',
  'Arual',
  'Aspire-DemiBold',
  'CatCafe',
  'Comfortaa Bold',
  'Comfortaa Light',
  'Comfortaa Regular',
  'Ge Body',
  'Ipanema Secco',
  'MadLines',
  'Montepetrum bold',
  'Montepetrum regular',
  'Montepetrum Thin',
  'Rabelo-Regular',
  'Scrappy looking demo',
  'sign handwriting demo version',
  'Variane Script',
];

async function render(...elements: TextElement[]): Promise<ImageData> {
  const out = await composeFlat({ flat: FLAT, design: design(...elements), images: loaderOf({}) });
  const px = pixelsOf(out);
  out.close();
  return px;
}

/** fabric's drawing of a text element, written out: box from measured lines, baselines, matrix. */
function fabricReference(el: TextElement, cssFamily: string): ImageData {
  return reference(FLAT.width, FLAT.height, (ctx) => {
    const fs = el.fontSize;
    const lines = el.text.split('\n');
    ctx.font = `${fs}px ${cssFamily}`;
    const width = Math.max(...lines.map((l) => ctx.measureText(l).width));
    const height = fs * 1.13 * (1.16 * (lines.length - 1) + 1);
    ctx.setTransform(...elementMatrix({ ...el, width, height, strokeWidth: el.strokeWidth }));
    ctx.fillStyle = el.fill;
    lines.forEach((line, i) => ctx.fillText(line, 0, i * fs * 1.13 * 1.16 + fs * 1.13 * (1 - 0.222)));
  });
}

const inked = (p: Rgba) => p[3] > 128;
const isBlack = (p: Rgba) => p[3] > 200 && p[0] < 80 && p[1] < 80 && p[2] < 80;
const isRed = (p: Rgba) => p[3] > 200 && p[0] > 180 && p[1] < 80 && p[2] < 80;
const isBlue = (p: Rgba) => p[3] > 200 && p[2] > 180 && p[0] < 80 && p[1] < 80;

function box(img: ImageData, pick: (p: Rgba) => boolean) {
  const b = bbox(img, pick);
  if (b === null) throw new Error('nothing drawn');
  return b;
}

afterEach(() => setFontUrlResolver(null));

eachBackend(() => {
  describe('bundled fonts', () => {
    it('has a face for every font the spec names, and every file loads', async () => {
      for (const name of SPEC_FONTS) expect(resolveFontFace(name), name).not.toBeNull();
      const loaded = await loadFonts(SPEC_FONTS);
      expect(new Set([...loaded.values()].map((f) => f.face.id)).size).toBe(SPEC_FONTS.length);
      expect(BUNDLED_FONTS).toHaveLength(SPEC_FONTS.length);
      for (const f of loaded.values()) expect(document.fonts.check(f.css(20), 'Abc'), f.face.id).toBe(true);
    });

    it('draws text in the bundled face, not a fallback', async () => {
      const el = text({
        text: 'Hello\nWorld',
        fontFamily: 'Allura-Regular',
        fontSize: 60,
        left: 40,
        top: 30,
        angle: 12,
        scaleX: 1.2,
        scaleY: 1.2,
      });
      const px = await render(el);
      const ink = box(px, inked).count;
      const same = diff(px, fabricReference(el, '"Allura"'));
      const fallback = diff(px, fabricReference(el, 'sans-serif'));
      // Same face drawn by Canvas2D with fabric's layout and matrix: the same pixels (text is
      // rasterised on the output grid, never resampled).
      expect(same.max).toBeLessThanOrEqual(2);
      // The same text in a fallback face puts ink in very different places.
      expect(fallback.over).toBeGreaterThan(ink * 0.5);
    });

    it("rejects an unknown family with 'Error loading font' and never draws", async () => {
      const el = text({ text: 'Hi', fontFamily: 'No Such Font' });
      await expect(render(el)).rejects.toThrow(FONT_ERROR_MSG);
    });

    it("rejects a font whose file fails to load with 'Error loading font', then retries", async () => {
      resetFontCache();
      setFontUrlResolver(() => '/no/such/font.woff2');
      await expect(loadFont('MadLines')).rejects.toMatchObject({ message: 'Error loading font', family: 'MadLines' });
      setFontUrlResolver(null);
      await expect(loadFont('MadLines')).resolves.toMatchObject({ face: { family: 'Sacramento' } });
    });
  });

  describe('text layout and effects', () => {
    it('stroke adds an outline of the stroke colour around the fill', async () => {
      const base = { text: 'HI', fontFamily: 'Montepetrum bold', fontSize: 60, left: 60, top: 40, strokeWidth: 6 };
      const plain = await render(text({ ...base, stroke: null }));
      const stroked = await render(text({ ...base, stroke: '#FF0000' }));
      const p = box(plain, isBlack);
      const s = box(stroked, inked);
      expect(box(stroked, isRed).count).toBeGreaterThan(200);
      expect(box(stroked, isBlack).count).toBeGreaterThan(100);
      // Half the stroke width (3 px) beyond the fill on every side.
      expect(Math.abs(p.minX - 3 - s.minX)).toBeLessThanOrEqual(1);
      expect(Math.abs(p.maxX + 3 - s.maxX)).toBeLessThanOrEqual(1);
      expect(Math.abs(p.minY - 3 - s.minY)).toBeLessThanOrEqual(1);
      expect(Math.abs(p.maxY + 3 - s.maxY)).toBeLessThanOrEqual(1);
    });

    it('counts strokeWidth in the box like fabric (origin left/top moves by half of it)', async () => {
      const thin = box(await render(text({ text: 'HI', fontSize: 60, left: 60, top: 40, strokeWidth: 1 })), isBlack);
      const thick = box(await render(text({ text: 'HI', fontSize: 60, left: 60, top: 40, strokeWidth: 11 })), isBlack);
      expect(thick.minX - thin.minX).toBeCloseTo(5, 0);
      expect(thick.minY - thin.minY).toBeCloseTo(5, 0);
    });

    const shadowCases: [string, Partial<TextElement>, number, number][] = [
      // [name, element fields, expected dx, expected dy] of the shadow's far edge vs the fill's.
      ['distance 2 at 0°', { shadow: { color: '#0000FF', blur: 0, ...shadowOffset(2, 0) } }, 20, 0],
      ['distance 1.5 at 90°', { shadow: { color: '#0000FF', blur: 0, ...shadowOffset(1.5, 90) } }, 0, 15],
      // fabric: the offset is in flat axes (it does not turn with the text) and scales with it.
      ['rotated 45°', { angle: 45, shadow: { color: '#0000FF', blur: 0, ...shadowOffset(2, 0) } }, 20, 0],
      ['scaled 2x', { scaleX: 2, scaleY: 2, shadow: { color: '#0000FF', blur: 0, ...shadowOffset(1, 0) } }, 20, 0],
    ];
    for (const [name, fields, dx, dy] of shadowCases) {
      it(`shadow lands at the x10 distance offset: ${name}`, async () => {
        const px = await render(text({ text: 'HI', fontSize: 50, left: 120, top: 60, ...fields }));
        const fill = box(px, isBlack);
        const shade = box(px, isBlue);
        expect(Math.abs(shade.maxX - fill.maxX - dx), 'x').toBeLessThanOrEqual(1.5);
        expect(Math.abs(shade.maxY - fill.maxY - dy), 'y').toBeLessThanOrEqual(1.5);
      });
    }

    it('ignores alignment with one line', async () => {
      const left = await render(text({ text: 'AB', textAlign: 'left', left: 50, top: 50 }));
      const right = await render(text({ text: 'AB', textAlign: 'right', left: 50, top: 50 }));
      expect(diff(left, right).max).toBe(0);
      const font = await loadFont('Montserrat');
      expect(layoutText(text({ text: 'AB', textAlign: 'right' }), font).align).toBe('left');
      expect(layoutText(text({ text: 'AB\nA', textAlign: 'right' }), font).align).toBe('right');
    });

    it('draws nothing, and needs no font, for empty text', async () => {
      const px = await render(text({ text: '', textLines: [''], fontFamily: 'Not Bundled' }));
      expect(px.data.every((v) => v === 0)).toBe(true);
    });

    it('applies alignment with two lines', async () => {
      // Lines start with the same glyph and end with the same glyph, so ink edges follow advances.
      const top = 40;
      const split = top + 47; // between line 1's baseline (top + 35) and line 2's cap tops (top + 59)
      const lines = async (textAlign: TextElement['textAlign']) => {
        const px = await render(text({ text: 'AB\nABABAB', textAlign, fontSize: 40, left: 50, top }));
        const l1 = bboxRows(px, 0, split);
        const l2 = bboxRows(px, split, px.height);
        return { l1, l2 };
      };
      const left = await lines('left');
      const center = await lines('center');
      const right = await lines('right');
      expect(Math.abs(left.l1.minX - left.l2.minX)).toBeLessThanOrEqual(1);
      expect(Math.abs((center.l1.minX + center.l1.maxX) / 2 - (center.l2.minX + center.l2.maxX) / 2)).toBeLessThanOrEqual(1);
      expect(Math.abs(right.l1.maxX - right.l2.maxX)).toBeLessThanOrEqual(1);
      // The long line sets the box, so it stays put.
      expect(center.l2).toEqual(left.l2);
      expect(right.l2).toEqual(left.l2);
    });

    it('letter spacing (charSpacing, 1/1000 em) widens the text by (n - 1) x spacing', async () => {
      const width = async (charSpacing: number) => {
        const b = box(await render(text({ text: 'ABCDE', fontSize: 40, left: 100, top: 50, charSpacing })), inked);
        return b.maxX - b.minX;
      };
      const w0 = await width(0);
      // 500/1000 em x 40 px = 20 px per gap, 4 gaps.
      expect(Math.abs((await width(500)) - w0 - 80)).toBeLessThanOrEqual(2);
      expect(Math.abs((await width(-250)) - w0 + 40)).toBeLessThanOrEqual(2);
      // The measured box follows fabric exactly.
      const font = await loadFont('Montserrat');
      const box0 = layoutText(text({ text: 'ABCDE', fontSize: 40 }), font);
      const box500 = layoutText(text({ text: 'ABCDE', fontSize: 40, charSpacing: 500 }), font);
      expect(box500.width - box0.width).toBeCloseTo(80, 6);
      expect(box0.height).toBeCloseTo(40 * 1.13, 6);
    });
  });
});

function bboxRows(img: ImageData, y0: number, y1: number) {
  let minX = Infinity;
  let maxX = -Infinity;
  for (let y = Math.max(0, y0); y < Math.min(img.height, y1); y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[(y * img.width + x) * 4 + 3]! > 128) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
      }
    }
  }
  if (minX === Infinity) throw new Error('no ink in rows');
  return { minX, maxX };
}
