/**
 * Models: each archetype comes in MODEL_COUNT cuts, so products of one kind do not all share one
 * photo. Model 0 is the archetype's own drawing (photographed at first start); models 1 and up
 * are derived from it, deterministically from the archetype and the model number, and
 * photographed on first request (demo/catalog/on-demand.ts).
 *
 * A model is the archetype's drawing (or its own `modelViews`: a tee's neckline and sleeves, a
 * mug's handle) moved by one map applied to everything that has a place (body, folds, tones,
 * parts, underlays, print placements, clips and the form's barrel), so the photo, the mask and
 * the template's print areas come from the same data and the print stays on the product:
 *
 * - every archetype: a slightly different scale and position;
 * - soft goods (cloth, cushions): a small turn (the angle it was laid at), a flare or taper of
 *   the hem (the cut) and a sideways sway (the drape), a rounder or flatter form, and a fold
 *   layout of their own (some of the drawing's folds dropped, new drape folds added);
 * - rigid goods with cylinder or affine print areas (mugs, phone cases) only scale and move: a
 *   turned cylinder would no longer be upright, a turned affine box no longer a box.
 */
import { hullBox, mapRing, mapShape, type Box, type Pt, type Ring, type Shape } from '../art/path';
import type { Form } from '../art/relief';
import { createRng, hash32, type Rng } from '../../prng';
import type { Archetype, Fold, Ornament, Placement, PrintArea, Tone, ViewDrawing } from './types';

/** Models per archetype, the drawing itself included. */
export const MODEL_COUNT = 5;

/**
 * Which model a product shows: the one its title names (Archetype.modelStyles: "V-Neck"), else a
 * hash of its archetype and id; never a draw from the generator's random stream, so adding models
 * shifts nothing else in the catalogue.
 */
export function modelOf(
  archetypeKey: string,
  productId: number,
  named?: { title: string; styles?: Readonly<Record<string, number>> },
): number {
  for (const [word, model] of Object.entries(named?.styles ?? {})) if (named?.title.includes(word)) return model;
  return hash32(`${archetypeKey}#${productId}`) % MODEL_COUNT;
}

/** The model's folder under its archetype's folder; model 0 lives in the archetype folder itself. */
export function modelFolder(model: number): string | null {
  return model === 0 ? null : `m${model}`;
}

interface ModelMap {
  /** The point map, design units to design units. */
  f: (p: Pt) => Pt;
  /** The similarity's scale (widths, radii and edges follow it). */
  scale: number;
  /** Only scale and move: boxes stay boxes, upright cylinders stay upright. */
  rigid: boolean;
  soft: boolean;
  /** A soft form's rounding and puff, as factors: filled fuller or laid flatter. */
  edgeK: number;
  puffK: number;
  rng: Rng;
}

const round = (v: number) => Math.round(v * 100) / 100;
const spread = (rng: Rng, amount: number) => (rng.next() * 2 - 1) * amount;

function isRigid(views: readonly ViewDrawing[]): boolean {
  return views.some(
    (v) => v.form?.kind === 'cylinder' || v.prints.some((p) => p.placement.kind === 'cylinder' || p.placement.kind === 'affine'),
  );
}

function modelMap(arch: Archetype, views: readonly ViewDrawing[], model: number): ModelMap {
  const rng = createRng(hash32(`${arch.key}#model${model}`));
  const rigid = isRigid(views);
  const soft = !rigid && views.every((v) => (v.form?.kind ?? 'soft') === 'soft');
  const scale = 0.94 + rng.next() * 0.06;
  const turn = rigid ? 0 : (spread(rng, soft ? 3.2 : 1.6) * Math.PI) / 180;
  const dx = spread(rng, 16);
  const dy = spread(rng, 12);
  const flare = soft ? spread(rng, 0.05) : 0;
  const sway = soft ? spread(rng, 9) : 0;
  const box = hullBox(views.flatMap((v) => v.body));
  const cos = Math.cos(turn) * scale;
  const sin = Math.sin(turn) * scale;
  const f = ([x0, y0]: Pt): Pt => {
    // The cut and the drape first (relative to the product's own height), then the turn, scale and shift about the centre.
    const t = Math.min(1, Math.max(0, (y0 - box.y) / Math.max(1, box.h)));
    const x1 = 500 + (x0 - 500) * (1 + flare * t * t) + sway * Math.sin(Math.PI * t);
    const ux = x1 - 500;
    const uy = y0 - 500;
    return [round(500 + ux * cos - uy * sin + dx), round(500 + ux * sin + uy * cos + dy)];
  };
  const edgeK = 0.85 + rng.next() * 0.3;
  const puffK = 0.8 + rng.next() * 0.45;
  return { f, scale, rigid, soft, edgeK, puffK, rng };
}

function mapPlacement(p: Placement, m: ModelMap): Placement {
  switch (p.kind) {
    case 'bezier':
      return { kind: 'bezier', points: p.points.map(m.f) };
    case 'perspective': {
      const [a, b, c, d] = p.quad;
      return { kind: 'perspective', quad: [m.f(a), m.f(b), m.f(c), m.f(d)] };
    }
    case 'affine': {
      // Rigid maps only scale and move, so the box's corners stay a box.
      const [x, y] = m.f([p.box.x, p.box.y]);
      return { kind: 'affine', box: { x, y, w: round(p.box.w * m.scale), h: round(p.box.h * m.scale) } };
    }
    case 'cylinder': {
      const [cx, topY] = m.f([p.cx, p.topY]);
      const [, bottomY] = m.f([p.cx, p.bottomY]);
      return {
        ...p,
        cx,
        topY,
        bottomY,
        radiusTop: round(p.radiusTop * m.scale),
        radiusBottom: round(p.radiusBottom * m.scale),
        ellipseTop: round(p.ellipseTop * m.scale),
        ellipseBottom: round(p.ellipseBottom * m.scale),
      };
    }
  }
}

