/**
 * Text layout with fabric.js (v5 IText) metrics, so a text element measures and draws the way
 * the saved fabric-style fields mean:
 * - line height: fontSize × 1.13 (`_fontSizeMult`) × 1.16 (`lineHeight`); the last line has no
 *   1.16 factor, so height = fontSize × 1.13 × (1.16 × (lines − 1) + 1);
 * - baseline of line i: i × lineHeight + fontSize × 1.13 × (1 − 0.222) (`_fontSizeFraction`);
 * - charSpacing is 1/1000 em: each grapheme advances by charSpacing / 1000 × fontSize more, and
 *   a line's width counts that spacing between graphemes, not after the last one;
 * - width is the widest line; alignment shifts shorter lines and only applies with two or more
 *   lines.
 */
import { TEXT_DEFAULTS, textAlignmentFor, splitTextLines, type TextAlign, type TextElement } from '../model/index.ts';
import type { LoadedFont } from './fonts.ts';

export const FABRIC_TEXT = {
  lineHeight: 1.16,
  fontSizeMult: 1.13,
  fontSizeFraction: 0.222,
} as const;

/** The text fields layout and drawing read; any TextElement fits. */
export type TextStyle = Pick<
  TextElement,
  'text' | 'textLines' | 'fontSize' | 'textAlign' | 'charSpacing' | 'fontFamily' | 'fill' | 'stroke' | 'strokeWidth' | 'shadow'
>;

export interface TextLineLayout {
  readonly text: string;
  /** Advance width including letter spacing between graphemes. */
  readonly width: number;
  /** x of the line start in the text box. */
  readonly left: number;
  /** y of the alphabetic baseline in the text box. */
  readonly baseline: number;
}

/** Axis-aligned box in the text's local coordinates (box top-left is 0,0). */
export interface LocalBox {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export interface TextLayout {
  /** fabric's width/height of the text object (without stroke). */
  readonly width: number;
  readonly height: number;
  readonly fontSize: number;
  readonly lines: readonly TextLineLayout[];
  /** Alignment in effect (left for a single line whatever the element says). */
  readonly align: TextAlign;
  /** CSS font shorthand for canvas. */
  readonly font: string;
  /** Letter spacing in local px (charSpacing / 1000 × fontSize). */
  readonly letterSpacing: number;
  /** Where filled glyphs put ink, as the browser measures it (script fonts overhang the box). */
  readonly ink: LocalBox | null;
}

type Ctx2D = OffscreenCanvasRenderingContext2D;

let measureCtx: Ctx2D | null = null;
function measureContext(): Ctx2D {
  if (measureCtx === null) {
    const ctx = new OffscreenCanvas(1, 1).getContext('2d');
    if (ctx === null) throw new Error('2D canvas is not available for text measurement');
    measureCtx = ctx;
  }
  return measureCtx;
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** Graphemes, as fabric's graphemeSplit counts them (an emoji with modifiers is one). */
export function graphemeCount(line: string): number {
  if (segmenter === null) return Array.from(line).length;
  let n = 0;
  for (const _ of segmenter.segment(line)) n += 1;
  return n;
}

/** The element's lines: its text split at hard breaks (textLines is derived data that may be stale). */
export function textLinesOf(el: Pick<TextElement, 'text' | 'textLines'>): string[] {
  if (el.text !== '') return splitTextLines(el.text);
  return el.textLines.length > 0 ? [...el.textLines] : [''];
}

export function effectiveFontSize(el: Pick<TextElement, 'fontSize'>): number {
  return Number.isFinite(el.fontSize) && el.fontSize > 0 ? el.fontSize : TEXT_DEFAULTS.fontSize;
}

/** Letter spacing in px: fabric's charSpacing is in 1/1000 em. */
export function letterSpacingPx(el: Pick<TextElement, 'charSpacing' | 'fontSize'>): number {
  const cs = Number.isFinite(el.charSpacing) ? el.charSpacing : 0;
  return (cs / 1000) * effectiveFontSize(el);
}

export function lineAdvance(fontSize: number): number {
  return fontSize * FABRIC_TEXT.fontSizeMult * FABRIC_TEXT.lineHeight;
}

/**
 * Measures a text element with its (already loaded) font. Pure apart from the shared measuring
 * context; the editor can write `width`/`height` back onto the element from the result.
 */
export function layoutText(el: TextStyle, font: LoadedFont): TextLayout {
  const ctx = measureContext();
  const fontSize = effectiveFontSize(el);
  const css = font.css(fontSize);
  const spacing = letterSpacingPx(el);
  const texts = textLinesOf(el);
  ctx.font = css;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';

  ctx.letterSpacing = '0px';
  const widths = texts.map((t) => {
    if (t === '') return 0;
    const w = ctx.measureText(t).width + (graphemeCount(t) - 1) * spacing;
    return Math.max(0, w);
  });
  const width = Math.max(0, ...widths);
  const advance = lineAdvance(fontSize);
  const firstBaseline = fontSize * FABRIC_TEXT.fontSizeMult * (1 - FABRIC_TEXT.fontSizeFraction);
  const height = advance * (texts.length - 1) + fontSize * FABRIC_TEXT.fontSizeMult;
  const align = textAlignmentFor(texts, el.textAlign);

  const lines = texts.map((text, i): TextLineLayout => {
    const w = widths[i] ?? 0;
    const left = align === 'center' ? (width - w) / 2 : align === 'right' ? width - w : 0;
    return { text, width: w, left, baseline: i * advance + firstBaseline };
  });

  // Ink is measured with the spacing the drawing uses, so glyph positions match.
  ctx.letterSpacing = `${spacing}px`;
  let ink: LocalBox | null = null;
  for (const line of lines) {
    if (line.text === '') continue;
    const m = ctx.measureText(line.text);
    const box: LocalBox = {
      minX: line.left - m.actualBoundingBoxLeft,
      maxX: line.left + m.actualBoundingBoxRight,
      minY: line.baseline - m.actualBoundingBoxAscent,
      maxY: line.baseline + m.actualBoundingBoxDescent,
    };
    ink = ink === null ? box : unionBox(ink, box);
  }
  ctx.letterSpacing = '0px';

  return { width, height, fontSize, lines, align, font: css, letterSpacing: spacing, ink };
}

export function unionBox(a: LocalBox, b: LocalBox): LocalBox {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}
