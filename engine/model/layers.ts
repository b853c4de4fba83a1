import { BLEND_MODES, type BlendCode, type BlendMode } from './constants.ts';
import { DataError } from './errors.ts';
import type { AffineMatrix, Point, ProjectionMatrix, Quad, QuiltWarpPoints, SmartObjectLayer, TemplateLayer } from './types.ts';

export function blendModeOf(code: BlendCode): BlendMode {
  return BLEND_MODES[code];
}

/** M and PS joined into one value a renderer can switch on with full narrowing. */
export type LayerWarp =
  | { kind: 'affine'; matrix: AffineMatrix }
  | { kind: 'perspective'; quad: Quad }
  | { kind: 'bezier'; points: Point[]; projection: ProjectionMatrix | null }
  | { kind: 'quilt'; mesh: QuiltWarpPoints; projection: ProjectionMatrix | null }
  | { kind: 'cylinder'; quad: Quad; bulgeTop: number; bulgeBottom: number; arc: number };

/**
 * Throws a DataError only for layers that skipped validation: validated layers always pair
 * M 'bezier' with 16 custom points and M 'quilt' with a quilt grid.
 */
export function layerWarp(layer: SmartObjectLayer): LayerWarp {
  const m = layer.M;
  switch (m.kind) {
    case 'affine':
      return { kind: 'affine', matrix: m.matrix };
    case 'perspective':
      return { kind: 'perspective', quad: m.nonAffine ?? m.quad };
    case 'cylinder':
      return { kind: 'cylinder', quad: m.quad, bulgeTop: m.bulgeTop, bulgeBottom: m.bulgeBottom, arc: m.arc };
    case 'bezier':
      if (layer.PS?.kind !== 'custom') throw new DataError('PS: bezier warp needs custom points');
      return { kind: 'bezier', points: layer.PS.points, projection: m.projection ?? null };
    case 'quilt':
      if (layer.PS?.kind !== 'quilt') throw new DataError('PS: quilt warp needs a quilt grid');
      return { kind: 'quilt', mesh: layer.PS, projection: m.projection ?? null };
  }
}

/** Depth-first, parents before children, in drawing order. */
export function* walkLayers(
  layers: readonly TemplateLayer[],
  parents: readonly TemplateLayer[] = [],
): Generator<{ layer: TemplateLayer; parents: readonly TemplateLayer[] }> {
  for (const layer of layers) {
    yield { layer, parents };
    if (layer.T === 'Group') yield* walkLayers(layer.CF, [...parents, layer]);
  }
}

/** Flat ids a template's view layers show, so a renderer knows which flats to compose first. */
export function layerFlatIds(layers: readonly TemplateLayer[]): string[] {
  const ids = new Set<string>();
  for (const { layer } of walkLayers(layers)) {
    if (layer.T === 'SmartObject' && layer.F.kind === 'flat') ids.add(layer.F.flatId);
  }
  return [...ids];
}
