/**
 * Runtime validation of documents that come from outside the engine (API responses, files,
 * drafts). Each validator returns a fresh, normalised copy or a data error whose reason names the
 * offending path. Parsing throws a private error at the first problem and the public functions
 * catch it, so a bad document is rejected whole and never half-built.
 *
 * Rules where the spec is silent:
 * - Unknown fields are dropped; the output holds exactly the model's fields.
 * - Optional fields get the model defaults; null counts as missing for required fields.
 * - Numbers must be JSON numbers (no numeric strings) and finite. Ids may be strings or integers
 *   and come out as strings. 0/1 flags also accept booleans and '0' / '1'.
 */
import { parseHexColor } from './color.ts';
import { is3DCustomType } from './product.ts';
import {
  BLEND_CODES,
  DATA_ERROR_CODE,
  DATA_ERROR_MSG,
  DEFAULT_BLEND_CODE,
  DEFAULT_COLOR,
  DEFAULT_OVERLAY_ALPHA,
  MAX_PRODUCT_OPTIONS,
  TEXT_ALIGNS,
  TEXT_DEFAULTS,
  TILING_PATTERN_TYPES,
  type BlendCode,
  type TextAlign,
  type TilingPatternType,
} from './constants.ts';
import { DataError } from './errors.ts';
import { splitTextLines } from './text.ts';
import type {
  AffineMatrix,
  BackgroundDesign,
  BezierPoints,
  ColorConfig,
  CustomTemplate,
  DesignElement,
  DesignElementBase,
  EngineProduct,
  Flag,
  FlatData,
  FlatDesign,
  Id,
  ImageElement,
  JsonValue,
  LayerFile,
  NamedColor,
  OriginX,
  OriginY,
  PathCommand,
  Point,
  ProductImage,
  ProductOption,
  ProductOptionValue,
  ProductVariant,
  Quad,
  SkuDesign,
  SmartObjectLayer,
  SmartObjectMatrix,
  ProjectionMatrix,
  TemplateFlat,
  TemplateLayer,
  TemplateStyle,
  TemplateView,
  TextElement,
  TextShadow,
  Tiling,
  ViewData,
  ViewPart,
} from './types.ts';

export interface DataErrorResult {
  ok: false;
  code: typeof DATA_ERROR_CODE;
  msg: typeof DATA_ERROR_MSG;
  reason: string;
}

export type ValidationResult<T> = { ok: true; value: T } | DataErrorResult;

// Group nesting in real PSD mockups is a handful of levels; the cap keeps hostile input from
// exhausting the stack.
const MAX_LAYER_DEPTH = 32;
const MAX_JSON_DEPTH = 64;

class Invalid extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(path ? `${path}: ${detail}` : detail);
  }
}

function fail(path: string, detail: string): never {
  throw new Invalid(path, detail);
}

function run<T>(parse: () => T): ValidationResult<T> {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    if (error instanceof Invalid) return dataError(error.message);
    throw error;
  }
}

export function dataError(reason: string): DataErrorResult {
  return { ok: false, code: DATA_ERROR_CODE, msg: DATA_ERROR_MSG, reason };
}

/** The value of a successful result, or a thrown DataError carrying the reason. */
export function unwrap<T>(result: ValidationResult<T>): T {
  if (result.ok) return result.value;
  throw new DataError(result.reason);
}

/** Parses JSON text (editZone / editObj arrive as strings) and validates the result. */
export function validateJson<T>(text: string, validate: (input: unknown) => ValidationResult<T>): ValidationResult<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return dataError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return validate(parsed);
}

// ---------------------------------------------------------------------------------------------
// Primitive readers

type Obj = Record<string, unknown>;

const key = (path: string, name: string) => (path ? `${path}.${name}` : name);
const idx = (path: string, i: number) => `${path}[${i}]`;

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  return typeof v;
}

function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, `expected an object, got ${describe(v)}`);
  return v as Obj;
}

function get(o: Obj, name: string): unknown {
  return Object.hasOwn(o, name) ? o[name] : undefined;
}

const missing = (v: unknown) => v === undefined || v === null;

function req(o: Obj, name: string, path: string): unknown {
  const v = get(o, name);
  if (missing(v)) fail(key(path, name), 'required');
  return v;
}

/** Reads an optional field: the fallback when absent or null, otherwise the parser's value. */
function opt<T, D>(o: Obj, name: string, path: string, parse: (v: unknown, p: string) => T, fallback: D): T | D {
  const v = get(o, name);
  return missing(v) ? fallback : parse(v, key(path, name));
}

function str(v: unknown, path: string): string {
  if (typeof v !== 'string') fail(path, `expected a string, got ${describe(v)}`);
  return v;
}

function nonEmpty(v: unknown, path: string): string {
  const s = str(v, path);
  if (s.trim() === '') fail(path, 'expected a non-empty string');
  return s;
}

function num(v: unknown, path: string): number {
  if (typeof v !== 'number') fail(path, `expected a number, got ${describe(v)}`);
  if (!Number.isFinite(v)) fail(path, `expected a finite number, got ${describe(v)}`);
  return v;
}

function positive(v: unknown, path: string): number {
  const n = num(v, path);
  if (n <= 0) fail(path, `expected a number above 0, got ${n}`);
  return n;
}

