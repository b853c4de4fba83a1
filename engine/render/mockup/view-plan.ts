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
  for (const { layer, parents } of walkLayers(layers)) {
    const path = pathOf.get(layer) ?? [];
    if (layer.T === 'Group') {
      layer.CF.forEach((child, i) => pathOf.set(child, [...path, i]));
      continue;
    }
    const clips: (readonly PathCommand[])[] = [];
    for (const p of parents) if (p.PPC && p.PPC.length > 0) clips.push(p.PPC);
    if (layer.PPC && layer.PPC.length > 0) clips.push(layer.PPC);
    out.push({ layer, path, clips });
  }
  return out;
}

export interface PlannedPart {
  readonly url: string;
  /** 'multiply' for shadow parts, 'normal' otherwise. */
  readonly mode: 'multiply' | 'normal';
}

/**
 * Part overlays: shadows and plain parts in list order, then ornaments (which the spec draws on
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
