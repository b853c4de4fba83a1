/**
 * Geometry kernel of the rendering engine: pure functions, no DOM, safe in
 * Web Workers and Node. Renderers turn its meshes and matrices into draws.
 */
export type { Bounds, Mesh, Vec2 } from './types';
export { boundsOfPoints, unionBounds, triangleArea2, EMPTY_BOUNDS } from './types';

export { buildGridMesh, uniformSamples, type GridDiagonal } from './grid-mesh';
export {
  PHOTOSHOP_CELL_SEGMENTS,
  PHOTOSHOP_FLATNESS_PX,
  PHOTOSHOP_MAX_SEGMENTS,
  buildCellMesh,
  patchDeviation,
  photoshopPatchCells,
  type PatchCell,
  segmentsForDeviation,
  photoshopPatchSegments,
} from './tessellation';

export type { PatchPoints, MeshDensity } from './bezier-patch';
export {
  bernstein3,
  bernstein3Derivative,
  assertPatchPoints,
  evaluatePatch,
  patchDerivatives,
  identityPatch,
  patchFromMeshPoints,
  patchHullBounds,
  chooseMeshDensity,
  buildPatchMesh,
  MIN_MESH_SEGMENTS,
  MAX_MESH_SEGMENTS,
  MAX_SEGMENT_PX,
} from './bezier-patch';

export type { QuiltWarpInput, QuiltWarp, QuiltLocation, PsdWarpLike, QuiltSegments } from './quilt-warp';
export {
  createQuiltWarp,
  quiltFromPsdWarp,
  locateQuiltPatch,
  evaluateQuilt,
  evaluateQuiltNormalized,
  quiltDerivatives,
  buildQuiltMesh,
} from './quilt-warp';

export type { Mat3, ReadonlyMat3, Quad } from './homography';
export {
  IDENTITY_MAT3,
  assertQuadNonDegenerate,
  solveHomography,
  applyHomography,
  invertHomography,
  composeHomography,
  multiplyMat3,
  normalizeHomography,
  mat3FromMat2d,
  mat2dFromMat3,
  isAffineHomography,
  quadFromPsdCorners,
  sourceRectQuad,
  affineFromPsdTransform,
  perspectiveFromPsdTransforms,
  placedLayerHomography,
} from './homography';

export type { Mat2d, ReadonlyMat2d, OriginX, OriginY, ElementTransform } from './affine';
export {
  IDENTITY_MAT2D,
  cosSinDegrees,
  transformedDimensions,
  elementCenter,
  fabricObjectMatrix,
  elementMatrix,
  invertAffine,
  multiplyAffine,
  applyAffine,
  elementCorners,
  elementBounds,
  hitTestElement,
} from './affine';

export type { CylinderView, CylinderSample, CylinderMesh } from './cylinder';
export {
  assertCylinderView,
  sampleCylinder,
  cylinderPoint,
  cylinderShade,
  visibleURange,
  chooseCylinderColumns,
  buildCylinderMesh,
  MIN_CYLINDER_COLUMNS,
  MAX_CYLINDER_COLUMNS,
} from './cylinder';

export type { PathKnot, SubPath, ClipPath, FillRule, Polygon, PsdBezierPathLike, PathCommand, TriangulatedPath } from './path';
export {
  pathFromPsdPaths,
  pathFromCommands,
  flattenPath,
  pathBounds,
  signedArea,
  polygonArea,
  windingNumber,
  pointInPolygons,
  triangulatePolygon,
  triangulatePath,
} from './path';

export type { TilingPattern, TilingInput, Tile, TilingResult } from './tiling';
export {
  TILING_PATTERNS,
  MAX_TILES,
  MAX_TILES_MESSAGE,
  RANDOM_SCALE_RANGE,
  RANDOM_ANGLE_RANGE,
  mulberry32,
  layoutTiles,
  tileMatrix,
} from './tiling';