function nonNegative(v: unknown, path: string): number {
  const n = num(v, path);
  if (n < 0) fail(path, `expected a number of 0 or more, got ${n}`);
  return n;
}

function int(v: unknown, path: string): number {
  const n = num(v, path);
  if (!Number.isInteger(n)) fail(path, `expected an integer, got ${n}`);
  return n;
}

function id(v: unknown, path: string): Id {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) fail(path, `expected a finite number, got ${describe(v)}`);
    if (!Number.isInteger(v)) fail(path, `expected an integer id, got ${v}`);
    return String(v);
  }
  if (typeof v !== 'string') fail(path, `expected an id (string or integer), got ${describe(v)}`);
  if (v.trim() === '') fail(path, 'expected a non-empty id');
  return v;
}

function flag(v: unknown, path: string): Flag {
  if (v === 0 || v === false || v === '0') return 0;
  if (v === 1 || v === true || v === '1') return 1;
  fail(path, `expected 0 or 1, got ${describe(v)}`);
}

function bool(v: unknown, path: string): boolean {
  if (v === true || v === 1) return true;
  if (v === false || v === 0) return false;
  fail(path, `expected a boolean, got ${describe(v)}`);
}

function hex(v: unknown, path: string): string {
  const s = str(v, path);
  const parsed = parseHexColor(s);
  if (parsed === null) fail(path, `bad hex colour ${describe(s)}`);
  return parsed;
}

