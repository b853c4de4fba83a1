/**
 * Where a flat lands on a view's photo, as one projective map: what an editor needs to show the
 * product around the print area it edits (the photo drawn under the flat, lined up with it).
 *
 * The map takes the four corners of the smart object that shows the flat to the flat's corners,
 * so it is exact for affine and perspective placements and follows a warp through its corners
 * only (inside the flat the editor draws the flat itself, so only the surroundings rely on it).
 * Cylinders (mugs, tumblers) bend the flat all the way round the barrel: no straight map lines
 * the photo up with a flat laid out flat, so they have no footprint.
 */
import { applyHomography, solveHomography, sourceRectQuad, type Mat3, type Quad, type Vec2 } from '../../geometry/index.ts';
import { layerWarp, type CustomTemplate, type SmartObjectLayer, type TemplateLayer, type TemplateView } from '../../model/index.ts';

export interface FlatFootprint {
  readonly viewId: string;
  /** The view photo's size in its own pixels. */
  readonly viewWidth: number;
  readonly viewHeight: number;
  /** View px to flat design px (column-major, as geometry's homographies). */
  readonly viewToFlat: Mat3;
}

/** The smart-object layers of `view` that show `flatId`, groups included, in drawing order. */
export function layersShowingFlat(view: TemplateView, flatId: string): SmartObjectLayer[] {
  const out: SmartObjectLayer[] = [];
  const visit = (layers: readonly TemplateLayer[]) => {
    for (const l of layers) {
      if (l.T === 'Group') visit(l.CF);
      else if (l.F.kind === 'flat' && l.F.flatId === flatId) out.push(l);
    }
  };
  visit(view.viewData.layers);
  return out;
}

/** The layer's source corners (top-left, top-right, bottom-right, bottom-left) on the photo, or null for a cylinder. */
export function layerCornersInView(layer: SmartObjectLayer): Quad | null {
  const w = layerWarp(layer);
  switch (w.kind) {
    case 'affine': {
      const [a, b, c, d, e, f] = w.matrix;
      return sourceRectQuad(layer.OS.w, layer.OS.h).map(([x, y]) => [a * x + c * y + e, b * x + d * y + f] as Vec2) as unknown as Quad;
    }
    case 'perspective': {
      const q = w.quad;
      return [
        [q[0], q[1]],
        [q[2], q[3]],
        [q[4], q[5]],
        [q[6], q[7]],
      ];
    }
    case 'bezier':
    case 'quilt': {
      const pts = w.kind === 'bezier' ? w.points : w.mesh.points;
      const cols = w.kind === 'bezier' ? 4 : w.mesh.cols;
      const rows = w.kind === 'bezier' ? 4 : w.mesh.rows;
      const at = (i: number): Vec2 => {
        const p = pts[i]!;
        return w.projection ? applyHomography(w.projection, [p.x, p.y]) : [p.x, p.y];
      };
      return [at(0), at(cols - 1), at(rows * cols - 1), at((rows - 1) * cols)];
    }
    case 'cylinder':
      return null;
  }
}

const area = (q: Quad): number => {
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = q[i]!;
    const [x1, y1] = q[(i + 1) % 4]!;
    s += x0 * y1 - x1 * y0;
  }
  return Math.abs(s) / 2;
};

/**
 * The first view (in the template's order) showing `flatId`, through its largest layer showing
 * it; null when no view shows the flat or every layer showing it is a cylinder or degenerate.
 */
export function flatFootprint(template: CustomTemplate, flatId: string): FlatFootprint | null {
  const flat = template.flatList.find((f) => f.flatId === flatId);
  if (!flat) return null;
  const target = sourceRectQuad(flat.flatData.width, flat.flatData.height);
  for (const view of template.viewList) {
    let best: Quad | null = null;
    for (const layer of layersShowingFlat(view, flatId)) {
      const q = layerCornersInView(layer);
      if (q && q.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y)) && (!best || area(q) > area(best))) best = q;
    }
    if (!best) continue;
    try {
      return {
        viewId: view.viewId,
        viewWidth: view.viewData.width,
        viewHeight: view.viewData.height,
        viewToFlat: solveHomography(best, target),
      };
    } catch {
      // Three corners in a line: no map; try the next view.
    }
  }
  return null;
}
