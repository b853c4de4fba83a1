/**
 * What a view draws, in order, before any GL work: the smart-object layers of the T/CF tree with
 * the clip paths that apply to each, and the part overlays. Pure.
 */
import {
  walkLayers,
  type PathCommand,
  type SmartObjectLayer,
  type TemplateLayer,
  type TemplateView,
  type ViewPart,
} from '../../model/index.ts';

export interface PlannedLayer {
  readonly layer: SmartObjectLayer;
  /** Indices from the view's layer list down to this layer ([1, 0]: first child of the second layer). */
  readonly path: readonly number[];
  /**
   * Clip paths, outermost group first, then the layer's own PPC; the layer shows only where it
   * is inside all of them.
   */
  readonly clips: readonly (readonly PathCommand[])[];
  /**
   * For a layer clipped to the one below (`clipToBelow`): the index in the plan of its base, the
   * nearest earlier sibling that is not clipped; null for a layer drawn on its own, and for a
   * clipped layer without a smart-object base (which then draws on its own).
   */
  readonly clipBase: number | null;
}

/**
 * Smart-object layers in drawing order (list order, depth first, as walkLayers yields them).
 * Groups pass through: their children blend straight onto the composite with their own blend
 * code and opacity; a group contributes only its PPC, which clips every descendant.
 */
export function planViewLayers(layers: readonly TemplateLayer[]): PlannedLayer[] {
  const out: PlannedLayer[] = [];
  const pathOf = new Map<TemplateLayer, readonly number[]>();
  layers.forEach((l, i) => pathOf.set(l, [i]));
  // The plan index of each list's current clipping base (null after a group: no smart-object base).
  const baseOf = new Map<readonly TemplateLayer[], number | null>();
  const listOf = new Map<TemplateLayer, readonly TemplateLayer[]>();
  for (const l of layers) listOf.set(l, layers);
  for (const { layer, parents } of walkLayers(layers)) {
    const path = pathOf.get(layer) ?? [];
    const list = listOf.get(layer) ?? layers;
    if (layer.T === 'Group') {
      baseOf.set(list, null);
      layer.CF.forEach((child, i) => {
        pathOf.set(child, [...path, i]);
        listOf.set(child, layer.CF);
      });
      continue;
    }
    const clips: (readonly PathCommand[])[] = [];
    for (const p of parents) if (p.PPC && p.PPC.length > 0) clips.push(p.PPC);
    if (layer.PPC && layer.PPC.length > 0) clips.push(layer.PPC);
    const clipBase = layer.clipToBelow ? (baseOf.get(list) ?? null) : null;
    if (!layer.clipToBelow) baseOf.set(list, out.length);
    out.push({ layer, path, clips, clipBase });
  }
  return out;
}

export interface PlannedPart {
  readonly url: string;
  /** 'multiply' for shadow parts, 'normal' otherwise. */
  readonly mode: 'multiply' | 'normal';
}

/**
 * Part overlays: shadows and plain parts in list order, then ornaments (which the product draws on
 * top of everything). The large image is used when the output is larger than the view's size.
 */
export function planViewParts(view: TemplateView, outputLargerThanView: boolean): PlannedPart[] {
  const pick = (p: ViewPart): string | null => {
    const large = p.partLargeImageUrl;
    if (outputLargerThanView && large) return large;
    return p.imageUrl || large || null;
  };
  const under: PlannedPart[] = [];
  const over: PlannedPart[] = [];
  for (const p of view.partsList) {
    const url = pick(p);
    if (!url) continue;
    if (p.ornament === 1) over.push({ url, mode: 'normal' });
    else under.push({ url, mode: p.shadow === 1 ? 'multiply' : 'normal' });
  }
  return [...under, ...over];
}