function oneOf<T extends string | number>(allowed: readonly T[], what: string) {
  return (v: unknown, path: string): T => {
    const found = allowed.find((a) => a === v);
    if (found === undefined) {
      fail(path, `${what} ${describe(v)}; expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
    }
    return found;
  };
}

function list<T>(v: unknown, path: string, item: (v: unknown, p: string) => T): T[] {
  if (!Array.isArray(v)) fail(path, `expected an array, got ${describe(v)}`);
  return v.map((entry: unknown, i) => item(entry, idx(path, i)));
}

function tuple<N extends number>(v: unknown, path: string, length: N): number[] & { length: N } {
  if (!Array.isArray(v)) fail(path, `expected an array of ${length} numbers, got ${describe(v)}`);
  if (v.length !== length) fail(path, `expected ${length} numbers, got ${v.length}`);
  return v.map((n: unknown, i) => num(n, idx(path, i))) as number[] & { length: N };
}

function uniqueBy<T>(items: readonly T[], path: string, field: string, pick: (item: T) => string): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const value = pick(item);
    if (seen.has(value)) fail(key(idx(path, i), field), `duplicate ${field} ${JSON.stringify(value)}`);
    seen.add(value);
  });
}

function json(v: unknown, path: string, depth = 0): JsonValue {
  if (depth > MAX_JSON_DEPTH) fail(path, 'nesting too deep');
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return num(v, path);
  if (Array.isArray(v)) return v.map((e: unknown, i) => json(e, idx(path, i), depth + 1));
  if (typeof v === 'object') {
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) fail(path, 'expected plain JSON data');
    const out: { [k: string]: JsonValue } = {};
    for (const [k, e] of Object.entries(v)) {
      if (k === '__proto__') fail(key(path, k), 'key not allowed');
      // JSON.stringify drops undefined members; do the same so the copy serialises identically.
      if (e !== undefined) out[k] = json(e, key(path, k), depth + 1);
    }
    return out;
  }
  fail(path, `expected JSON data, got ${describe(v)}`);
}

// ---------------------------------------------------------------------------------------------
// Template

function parsePoint(v: unknown, path: string): Point {
  const o = obj(v, path);
  return { x: num(req(o, 'x', path), key(path, 'x')), y: num(req(o, 'y', path), key(path, 'y')) };
}


const CUSTOM_WARP_POINTS = 16;

function gridSize(v: unknown, path: string): number {
  const n = int(v, path);
  if (n < 4 || (n - 4) % 3 !== 0) fail(path, `expected 4+3n control points, got ${n}`);
  return n;
}

function slices(v: unknown, path: string, expected: number, what: string): number[] {
  if (!Array.isArray(v)) fail(path, `expected an array, got ${describe(v)}`);
  if (v.length !== expected) fail(path, `expected ${expected} slice positions for ${what}, got ${v.length}`);
  const values = list(v, path, num);
  values.forEach((value, i) => {
    const previous = values[i - 1];
    if (previous !== undefined && value <= previous) fail(idx(path, i), 'slice positions must ascend');
  });
  return values;
}

function parsePS(v: unknown, path: string, kind: SmartObjectMatrix['kind']): BezierPoints | null {
  if (kind !== 'bezier' && kind !== 'quilt') {
    if (!missing(v)) fail(path, `not used when M.kind is ${JSON.stringify(kind)}; expected null`);
    return null;
  }
  if (missing(v)) fail(path, `required when M.kind is ${JSON.stringify(kind)}`);

  if (kind === 'bezier') {
    // A bare array of points is the short form of a custom warp.
    const raw = Array.isArray(v) ? v : obj(v, path);
    let pointsRaw: unknown = raw;
    if (!Array.isArray(raw)) {
      const k = get(raw, 'kind');
      if (k !== undefined && k !== 'custom') fail(key(path, 'kind'), `expected "custom" for a bezier warp, got ${describe(k)}`);
      pointsRaw = req(raw, 'points', path);
    }
    const pointsPath = Array.isArray(raw) ? path : key(path, 'points');
    if (!Array.isArray(pointsRaw)) fail(pointsPath, `expected an array of points, got ${describe(pointsRaw)}`);
    if (pointsRaw.length !== CUSTOM_WARP_POINTS) {
      fail(path, `expected ${CUSTOM_WARP_POINTS} points, got ${pointsRaw.length}`);
    }
    return { kind: 'custom', points: list(pointsRaw, pointsPath, parsePoint) };
  }

  const o = obj(v, path);
  const k = get(o, 'kind');
  if (k !== undefined && k !== 'quilt') fail(key(path, 'kind'), `expected "quilt" for a quilt warp, got ${describe(k)}`);
  const rows = gridSize(req(o, 'rows', path), key(path, 'rows'));
  const cols = gridSize(req(o, 'cols', path), key(path, 'cols'));
  const pointsRaw = req(o, 'points', path);
  if (!Array.isArray(pointsRaw)) fail(key(path, 'points'), `expected an array of points, got ${describe(pointsRaw)}`);
  if (pointsRaw.length !== rows * cols) {
    fail(path, `expected ${rows * cols} points for a ${rows}x${cols} grid, got ${pointsRaw.length}`);
  }
  const points = list(pointsRaw, key(path, 'points'), parsePoint);
  const quiltSliceX = slices(req(o, 'quiltSliceX', path), key(path, 'quiltSliceX'), (cols - 1) / 3 + 1, `${cols} columns`);
  const quiltSliceY = slices(req(o, 'quiltSliceY', path), key(path, 'quiltSliceY'), (rows - 1) / 3 + 1, `${rows} rows`);
  return { kind: 'quilt', rows, cols, points, quiltSliceX, quiltSliceY };
}

const matrixKinds = oneOf(['affine', 'perspective', 'bezier', 'quilt', 'cylinder'] as const, 'unknown M.kind');

function affine(v: unknown, path: string): AffineMatrix {
  const m = tuple(v, path, 6) as AffineMatrix;
  // A singular matrix squashes the design to a line; the renderer cannot invert it for sampling.
  if (m[0] * m[3] - m[1] * m[2] === 0) fail(path, 'matrix is not invertible');
  return m;
}

const quad = (v: unknown, path: string): Quad => tuple(v, path, 8) as Quad;

function projectionMatrix(v: unknown, path: string): ProjectionMatrix {
  const m = tuple(v, path, 9) as ProjectionMatrix;
  const det = m[0] * (m[4] * m[8] - m[7] * m[5]) - m[3] * (m[1] * m[8] - m[7] * m[2]) + m[6] * (m[1] * m[5] - m[4] * m[2]);
  if (!(Math.abs(det) > 1e-12)) fail(path, 'projection is not invertible');
  return m;
}

function parseMatrix(v: unknown, path: string): SmartObjectMatrix {
  // Short forms straight from a PSD export: 6 numbers affine, 8 numbers a corner quad.
  if (Array.isArray(v)) {
    if (v.length === 6) return { kind: 'affine', matrix: affine(v, path) };
    if (v.length === 8) return { kind: 'perspective', quad: quad(v, path), nonAffine: null };
    fail(path, `expected 6 (affine) or 8 (quad) numbers, got ${v.length}`);
  }
  const o = obj(v, path);
  const kind = matrixKinds(req(o, 'kind', path), key(path, 'kind'));
  switch (kind) {
    case 'affine':
      return { kind, matrix: affine(req(o, 'matrix', path), key(path, 'matrix')) };
    case 'perspective':
      return {
        kind,
        quad: quad(req(o, 'quad', path), key(path, 'quad')),
        nonAffine: opt(o, 'nonAffine', path, quad, null),
      };
    case 'bezier':
    case 'quilt': {
      const projection = opt(o, 'projection', path, projectionMatrix, null);
      return projection ? { kind, projection } : { kind };
    }
    case 'cylinder': {
      const arc = opt(o, 'arc', path, positive, 180);
      if (arc > 360) fail(key(path, 'arc'), `expected at most 360 degrees, got ${arc}`);
      return {
        kind,
        quad: quad(req(o, 'quad', path), key(path, 'quad')),
        bulgeTop: opt(o, 'bulgeTop', path, num, 0),
        bulgeBottom: opt(o, 'bulgeBottom', path, num, 0),
        arc,
      };
    }
  }
}

const pathTypes = oneOf(['M', 'L', 'C', 'Z'] as const, 'unknown path command');

function parseClipPath(v: unknown, path: string): PathCommand[] | null {
  const commands = list(v, path, (c, p): PathCommand => {
    const o = obj(c, p);
    const Type = pathTypes(req(o, 'Type', p), key(p, 'Type'));
    if (Type === 'Z') return { Type, X: opt(o, 'X', p, num, 0), Y: opt(o, 'Y', p, num, 0) };
    return { Type, X: num(req(o, 'X', p), key(p, 'X')), Y: num(req(o, 'Y', p), key(p, 'Y')) };
  });
  // One spelling for "no clip": an empty list means the same as null.
  if (commands.length === 0) return null;
  if (commands[0]?.Type !== 'M') fail(idx(path, 0), 'a clip path must start with "M"');
  let cubicEntries = 0;
  commands.forEach((c, i) => {
    cubicEntries = c.Type === 'C' ? cubicEntries + 1 : 0;
    const runEnds = c.Type === 'C' && commands[i + 1]?.Type !== 'C';
    if (runEnds && cubicEntries % 3 !== 0) {
      fail(idx(path, i), `a cubic takes 3 "C" entries (control, control, end); this run has ${cubicEntries}`);
    }
  });
  return commands;
}

const blendCode = oneOf(BLEND_CODES, 'unknown blend code');

/** A reader of numbers from `min` to `max`; `what` names one in the error ("an opacity", "a level"). */
function between(min: number, max: number, what: string, unit = '') {
  return (v: unknown, path: string): number => {
    const n = num(v, path);
    if (!(n >= min && n <= max)) fail(path, `expected ${what} from ${min} to ${max}${unit}, got ${n}`);
    return n;
  };
}

const opacity = between(0, 1, 'an opacity');
const blurRadius = between(0, 250, 'a blur radius', ' px');
const level = between(0, 255, 'a level');
const shift = between(0, 1000, 'a shift', ' px');

function parseLayerFile(v: unknown, path: string, flatIds: ReadonlySet<string>): LayerFile {
  const o = obj(v, path);
  const kind = get(o, 'kind');
  const hasFlat = !missing(get(o, 'flatId'));
  if (kind === 'flat' || (kind === undefined && hasFlat)) {
    const flatId = id(req(o, 'flatId', path), key(path, 'flatId'));
    if (!flatIds.has(flatId)) fail(key(path, 'flatId'), `unknown flat ${JSON.stringify(flatId)}`);
    return { kind: 'flat', flatId };
  }
  if (kind === 'image' || kind === undefined) {
    return { kind: 'image', url: nonEmpty(req(o, 'url', path), key(path, 'url')) };
  }
  fail(key(path, 'kind'), `expected "flat" or "image", got ${describe(kind)}`);
}

const layerTypes = oneOf(['Group', 'SmartObject'] as const, 'unknown layer type');

function parseLayer(v: unknown, path: string, flatIds: ReadonlySet<string>, depth: number): TemplateLayer {
  if (depth > MAX_LAYER_DEPTH) fail(path, `layers nested deeper than ${MAX_LAYER_DEPTH}`);
  const o = obj(v, path);
  const T = layerTypes(req(o, 'T', path), key(path, 'T'));
  const PPC = opt(o, 'PPC', path, parseClipPath, null);
  const blend: BlendCode = opt(o, 'blend', path, blendCode, DEFAULT_BLEND_CODE);
  // The spec's default is overlay at alpha 0.9; other modes draw fully opaque unless told.
  const alpha = opt(o, 'opacity', path, opacity, blend === DEFAULT_BLEND_CODE ? DEFAULT_OVERLAY_ALPHA : 1);

  if (T === 'Group') {
    const CF = list(req(o, 'CF', path), key(path, 'CF'), (c, p) => parseLayer(c, p, flatIds, depth + 1));
    return { T, PPC, CF, blend, opacity: alpha };
  }

  const cf = get(o, 'CF');
  if (Array.isArray(cf) ? cf.length > 0 : !missing(cf)) fail(key(path, 'CF'), 'only a Group has children');
  const osPath = key(path, 'OS');
  const os = obj(req(o, 'OS', path), osPath);
  const OS = { w: positive(req(os, 'w', osPath), key(osPath, 'w')), h: positive(req(os, 'h', osPath), key(osPath, 'h')) };
  const M = parseMatrix(req(o, 'M', path), key(path, 'M'));
  const PS = parsePS(get(o, 'PS'), key(path, 'PS'), M.kind);
  const F = parseLayerFile(req(o, 'F', path), key(path, 'F'), flatIds);
  const layer: SmartObjectLayer = { T, PS, OS, M, PPC, F, blend, opacity: alpha };
  const maskUrl = opt(o, 'maskUrl', path, (u, p) => nonEmpty(u, p), null);
  if (maskUrl !== null) layer.maskUrl = maskUrl;
  if (opt(o, 'clipToBelow', path, bool, false)) layer.clipToBelow = true;
  const colorLutUrl = opt(o, 'colorLutUrl', path, (u, p) => nonEmpty(u, p), null);
  if (colorLutUrl !== null) layer.colorLutUrl = colorLutUrl;
  const blur = opt(o, 'blur', path, blurRadius, 0);
  if (blur > 0) layer.blur = blur;
  return layer;
}


function parseViewData(v: unknown, path: string, flatIds: ReadonlySet<string>): ViewData {
  const o = obj(v, path);
  return {
    width: positive(req(o, 'width', path), key(path, 'width')),
    height: positive(req(o, 'height', path), key(path, 'height')),
    imageUrl: nonEmpty(req(o, 'imageUrl', path), key(path, 'imageUrl')),
    shadingUrl: opt(o, 'shadingUrl', path, str, null),
    highlightUrl: opt(o, 'highlightUrl', path, str, null),
    ...displacementOf(o, path),
    ...photoLightingOf(o, path),
    layers: list(req(o, 'layers', path), key(path, 'layers'), (l, p) => parseLayer(l, p, flatIds, 0)),
  };
}

/** `photoLighting` when present: a level range inside 0-255 with black below white. */
function photoLightingOf(o: Obj, path: string): Pick<ViewData, 'photoLighting'> {
  const v = get(o, 'photoLighting');
  if (missing(v)) return {};
  const p = key(path, 'photoLighting');
  const d = obj(v, p);
  const black = level(req(d, 'black', p), key(p, 'black'));
  const white = level(req(d, 'white', p), key(p, 'white'));
  if (!(black < white)) fail(p, `black (${black}) must be below white (${white})`);
  return { photoLighting: { black, white } };
}

/** `displacement` when present (kept absent otherwise, so templates without one stay as they were). */
function displacementOf(o: Obj, path: string): Pick<ViewData, 'displacement'> {
  const v = get(o, 'displacement');
  if (missing(v)) return {};
  const p = key(path, 'displacement');
  const d = obj(v, p);
  const scale = (name: string) => shift(req(d, name, p), key(p, name));
  return { displacement: { url: nonEmpty(req(d, 'url', p), key(p, 'url')), scaleX: scale('scaleX'), scaleY: scale('scaleY') } };
}

function parsePart(v: unknown, path: string): ViewPart {
  const o = obj(v, path);
  return {
    partLargeImageUrl: opt(o, 'partLargeImageUrl', path, str, null),
    imageUrl: nonEmpty(req(o, 'imageUrl', path), key(path, 'imageUrl')),
    shadow: opt(o, 'shadow', path, flag, 0),
    ornament: opt(o, 'ornament', path, flag, 0),
  };
}

function parseView(v: unknown, path: string, flatIds: ReadonlySet<string>): TemplateView {
  const o = obj(v, path);
  return {
    viewId: id(req(o, 'viewId', path), key(path, 'viewId')),
    viewData: parseViewData(req(o, 'viewData', path), key(path, 'viewData'), flatIds),
    viewLargeImageUrl: opt(o, 'viewLargeImageUrl', path, str, null),
    viewCoverImageUrl: opt(o, 'viewCoverImageUrl', path, str, null),
    partsList: opt(o, 'partsList', path, (l, p) => list(l, p, parsePart), []),
  };
}

function parseFlatData(v: unknown, path: string): FlatData {
  const o = obj(v, path);
  return {
    img: opt(o, 'img', path, flag, 1),
    text: opt(o, 'text', path, flag, 1),
    edit: opt(o, 'edit', path, flag, 0),
    color: opt(o, 'color', path, hex, DEFAULT_COLOR),
    style: opt(o, 'style', path, str, ''),
    styleList: opt(o, 'styleList', path, (l, p) => list(l, p, id), []),
    width: positive(req(o, 'width', path), key(path, 'width')),
    height: positive(req(o, 'height', path), key(path, 'height')),
    flatWidth: positive(req(o, 'flatWidth', path), key(path, 'flatWidth')),
    flatHeight: positive(req(o, 'flatHeight', path), key(path, 'flatHeight')),
    customColor: opt(o, 'customColor', path, flag, 0),
    bg: opt(o, 'bg', path, flag, 0),
    pageType: opt(o, 'pageType', path, nonEmpty, 'normal'),
  };
}

function parseTemplateFlat(v: unknown, path: string): TemplateFlat {
  const o = obj(v, path);
  const flatId = id(req(o, 'flatId', path), key(path, 'flatId'));
  const designList = opt(o, 'designList', path, (l, p) => list(l, p, (e, ep) => parseElement(e, ep, flatId)), []);
  uniqueBy(designList, key(path, 'designList'), 'localId', (e) => e.localId);
  return {
    flatId,
    flatImageUrl: str(req(o, 'flatImageUrl', path), key(path, 'flatImageUrl')),
    flatData: parseFlatData(req(o, 'flatData', path), key(path, 'flatData')),
    designList,
  };
}

function parseColorConfig(v: unknown, path: string, flatIds: ReadonlySet<string>): ColorConfig {
  const o = obj(v, path);
  const mapPath = key(path, 'colorFlatMap');
  const raw = obj(req(o, 'colorFlatMap', path), mapPath);
  const colorFlatMap: Record<Id, string> = {};
  for (const [flatId, colour] of Object.entries(raw)) {
    const p = key(mapPath, flatId);
    if (flatId === '__proto__') fail(p, 'key not allowed');
    if (!flatIds.has(flatId)) fail(p, `unknown flat ${JSON.stringify(flatId)}`);
    colorFlatMap[flatId] = hex(colour, p);
  }
  return { colorId: id(req(o, 'colorId', path), key(path, 'colorId')), colorFlatMap };
}

function parseStyle(v: unknown, path: string): TemplateStyle {
  const o = obj(v, path);
  return { styleId: id(req(o, 'styleId', path), key(path, 'styleId')), name: opt(o, 'name', path, str, '') };
}

function parseNamedColor(v: unknown, path: string): NamedColor {
  const o = obj(v, path);
  return { name: str(req(o, 'name', path), key(path, 'name')), value: hex(req(o, 'value', path), key(path, 'value')) };
}

function parseTemplate(v: unknown, path: string): CustomTemplate {
  const o = obj(v, path);
  const flatListPath = key(path, 'flatList');
  const flatList = list(req(o, 'flatList', path), flatListPath, parseTemplateFlat);
  if (flatList.length === 0) fail(flatListPath, 'expected at least one flat');
  uniqueBy(flatList, flatListPath, 'flatId', (f) => f.flatId);
  const flatIds = new Set(flatList.map((f) => f.flatId));

  const viewListPath = key(path, 'viewList');
  const viewList = list(req(o, 'viewList', path), viewListPath, (e, p) => parseView(e, p, flatIds));
  uniqueBy(viewList, viewListPath, 'viewId', (view) => view.viewId);

  const colorConfigList = opt(o, 'colorConfigList', path, (l, p) => list(l, p, (e, ep) => parseColorConfig(e, ep, flatIds)), []);
  uniqueBy(colorConfigList, key(path, 'colorConfigList'), 'colorId', (c) => c.colorId);
  const styleList = opt(o, 'styleList', path, (l, p) => list(l, p, parseStyle), []);
  uniqueBy(styleList, key(path, 'styleList'), 'styleId', (s) => s.styleId);

  return {
    customTemplateId: opt(o, 'customTemplateId', path, id, null),
    flatList,
    viewList,
    colorConfigList,
    styleList,
    prototypeGroupId: opt(o, 'prototypeGroupId', path, id, null),
    prototypeGroupName: opt(o, 'prototypeGroupName', path, str, ''),
    sectionType: opt(o, 'sectionType', path, int, null),
    templateData: opt(o, 'templateData', path, json, null),
    color: opt(o, 'color', path, parseNamedColor, null),
  };
}

// ---------------------------------------------------------------------------------------------
// Design elements and SKU designs

const elementTypes = oneOf(['image', 'text'] as const, 'unknown design type');
const originsX = oneOf<OriginX>(['left', 'center', 'right'], 'unknown originX');
const originsY = oneOf<OriginY>(['top', 'center', 'bottom'], 'unknown originY');
const textAligns = oneOf<TextAlign>(TEXT_ALIGNS, 'unknown textAlign');
const tilingTypes = oneOf<TilingPatternType>(TILING_PATTERN_TYPES, 'unknown tiling pattern type');

function parseTiling(v: unknown, path: string): Tiling {
  const o = obj(v, path);
  return {
    type: tilingTypes(req(o, 'type', path), key(path, 'type')),
    spacing: opt(o, 'spacing', path, nonNegative, 0),
    seed: opt(o, 'seed', path, int, 0),
  };
}

function parseShadow(v: unknown, path: string): TextShadow {
  const o = obj(v, path);
  return {
    color: hex(req(o, 'color', path), key(path, 'color')),
    blur: opt(o, 'blur', path, nonNegative, 0),
    offsetX: opt(o, 'offsetX', path, num, 0),
    offsetY: opt(o, 'offsetY', path, num, 0),
  };
}

/** `flatId` is the enclosing flat's id when the element sits in a flat's designList. */
function parseElement(v: unknown, path: string, flatId?: Id): DesignElement {
  const o = obj(v, path);
  const type = elementTypes(req(o, 'type', path), key(path, 'type'));
  const ownFlatId = opt(o, 'flatId', path, id, undefined);
  if (ownFlatId === undefined && flatId === undefined) fail(key(path, 'flatId'), 'required');
  if (ownFlatId !== undefined && flatId !== undefined && ownFlatId !== flatId) {
    fail(key(path, 'flatId'), `expected ${JSON.stringify(flatId)} (the enclosing flat), got ${JSON.stringify(ownFlatId)}`);
  }
  const base: DesignElementBase = {
    flatId: (ownFlatId ?? flatId) as Id,
    localId: id(req(o, 'localId', path), key(path, 'localId')),
    designId: opt(o, 'designId', path, id, null),
    left: num(req(o, 'left', path), key(path, 'left')),
    top: num(req(o, 'top', path), key(path, 'top')),
    width: nonNegative(req(o, 'width', path), key(path, 'width')),
    height: nonNegative(req(o, 'height', path), key(path, 'height')),
    angle: opt(o, 'angle', path, num, 0),
    scaleX: opt(o, 'scaleX', path, num, 1),
    scaleY: opt(o, 'scaleY', path, num, 1),
    flipX: opt(o, 'flipX', path, bool, false),
    flipY: opt(o, 'flipY', path, bool, false),
    originX: opt(o, 'originX', path, originsX, 'left'),
    originY: opt(o, 'originY', path, originsY, 'top'),
  };
  if (type === 'image') {
    const image: ImageElement = {
      ...base,
      type,
      originalWidth: positive(req(o, 'originalWidth', path), key(path, 'originalWidth')),
      originalHeight: positive(req(o, 'originalHeight', path), key(path, 'originalHeight')),
      url: nonEmpty(req(o, 'url', path), key(path, 'url')),
      fileName: opt(o, 'fileName', path, str, ''),
      tiling: opt(o, 'tiling', path, parseTiling, null),
      tilingLayer: opt(o, 'tilingLayer', path, str, null),
    };
    return image;
  }
  const text = str(req(o, 'text', path), key(path, 'text'));
  const element: TextElement = {
    ...base,
    type,
    text,
    fill: opt(o, 'fill', path, hex, TEXT_DEFAULTS.fill),
    fontSize: opt(o, 'fontSize', path, positive, TEXT_DEFAULTS.fontSize),
    textAlign: opt(o, 'textAlign', path, textAligns, TEXT_DEFAULTS.textAlign),
    charSpacing: opt(o, 'charSpacing', path, num, TEXT_DEFAULTS.charSpacing),
    fontFamily: opt(o, 'fontFamily', path, nonEmpty, TEXT_DEFAULTS.fontFamily),
    stroke: opt(o, 'stroke', path, hex, null),
    strokeWidth: opt(o, 'strokeWidth', path, nonNegative, TEXT_DEFAULTS.strokeWidth),
    shadow: opt(o, 'shadow', path, parseShadow, null),
    textLines: opt(o, 'textLines', path, (l, p) => list(l, p, str), splitTextLines(text)),
  };
  return element;
}

const bgTypes = oneOf(['1', '2'] as const, 'unknown BGType');

function parseBackground(v: unknown, path: string): BackgroundDesign {
  const o = obj(v, path);
  const rawType = req(o, 'BGType', path);
  // The API sometimes sends the code as a number.
  const BGType = bgTypes(typeof rawType === 'number' ? String(rawType) : rawType, key(path, 'BGType'));
  const imageUrl = opt(o, 'imageUrl', path, str, null);
  if (BGType === '2' && (imageUrl === null || imageUrl.trim() === '')) {
    fail(key(path, 'imageUrl'), 'required for an image background (BGType "2")');
  }
  return {
    viewId: id(req(o, 'viewId', path), key(path, 'viewId')),
    imageUrl,
    labelType: opt(o, 'labelType', path, id, null),
    BGType,
    color: opt(o, 'color', path, hex, DEFAULT_COLOR),
    viewIdList: opt(o, 'viewIdList', path, (l, p) => list(l, p, id), []),
    visible: opt(o, 'visible', path, bool, true),
  };
}

function parseFlatDesign(v: unknown, path: string): FlatDesign {
  const o = obj(v, path);
  const flatId = id(req(o, 'flatId', path), key(path, 'flatId'));
  return {
    flatId,
    designList: opt(o, 'designList', path, (l, p) => list(l, p, (e, ep) => parseElement(e, ep, flatId)), []),
    color: opt(o, 'color', path, hex, DEFAULT_COLOR),
    flatImage: opt(o, 'flatImage', path, str, null),
    previewFlatImage: opt(o, 'previewFlatImage', path, str, null),
  };
}

function parseSkuDesign(v: unknown, path: string, template: CustomTemplate | undefined): SkuDesign {
  const o = obj(v, path);
  const flatsPath = key(path, 'flatDesignList');
  const flatDesignList = list(req(o, 'flatDesignList', path), flatsPath, parseFlatDesign);
  uniqueBy(flatDesignList, flatsPath, 'flatId', (f) => f.flatId);
  // localIds must be unique across the whole document: selection and patches address by them.
  const seen = new Set<string>();
  flatDesignList.forEach((flat, i) =>
    flat.designList.forEach((element, j) => {
      const p = key(idx(key(idx(flatsPath, i), 'designList'), j), 'localId');
      if (seen.has(element.localId)) fail(p, `duplicate localId ${JSON.stringify(element.localId)}`);
      seen.add(element.localId);
    }),
  );
  const bgPath = key(path, 'BGDesignList');
  const BGDesignList = opt(o, 'BGDesignList', path, (l, p) => list(l, p, parseBackground), []);
  uniqueBy(BGDesignList, bgPath, 'viewId', (b) => b.viewId);

  if (template) {
    const flatIds = new Set(template.flatList.map((f) => f.flatId));
    flatDesignList.forEach((flat, i) => {
      if (!flatIds.has(flat.flatId)) fail(key(idx(flatsPath, i), 'flatId'), `unknown flat ${JSON.stringify(flat.flatId)}`);
    });
    const viewIds = new Set(template.viewList.map((view) => view.viewId));
    BGDesignList.forEach((bg, i) => {
      if (!viewIds.has(bg.viewId)) fail(key(idx(bgPath, i), 'viewId'), `unknown view ${JSON.stringify(bg.viewId)}`);
    });
  }

  return {
    id: id(req(o, 'id', path), key(path, 'id')),
    flatDesignList,
    BGDesignList,
    color: opt(o, 'color', path, hex, DEFAULT_COLOR),
    styleId: opt(o, 'styleId', path, id, null),
  };
}

// ---------------------------------------------------------------------------------------------
// Product

function parseOptionValue(v: unknown, path: string): ProductOptionValue {
  if (typeof v === 'string') return { name: nonEmpty(v, path), hex: null };
  const o = obj(v, path);
  return { name: nonEmpty(req(o, 'name', path), key(path, 'name')), hex: opt(o, 'hex', path, hex, null) };
}

const positions = oneOf([1, 2, 3] as const, 'unknown option position');

function parseOption(v: unknown, path: string, index: number): ProductOption {
  const o = obj(v, path);
  const name = nonEmpty(req(o, 'name', path), key(path, 'name'));
  const isColor = opt(o, 'isColor', path, bool, false);
  const valuesPath = key(path, 'values');
  const values = list(req(o, 'values', path), valuesPath, parseOptionValue);
  if (values.length === 0) fail(valuesPath, `option ${JSON.stringify(name)} has no values`);
  if (isColor && values.every((value) => value.hex === null)) {
    fail(valuesPath, `colour option ${JSON.stringify(name)} has no hex values`);
  }
  return {
    id: id(req(o, 'id', path), key(path, 'id')),
    name,
    position: opt(o, 'position', path, positions, positions(index + 1, key(path, 'position'))),
    isColor,
    values,
  };
}

function parseVariant(v: unknown, path: string, options: readonly ProductOption[]): ProductVariant {
  const o = obj(v, path);
  const optionValue = (name: 'option1' | 'option2' | 'option3', position: number): string | null => {
    const value = opt(o, name, path, str, null);
    if (value === null) return null;
    const option = options.find((candidate) => candidate.position === position);
    if (!option) fail(key(path, name), `the product has no option at position ${position}`);
    if (!option.values.some((candidate) => candidate.name === value)) {
      fail(key(path, name), `${JSON.stringify(value)} is not a value of option ${JSON.stringify(option.name)}`);
    }
    return value;
  };
  const cost = int(req(o, 'cost', path), key(path, 'cost'));
  if (cost < 0) fail(key(path, 'cost'), `expected integer cents of 0 or more, got ${cost}`);
  return {
    id: id(req(o, 'id', path), key(path, 'id')),
    option1: optionValue('option1', 1),
    option2: optionValue('option2', 2),
    option3: optionValue('option3', 3),
    imagesId: opt(o, 'imagesId', path, id, null),
    cost,
  };
}

function parseEditZone(v: unknown, path: string): CustomTemplate | string {
  if (typeof v === 'string') {
    const text = v.trim();
    if (!text.startsWith('{')) return nonEmpty(v, path);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      fail(path, 'template text is not valid JSON');
    }
    return parseTemplate(parsed, path);
  }
  return parseTemplate(v, path);
}

function parseImage(v: unknown, path: string, product: { id: Id; customType: number; is3D: boolean }): ProductImage {
  const o = obj(v, path);
  // Spec section 5: a 2D image is only usable with both its picture and its colour.
  const blank = (name: string) => {
    const value = get(o, name);
    return missing(value) || value === '';
  };
  for (const name of ['src', 'imgname']) {
    if (!product.is3D && blank(name)) fail(key(path, name), 'a 2D image needs both src and imgname');
  }
  const src = blank('src') ? '' : nonEmpty(get(o, 'src'), key(path, 'src'));
  const imgname = blank('imgname') ? '' : hex(get(o, 'imgname'), key(path, 'imgname'));
  return {
    productid: opt(o, 'productid', path, id, product.id),
    customType: opt(o, 'customType', path, int, product.customType),
    editZone: opt(o, 'editZone', path, parseEditZone, null),
    sectionType: opt(o, 'sectionType', path, int, null),
    prototypeGroupId: opt(o, 'prototypeGroupId', path, id, null),
    prototypeGroupName: opt(o, 'prototypeGroupName', path, str, ''),
    sectionName: opt(o, 'sectionName', path, str, ''),
    imgname,
    src,
    iscolor: opt(o, 'iscolor', path, flag, 0),
    isoverlay: opt(o, 'isoverlay', path, flag, 0),
    editimgwidth: opt(o, 'editimgwidth', path, positive, null),
    editimgheight: opt(o, 'editimgheight', path, positive, null),
    dpl: opt(o, 'dpl', path, json, null),
  };
}

function parseProduct(v: unknown, path: string): EngineProduct {
  const o = obj(v, path);
  const productId = id(req(o, 'id', path), key(path, 'id'));
  const customType = int(req(o, 'customType', path), key(path, 'customType'));
  const is3D = is3DCustomType(customType);

  const optionsPath = key(path, 'options');
  const rawOptions = opt(o, 'options', path, (l, p) => {
    if (!Array.isArray(l)) fail(p, `expected an array, got ${describe(l)}`);
    if (l.length > MAX_PRODUCT_OPTIONS) fail(p, `expected at most ${MAX_PRODUCT_OPTIONS} options, got ${l.length}`);
    return l as unknown[];
  }, []);
  const options = rawOptions.map((option, i) => parseOption(option, idx(optionsPath, i), i));
  uniqueBy(options, optionsPath, 'position', (option) => String(option.position));

  const variants = opt(o, 'variants', path, (l, p) => list(l, p, (e, ep) => parseVariant(e, ep, options)), []);
  uniqueBy(variants, key(path, 'variants'), 'id', (variant) => variant.id);

  const templatesPath = key(path, 'templates');
  const templates = opt(o, 'templates', path, (l, p) => list(l, p, parseTemplate), []);
  if (is3D && templates.length === 0) {
    fail(templatesPath, `a 3D product (customType ${customType}) needs at least one template`);
  }

  return {
    id: productId,
    handle: opt(o, 'handle', path, str, ''),
    title: opt(o, 'title', path, str, ''),
    customType,
    options,
    variants,
    templates,
    images: opt(o, 'images', path, (l, p) => list(l, p, (e, ep) => parseImage(e, ep, { id: productId, customType, is3D })), []),
  };
}

// ---------------------------------------------------------------------------------------------
// Public API

export function validateTemplate(input: unknown): ValidationResult<CustomTemplate> {
  return run(() => parseTemplate(input, ''));
}

/** With a template, flat and view ids are also checked against it. */
export function validateSkuDesign(input: unknown, template?: CustomTemplate): ValidationResult<SkuDesign> {
  return run(() => parseSkuDesign(input, '', template));
}

export function validateDesignElement(input: unknown): ValidationResult<DesignElement> {
  return run(() => parseElement(input, ''));
}

export function validateProduct(input: unknown): ValidationResult<EngineProduct> {
  return run(() => parseProduct(input, ''));
}