function mapForm(form: Form | undefined, m: ModelMap): Form | undefined {
  if (!form) return form;
  switch (form.kind) {
    case 'cylinder':
      return { ...form, x0: m.f([form.x0, 500])[0], x1: m.f([form.x1, 500])[0], edge: round(form.edge * m.scale) };
    case 'slab':
      return { ...form, edge: round(form.edge * m.scale) };
    case 'soft':
      return { kind: 'soft', edge: round(form.edge * m.edgeK), puff: round(form.puff * m.puffK) };
  }
}

const mapOrnament = (o: Ornament, m: ModelMap): Ornament => ({
  ...o,
  shape: mapShape(o.shape, m.f),
  ...(o.strokeWidth !== undefined ? { strokeWidth: round(o.strokeWidth * m.scale) } : {}),
});

/** A gentle drape fold: a shallow S across part of the body, where cloth lies in a soft valley. */
function drapeFold(box: Box, rng: Rng): Fold {
  const x = box.x + box.w * (0.22 + rng.next() * 0.56);
  const y = box.y + box.h * (0.3 + rng.next() * 0.55);
  const len = box.h * (0.1 + rng.next() * 0.14);
  const angle = ((rng.next() < 0.5 ? -1 : 1) * (20 + rng.next() * 55) * Math.PI) / 180;
  const ex = x + Math.sin(angle) * len;
  const ey = y + Math.cos(angle) * len;
  const bend = spread(rng, len * 0.25);
  const path: Ring = [
    [round(x), round(y)],
    [
      round(x + (ex - x) / 3 + bend),
      round(y + (ey - y) / 3),
      round(x + ((ex - x) * 2) / 3 - bend),
      round(y + ((ey - y) * 2) / 3),
      round(ex),
      round(ey),
    ],
  ];
  // Wide and faint: a drape valley the light finds, not a drawn line (the drawing's folds carry the crisp ones).
  return { path, width: round(16 + rng.next() * 12), opacity: round(0.025 + rng.next() * 0.025), blur: rng.pick([10, 16]) };
}

function mapView(view: ViewDrawing, m: ModelMap): ViewDrawing {
  const rng = m.rng.fork(`view:${view.id}`);
  const body: Shape = mapShape(view.body, m.f);
  let folds: Fold[] = (view.folds ?? []).map((fd) => ({ ...fd, path: mapRing(fd.path, m.f), width: round(fd.width * m.scale) }));
  if (m.soft) {
    // A fold layout of its own: seams (crisp) stay, some soft folds go, new drape folds come.
    folds = folds.filter((fd) => fd.blur < 3 || rng.next() > 0.3);
    const box = hullBox(body);
    const extra = rng.int(2, 4);
    for (let i = 0; i < extra; i += 1) folds.push(drapeFold(box, rng));
  }
  const tones: Tone[] | undefined = view.tones?.map((t) => ({ ...t, shape: mapShape(t.shape, m.f) }));
  const prints: PrintArea[] = view.prints.map((p) => ({
    ...p,
    placement: mapPlacement(p.placement, m),
    ...(p.clip ? { clip: mapShape(p.clip, m.f) } : {}),
  }));
  const form = mapForm(view.form, m);
  return {
    ...view,
    body,
    folds,
    ...(tones ? { tones } : {}),
    ...(view.ornaments ? { ornaments: view.ornaments.map((o) => mapOrnament(o, m)) } : {}),
    ...(view.underlays ? { underlays: view.underlays.map((o) => mapOrnament(o, m)) } : {}),
    prints,
    ...(form ? { form } : {}),
  };
}

const cache = new WeakMap<Archetype, Map<number, Archetype>>();

/**
 * The archetype as model `model` draws it (model 0: the archetype itself). Views of the
 * archetype's own `modelViews` take the finish and form of the drawing's view of the same id.
 */
export function modelArchetype(arch: Archetype, model: number): Archetype {
  if (model === 0) return arch;
  if (!Number.isInteger(model) || model < 0 || model >= MODEL_COUNT) throw new Error(`model ${model} is not one of 0-${MODEL_COUNT - 1}`);
  const models = cache.get(arch) ?? new Map<number, Archetype>();
  cache.set(arch, models);
  const known = models.get(model);
  if (known) return known;
  const base = new Map(arch.views.map((v) => [v.id, v]));
  const drawn = (arch.modelViews?.(model) ?? arch.views).map((v): ViewDrawing => {
    const own = base.get(v.id);
    return { ...(own?.finish ? { finish: own.finish } : {}), ...(own?.form ? { form: own.form } : {}), ...v };
  });
  const map = modelMap(arch, drawn, model);
  const made: Archetype = { ...arch, views: drawn.map((v) => mapView(v, map)) };
  models.set(model, made);
  return made;
}
