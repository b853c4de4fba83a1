/**
 * A flat composed again after an edit redraws only what the edit changed. The sketch keeps the
 * last picture of one flat at one output size (a 2D canvas) and what each element drew there;
 * the next design reuses the draw operations of the elements it still has unchanged (no text is
 * rasterised again) and repaints only the rectangle around the elements that appeared,
 * disappeared or changed, drawing there every operation that reaches it, in order. A mockup
 * after an edit of one element of 150 otherwise planned and drew all 150 again.
 *
 * Elements are compared by content (their JSON): a design that crossed to a worker is a new
 * object on every call. A change of background, flat, output scale or of the order of the
 * elements kept repaints the whole flat, and so does a change covering most of it.
 */
import type { FlatContent } from '../flat-content.ts';
import { drawOps2d } from './canvas2d.ts';
import { planContent } from './content.ts';
import type { OutputSize } from './output.ts';
import { checkTilingLimits, opBounds, planBackground, planElement, type DrawOp, type PlanInput } from './plan.ts';
import type { ComposeBackground } from './types.ts';

interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

interface Drawn {
  readonly key: string;
  readonly op: DrawOp | null;
  readonly bounds: Box | null;
}

/** Past this share of the flat a partial repaint costs about what a whole one does. */
const WHOLE_REPAINT_SHARE = 0.5;

function union(a: Box | null, b: Box | null): Box | null {
  if (!a) return b;
  if (!b) return a;
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

function meets(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** What was repainted: nothing, the whole flat, or a rectangle (output px). */
export type Repaint = null | 'whole' | Box;

export class FlatSketch {
  private canvas: OffscreenCanvas | null = null;
  private drawn: Drawn[] = [];
  private backgroundKey = '';
  /** What every kept draw operation was planned for: flat, output scale and size limit. */
  private planKey = '';
  private readonly imageIds = new WeakMap<ImageBitmap, number>();
  private nextImageId = 1;

  /**
   * Brings the picture up to `input` (its design list and background) at `out` and answers the
   * canvas holding it. The canvas is the sketch's own: copy it (createImageBitmap) before the
   * next call changes it.
   */
  draw(input: PlanInput, out: OutputSize): { canvas: OffscreenCanvas; repaint: Repaint; content: FlatContent | null } {
    const backgroundKey = this.keyOf(input.background);
    // Operations planned for another flat or scale (text is rasterised on the output grid) are
    // never reused.
    const planKey = JSON.stringify([input.flat.width, input.flat.height, input.outputScale, input.maxTextureSize]);
    if (planKey !== this.planKey) this.drawn = [];
    const previous = new Map<string, { index: number; drawn: Drawn }[]>();
    this.drawn.forEach((d, index) => {
      const list = previous.get(d.key);
      if (list) list.push({ index, drawn: d });
      else previous.set(d.key, [{ index, drawn: d }]);
    });
    const added: Drawn[] = [];
    let ordered = true;
    let lastKept = -1;
    const drawn = input.designList.map((el): Drawn => {
      const key = JSON.stringify(el);
      const kept = previous.get(key)?.shift();
      if (kept) {
        if (kept.index < lastKept) ordered = false;
        lastKept = kept.index;
        return kept.drawn;
      }
      checkTilingLimits([el], input.flat);
      const op = planElement(el, input);
      const fresh = { key, op, bounds: op ? opBounds(op, input.outputScale) : null };
      added.push(fresh);
      return fresh;
    });
    let dirty: Box | null = null;
    for (const d of added) dirty = union(dirty, d.bounds);
    for (const left of previous.values()) for (const { drawn: d } of left) dirty = union(dirty, d.bounds);

    const whole =
      this.canvas === null ||
      this.canvas.width !== out.width ||
      this.canvas.height !== out.height ||
      backgroundKey !== this.backgroundKey ||
      planKey !== this.planKey ||
      !ordered;
    if (this.canvas === null || this.canvas.width !== out.width || this.canvas.height !== out.height)
      this.canvas = new OffscreenCanvas(out.width, out.height);
    const canvas = this.canvas;
    this.drawn = drawn;
    this.backgroundKey = backgroundKey;
    this.planKey = planKey;
    const clipped: Box | null = dirty && {
      x0: Math.max(0, dirty.x0),
      y0: Math.max(0, dirty.y0),
      x1: Math.min(out.width, dirty.x1),
      y1: Math.min(out.height, dirty.y1),
    };
    const area = clipped ? Math.max(0, clipped.x1 - clipped.x0) * Math.max(0, clipped.y1 - clipped.y0) : 0;
    const background = planBackground(input);
    const content = planContent(
      background.color,
      [...background.ops.map((op) => opBounds(op, input.outputScale)), ...drawn.map((d) => d.bounds)],
      out,
    );
    if (!whole && area === 0) return { canvas, repaint: null, content };
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('2D canvas is not available');
    const ops = drawn.flatMap((d) => (d.op ? [d.op] : []));
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (whole || area > WHOLE_REPAINT_SHARE * out.width * out.height || !clipped) {
      ctx.clearRect(0, 0, out.width, out.height);
      drawOps2d(ctx, { background: background.color, ops: [...background.ops, ...ops] }, input.flat, out);
      ctx.restore();
      return { canvas, repaint: 'whole', content };
    }
    const w = clipped.x1 - clipped.x0;
    const h = clipped.y1 - clipped.y0;
    ctx.beginPath();
    ctx.rect(clipped.x0, clipped.y0, w, h);
    ctx.clip();
    ctx.clearRect(clipped.x0, clipped.y0, w, h);
    const reaching = drawn.flatMap((d) => (d.op && d.bounds && meets(d.bounds, clipped) ? [d.op] : []));
    drawOps2d(ctx, { background: background.color, ops: [...background.ops, ...reaching] }, input.flat, out);
    ctx.restore();
    return { canvas, repaint: clipped, content };
  }

  private keyOf(bg: ComposeBackground | null): string {
    if (bg === null || !bg.visible) return '-';
    let image = 0;
    if (bg.image) {
      image = this.imageIds.get(bg.image) ?? this.nextImageId++;
      this.imageIds.set(bg.image, image);
    }
    return `${bg.color ?? ''}|${image}`;
  }
}
