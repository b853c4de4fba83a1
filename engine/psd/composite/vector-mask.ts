/**
 * Vector masks drawn as anti-aliased coverage in document pixels: the Bezier subpaths flattened
 * (engine/geometry), filled per path component, and the components combined with their boolean
 * operations in stacking order, as Photoshop's path panel combines shapes.
 */
import type { BezierPath, LayerMaskData, LayerVectorMask } from 'ag-psd';
import { flattenPath, pathFromPsdPaths, type Polygon } from '../../geometry';
import { type Coverage, type Rect, createCoverage, intersectRects, unionRects } from './coverage';
import { rasterizePolygons } from './rasterize';
import { applyDensity, featherCoverage } from './masks';

/** Flattening tolerance in pixels: chords cut inside curves, so this keeps the area lost below 1/255 of an edge pixel. */
const TOLERANCE_PX = 0.005;

type Operation = NonNullable<BezierPath['operation']>;

interface Component {
  operation: Operation;
  paths: BezierPath[];
}

/** A subpath without an operation continues the component above it (one shape, several rings). */
function components(paths: readonly BezierPath[]): Component[] {
  const out: Component[] = [];
  for (const p of paths) {
    const last = out[out.length - 1];
    if (p.operation || !last) out.push({ operation: p.operation ?? 'combine', paths: [p] });
    else last.paths.push(p);
  }
  return out;
}

function boundsOf(polygons: readonly Polygon[]): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const poly of polygons) {
    for (const [x, y] of poly.points) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  if (!(maxX >= minX)) return { left: 0, top: 0, width: 0, height: 0 };
  const left = Math.floor(minX);
  const top = Math.floor(minY);
  return { left, top, width: Math.ceil(maxX) - left, height: Math.ceil(maxY) - top };
}

function combine(op: Operation, a: number, c: number): number {
  switch (op) {
    case 'combine':
      return a + c - a * c;
    case 'subtract':
      return a * (1 - c);
    case 'intersect':
      return a * c;
    case 'exclude':
      return a + c - 2 * a * c;
  }
}

/**
 * Coverage of a vector mask within `bounds` (the document), before density, feather and invert.
 */
export function rasterizeVectorPaths(paths: readonly BezierPath[], startsWithAll: boolean, bounds: Rect): Coverage {
  const comps = components(paths.filter((p) => p.knots.length > 0)).map((c) => ({
    operation: c.operation,
    fillRule: c.paths[0]?.fillRule === 'even-odd' ? ('evenodd' as const) : ('nonzero' as const),
    polygons: flattenPath(pathFromPsdPaths(c.paths.map((p) => ({ open: p.open, knots: p.knots }))), TOLERANCE_PX),
  }));
  let rect: Rect = { left: 0, top: 0, width: 0, height: 0 };
  for (const c of comps) rect = unionRects(rect, boundsOf(c.polygons));
  rect = intersectRects(rect, bounds);
  // Far from every path each component covers nothing, so the outside value is the operations
  // applied to empty shapes.
  let outside = startsWithAll ? 1 : 0;
  for (const c of comps) outside = combine(c.operation, outside, 0);
  const out = createCoverage(rect, outside, startsWithAll ? 1 : 0);
  for (const c of comps) {
    const cov = rasterizePolygons(c.polygons, rect, c.fillRule);
    const d = out.data;
    for (let i = 0; i < d.length; i++) d[i] = combine(c.operation, d[i]!, cov.data[i]!);
  }
  return out;
}

/** The vector mask's final coverage (invert, density, feather applied), or null when disabled. */
export function vectorMaskCoverage(vm: LayerVectorMask, maskParams: LayerMaskData | undefined, bounds: Rect): Coverage | null {
  if (vm.disable) return null;
  let c = rasterizeVectorPaths(vm.paths ?? [], !!vm.fillStartsWithAllPixels, bounds);
  if (vm.invert) {
    const d = c.data;
    for (let i = 0; i < d.length; i++) d[i] = 1 - d[i]!;
    c = { ...c, outside: 1 - c.outside };
  }
  if (maskParams?.vectorMaskDensity !== undefined) c = applyDensity(c, maskParams.vectorMaskDensity);
  if (maskParams?.vectorMaskFeather) c = featherCoverage(c, maskParams.vectorMaskFeather, bounds);
  return c;
}
