/**
 * Turns a smart-object layer's warp (M with PS and OS) into a triangle mesh in view pixels with
 * projective texture coordinates over the flat. Pure (no GL), so it can be tested and cached.
 *
 * The flat texture covers uv 0..1 (unless a `TextureSpan` says otherwise): OS is the size the
 * flat is stretched to, so source pixel (x, y) of the smart object is uv (x / OS.w, y / OS.h).
 */
import {
  applyHomography,
  buildCellMesh,
  buildCylinderMesh,
  buildPatchMesh,
  buildQuiltMesh,
  boundsOfPoints,
  chooseCylinderColumns,
  chooseMeshDensity,
  createQuiltWarp,
  evaluatePatch,
  patchHullBounds,
  photoshopPatchCells,
  photoshopPatchSegments,
  solveHomography,
  type Bounds,
  type CylinderView,
  type Mesh,
  type Quad as GeoQuad,
  type Vec2,
} from '../../geometry/index.ts';
import { layerWarp, type LayerWarp, type Point, type ProjectionMatrix, type Quad, type SmartObjectLayer } from '../../model/index.ts';

export interface LayerMesh {
  /** x,y per vertex in view px. */
  readonly positions: Float32Array;
  /** u*q, v*q, q per vertex (q = 1 except for perspective quads). */
  readonly uvq: Float32Array;
  /** Lighting factor per vertex (cylinders); null means unlit. */
  readonly shade: Float32Array | null;
  readonly indices: Uint32Array;
  /** Bounds of the positions, view px. */
  readonly bounds: Bounds;
}

const QUAD_UVS: GeoQuad = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];
const QUAD_INDICES = new Uint32Array([0, 1, 2, 0, 2, 3]);

export function quadPoints(q: Quad): GeoQuad {
  return [
    [q[0], q[1]],
    [q[2], q[3]],
    [q[4], q[5]],
    [q[6], q[7]],
  ];
}

const vec = (p: Point): Vec2 => [p.x, p.y];

function boundsOfPositions(positions: Float32Array): Bounds {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < positions.length; i += 2) {
    const x = positions[i] as number;
    const y = positions[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/**
 * A grid mesh as a layer mesh. With a projection, each vertex is projected into the view. By
 * default its texture coordinate carries the projection's 1/w, so that inside each triangle the
 * texture is interpolated linearly in the warp's frame (as the surface is), not in view space.
 * `linearInView` interpolates it linearly across each triangle as drawn, as Photoshop's
 * tessellation does: the texture then bends slightly at the triangle edges, as in its renders.
 */
function fromGridMesh(
  mesh: Pick<Mesh, 'positions' | 'uvs' | 'indices'>,
  shade: Float32Array | null,
  mapUv?: (u: number, v: number) => Vec2,
  projection?: ProjectionMatrix | null,
  linearInView = false,
): LayerMesh {
  const n = mesh.uvs.length / 2;
  const uvq = new Float32Array(n * 3);
  const positions = projection ? new Float32Array(mesh.positions.length) : mesh.positions;
  for (let i = 0; i < n; i++) {
    const u = mesh.uvs[2 * i] as number;
    const v = mesh.uvs[2 * i + 1] as number;
    const [tu, tv] = mapUv ? mapUv(u, v) : [u, v];
    let q = 1;
    if (projection) {
      const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = projection;
      const x = mesh.positions[2 * i] as number;
      const y = mesh.positions[2 * i + 1] as number;
      const w = m2 * x + m5 * y + m8;
      positions[2 * i] = (m0 * x + m3 * y + m6) / w;
      positions[2 * i + 1] = (m1 * x + m4 * y + m7) / w;
      if (!linearInView) q = 1 / w;
    }
    uvq[3 * i] = tu * q;
    uvq[3 * i + 1] = tv * q;
    uvq[3 * i + 2] = q;
  }
  return { positions, uvq, shade, indices: mesh.indices, bounds: boundsOfPositions(positions) };
}

/** Bounds of `points` after the projection (when there is one): what the output covers. */
function projectedBounds(points: readonly Vec2[], projection: ProjectionMatrix | null): Bounds {
  return boundsOfPoints(projection ? points.map((p) => applyHomography(projection, p)) : points);
}

/** Source rectangle (OS) mapped by an affine matrix: exact with two triangles. */
function affineMesh(matrix: readonly number[], w: number, h: number): LayerMesh {
  const [a, b, c, d, e, f] = matrix as [number, number, number, number, number, number];
  const positions = new Float32Array(8);
  const uvq = new Float32Array(12);
  QUAD_UVS.forEach(([u, v], i) => {
    const x = u * w;
    const y = v * h;
    positions[2 * i] = a * x + c * y + e;
    positions[2 * i + 1] = b * x + d * y + f;
    uvq.set([u, v, 1], 3 * i);
  });
  return { positions, uvq, shade: null, indices: QUAD_INDICES, bounds: boundsOfPositions(positions) };
}

/**
 * A perspective quad drawn as two triangles, exact: with H mapping uv to the view, H⁻¹(X, Y, 1)
 * = (u, v, 1) / w is linear in screen position, so interpolating (u/w, v/w, 1/w) across each
 * triangle and dividing per pixel reproduces the homography everywhere (no mesh needed).
 */
function perspectiveMesh(quad: Quad): LayerMesh {
  const corners = quadPoints(quad);
  const h = solveHomography(QUAD_UVS, corners);
  const positions = new Float32Array(8);
  const uvq = new Float32Array(12);
  QUAD_UVS.forEach(([u, v], i) => {
    const corner = corners[i] as Vec2;
    positions[2 * i] = corner[0];
    positions[2 * i + 1] = corner[1];
    const w = h[2] * u + h[5] * v + h[8];
    uvq.set([u / w, v / w, 1 / w], 3 * i);
  });
  return { positions, uvq, shade: null, indices: QUAD_INDICES, bounds: boundsOfPositions(positions) };
}

/** The flat patch in uv (control points evenly spaced over 0..1), for perspective quads. */
const UNIT_PATCH: Vec2[] = Array.from({ length: 16 }, (_, i) => [(i % 4) / 3, Math.floor(i / 4) / 3]);

/**
 * Where a flat's texture lies in the flat's own uv (0..1 spans the flat). A texture that is the
 * flat itself, or the flat resampled whole, spans 0..1. A half-up pyramid level of an odd-sized
 * flat keeps its last texel (render/compose/pyramid.ts), so its texels, 2^level flat px each,
 * reach past the flat: 999 px reduced twice is 250 texels, 1000 px. Photoshop draws such a level
 * at its texels' own size, so the texture spans 0..1000/999 (laid from the flat's right edge,
 * x0 < 0, when the placement mirrors the layer and the level was built in the mirrored frame).
 */
export interface TextureSpan {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

export const WHOLE_FLAT: TextureSpan = { x0: 0, x1: 1, y0: 0, y1: 1 };

/** Flat uv -> texture uv under `span`. */
const inSpan =
  (span: TextureSpan) =>
  (u: number, v: number): Vec2 => [(u - span.x0) / (span.x1 - span.x0), (v - span.y0) / (span.y1 - span.y0)];

/**
 * Whether a quad (corners at the flat's top-left, top-right, bottom-right, bottom-left) shows the
 * flat mirrored: its corners run the other way round in the view (y down).
 */
export function quadMirrored(quad: Quad): boolean {
  return (quad[2] - quad[0]) * (quad[7] - quad[1]) - (quad[3] - quad[1]) * (quad[6] - quad[0]) < 0;
}

/**
 * A perspective quad as Photoshop draws it: Photoshop renders a perspective placement with the
 * same tessellation as a warp (the untouched patch, its control points projected into the view to
 * choose the grid), the texture linear across each triangle in view space. Measured on two
 * strongly foreshortened layers: the predicted 8x8 grid is the sharp optimum (MAE 0.65 and 0.67
 * against 0.90 and 0.99 for the exact homography; 6x6 0.78, 12x12 0.80, 32x32 0.92).
 *
 * The patch spans the texture's texels, not the flat (`span`): a reduced perspective layer is
 * drawn from a pyramid level whose kept last texel reaches past an odd-sized flat, and
 * Photoshop's outline reaches that far too (the quad's homography carried past its edge). On
 * werps' two layers (999 px drawn at about a quarter, 1000 px of texels) that is the right and
 * bottom edges' missing 0.3 px; on the mirrored layers the extra texel lies on the flat's left,
 * the view's right, as if Photoshop built the level from the mirrored image.
 *
 * Its texture also sits one source row lower than the quad says: of the shifts tried (whole and
 * half rows, across and down), one row up is the best on each of the three layers a shift changes
 * (two documents, one placement mirrored), with the level as with the 1.25x flat before it; the
 * other two perspective layers do not move. The same shift makes every warp worse, so it belongs
 * to Photoshop's perspective resampling alone (engine/psd/README.md).
 */
function photoshopPerspectiveMesh(quad: Quad, source: { w: number; h: number }, span: TextureSpan): LayerMesh {
  const h = solveHomography(QUAD_UVS, quadPoints(quad));
  const patch: Vec2[] = UNIT_PATCH.map(([x, y]) => [span.x0 + x * (span.x1 - span.x0), span.y0 + y * (span.y1 - span.y0)]);
  const oneRowUp = (u: number, v: number): Vec2 => [u, v - 1 / (source.h * (span.y1 - span.y0))];
  return fromGridMesh(buildPatchMesh(patch, patchSegments(patch, h), 'up'), null, oneRowUp, h, true);
}

/**
 * The model's cylinder (a corner quad of the visible band, edge sag at the centre, arc in
 * degrees) as the geometry kernel's camera-space description.
 *
 * The quad's left and right edges are where the print's visible part ends: at ±arc/2 around the
 * axis, or at the silhouette (±90°) when the arc wraps further. A horizontal circle projects to
 * an ellipse; a point at angle θ sits at yc + e·cos θ, so the corners (θe) and the centre (0)
 * give e = sag / (1 − cos θe) and yc = cornerY − e·cos θe.
 */
export function cylinderViewFromModel(warp: Extract<LayerWarp, { kind: 'cylinder' }>): CylinderView {
  const [tl, tr, br, bl] = quadPoints(warp.quad);
  const thetaEdge = (Math.min(warp.arc / 2, 90) * Math.PI) / 180;
  const sinE = Math.sin(thetaEdge);
  const cosE = Math.cos(thetaEdge);
  const radius = (tr[0] - tl[0]) / 2 / sinE;
  const radiusBottom = (br[0] - bl[0]) / 2 / sinE;
  const centerX = (tl[0] + tr[0] + bl[0] + br[0]) / 4;
  // Tiny arcs barely curve: a sag there would need an enormous ellipse, so it is ignored.
  const flatness = 1 - cosE;
  const ellipse = (sag: number): number => (flatness > 1e-6 ? sag / flatness : 0);
  const topEllipse = ellipse(warp.bulgeTop);
  const bottomEllipse = ellipse(warp.bulgeBottom);
  const topCornerY = (tl[1] + tr[1]) / 2;
  const bottomCornerY = (bl[1] + br[1]) / 2;
  return {
    centerX,
    radius,
    radiusBottom,
    topY: topCornerY - topEllipse * cosE,
    bottomY: bottomCornerY - bottomEllipse * cosE,
    topEllipse,
    bottomEllipse,
    arcDegrees: warp.arc,
  };
}

/**
 * Segments Photoshop cuts a patch into, judged on its control points as they land in the view
 * (projected under a perspective placement, where the projection bends the rows and columns too).
 */
function patchSegments(points: readonly Vec2[], projection: ProjectionMatrix | null): { cols: number; rows: number } {
  return photoshopPatchSegments(inView(points, projection));
}

/** Control points as they land in the view: projected under a perspective placement. */
function inView(points: readonly Vec2[], projection: ProjectionMatrix | null): readonly Vec2[] {
  return projection ? points.map((p) => applyHomography(projection, p)) : points;
}

/**
 * Mesh for `layer` drawn at `outputScale` output px per view px. A warp marked
 * `tessellation: 'photoshop'` (smart objects from a PSD) is cut as Photoshop cuts it
 * (engine/geometry/tessellation.ts): coarse cells, in view px whatever the output size (a single
 * patch cut adaptively, a quilt and a perspective quad on one grid), each cell split along its
 * (u0, v0)-(u1, v1) diagonal, the texture linear across each triangle;
 * the exact surface is not what Photoshop shows. Other warps are sampled finely for the exact
 * surface (chooseMeshDensity: at least 20x20, more for large outputs). Straight placements are
 * exact with one quad, and cylinders are sampled densely for large outputs.
 */
export function buildLayerMesh(layer: SmartObjectLayer, outputScale: number, span: TextureSpan = WHOLE_FLAT): LayerMesh {
  const whole = span === WHOLE_FLAT || (span.x0 === 0 && span.x1 === 1 && span.y0 === 0 && span.y1 === 1);
  const warp = layerWarp(layer);
  switch (warp.kind) {
    case 'affine':
      return affineMesh(warp.matrix, layer.OS.w, layer.OS.h);
    case 'perspective':
      return layer.tessellation === 'photoshop' ? photoshopPerspectiveMesh(warp.quad, layer.OS, span) : perspectiveMesh(warp.quad);
    case 'bezier': {
      const points = warp.points.map(vec);
      if (layer.tessellation === 'photoshop') {
        // Cut adaptively inside the patch, judged on the control points as they land in the view.
        const cells = photoshopPatchCells(inView(points, warp.projection));
        const mesh = buildCellMesh(cells, (u, v) => evaluatePatch(points, u, v));
        return fromGridMesh(mesh, null, whole ? undefined : inSpan(span), warp.projection, true);
      }
      const b = warp.projection ? projectedBounds(points, warp.projection) : patchHullBounds(points);
      const density = chooseMeshDensity((b.maxX - b.minX) * outputScale, (b.maxY - b.minY) * outputScale);
      return fromGridMesh(buildPatchMesh(points, density), null, undefined, warp.projection);
    }
    case 'quilt': {
      const q = warp.mesh;
      const quilt = createQuiltWarp({
        points: q.points.map(vec),
        rows: q.rows,
        cols: q.cols,
        sliceX: q.quiltSliceX,
        sliceY: q.quiltSliceY,
        sourceWidth: layer.OS.w,
        sourceHeight: layer.OS.h,
      });
      // The mesh's uv spans the slices (first to last); the texture spans the whole OS (or `span`).
      const x0 = quilt.sliceX[0] as number;
      const y0 = quilt.sliceY[0] as number;
      const sx = (quilt.sliceX[quilt.sliceX.length - 1] as number) - x0;
      const sy = (quilt.sliceY[quilt.sliceY.length - 1] as number) - y0;
      let mesh;
      if (layer.tessellation === 'photoshop') {
        // One grid through the whole quilt: each patch column gets the most segments any of its
        // patches needs, each patch row likewise, so neighbouring patches share their vertices.
        const cols = new Array<number>(quilt.patchCols).fill(1);
        const rows = new Array<number>(quilt.patchRows).fill(1);
        quilt.patches.forEach((patch, i) => {
          const s = patchSegments(patch, warp.projection);
          const pc = i % quilt.patchCols;
          const pr = Math.floor(i / quilt.patchCols);
          cols[pc] = Math.max(cols[pc] as number, s.cols);
          rows[pr] = Math.max(rows[pr] as number, s.rows);
        });
        mesh = buildQuiltMesh(quilt, { cols, rows }, 'up');
      } else {
        const b = projectedBounds(q.points.map(vec), warp.projection);
        mesh = buildQuiltMesh(quilt, chooseMeshDensity((b.maxX - b.minX) * outputScale, (b.maxY - b.minY) * outputScale));
      }
      const texture = inSpan(span);
      const uv = (u: number, v: number): Vec2 => texture((x0 + u * sx) / layer.OS.w, (y0 + v * sy) / layer.OS.h);
      return fromGridMesh(mesh, null, uv, warp.projection, layer.tessellation === 'photoshop');
    }
    case 'cylinder': {
      const view = cylinderViewFromModel(warp);
      // Column spacing is chosen in output px, so scale the kernel's px threshold into view px.
      const columns = chooseCylinderColumns(view, 8 / Math.max(outputScale, 1e-6));
      const mesh = buildCylinderMesh(view, columns);
      return fromGridMesh(mesh, mesh.shade);
    }
  }
}
