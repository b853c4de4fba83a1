/** Schemas of custom templates: flats, views and the smart-object layers drawn onto view photos. */
import { z } from 'zod';
import { BLEND_CODES, DEFAULT_BLEND_CODE, DEFAULT_COLOR, DEFAULT_OVERLAY_ALPHA, type BlendCode } from '../constants.ts';
import type {
  BezierPoints,
  CustomTemplate,
  Flag,
  GroupLayer,
  PathCommand,
  ProjectionMatrix,
  SmartObjectLayer,
  SmartObjectMatrix,
  TemplateFlat,
  TemplateLayer,
  ViewData,
} from '../types.ts';
import { elementInFlatSchema, claimElements } from './design.ts';
import {
  describe,
  discriminatorError,
  isMissingMember,
  parseNested,
  report,
  reportDuplicates,
  typeError,
  unionError,
  type ErrorFn,
} from './messages.ts';
import {
  MAX_LAYER_DEPTH,
  between,
  booleanSchema,
  flagSchema,
  hexColorSchema,
  hexColorValueSchema,
  idSchema,
  integerSchema,
  jsonValueSchema,
  listOf,
  nonEmptySchema,
  numberSchema,
  objectOf,
  oneOf,
  optional,
  positiveSchema,
  stringSchema,
  tuple6Schema,
  tuple8Schema,
  tuple9Schema,
  withDefault,
} from './primitives.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const flag = (v: Flag) => (): Flag => v;

export const pointSchema = objectOf({ x: numberSchema, y: numberSchema });

const pointListSchema = z.array(pointSchema, { error: typeError('an array of points') });

// ---------------------------------------------------------------------------------------------
// Warp control points (PS)

const CUSTOM_WARP_POINTS = 16;

function warpKind(kind: string, warp: string) {
  return z
    .literal(kind, { error: (issue) => `expected ${JSON.stringify(kind)} for a ${warp} warp, got ${describe(issue.input)}` })
    .optional();
}

/** Photoshop's custom warp: 16 points, or `{ kind: 'custom', points }`. */
export const customWarpSchema = z
  .union(
    [
      pointListSchema.transform((points) => ({ kind: 'custom' as const, points })),
      objectOf({ kind: warpKind('custom', 'bezier'), points: pointListSchema }).transform(({ points }) => ({
        kind: 'custom' as const,
        points,
      })),
    ],
    { error: unionError('an object') },
  )
  .superRefine((warp, ctx) => {
    if (warp.points.length !== CUSTOM_WARP_POINTS) report(ctx, [], `expected ${CUSTOM_WARP_POINTS} points, got ${warp.points.length}`);
  });

const gridSizeSchema = integerSchema.refine((n) => n >= 4 && (n - 4) % 3 === 0, {
  error: (issue) => `expected 4+3n control points, got ${describe(issue.input)}`,
});

/** Slice positions must ascend; their count follows the grid (checked by the quilt). */
const slicesSchema = listOf(numberSchema).superRefine((values, ctx) => {
  values.forEach((value, i) => {
    const previous = values[i - 1];
    if (previous !== undefined && value <= previous) report(ctx, [i], 'slice positions must ascend');
  });
});

/** Photoshop's quilt warp: a rows x cols grid (4+3n each) with its patch boundaries. */
export const quiltWarpSchema = objectOf({
  kind: warpKind('quilt', 'quilt'),
  rows: gridSizeSchema,
  cols: gridSizeSchema,
  points: pointListSchema,
  quiltSliceX: slicesSchema,
  quiltSliceY: slicesSchema,
})
  .superRefine((q, ctx) => {
    if (q.points.length !== q.rows * q.cols) {
      report(ctx, [], `expected ${q.rows * q.cols} points for a ${q.rows}x${q.cols} grid, got ${q.points.length}`);
      return;
    }
    const x = (q.cols - 1) / 3 + 1;
    if (q.quiltSliceX.length !== x)
      report(ctx, ['quiltSliceX'], `expected ${x} slice positions for ${q.cols} columns, got ${q.quiltSliceX.length}`);
    const y = (q.rows - 1) / 3 + 1;
    if (q.quiltSliceY.length !== y)
      report(ctx, ['quiltSliceY'], `expected ${y} slice positions for ${q.rows} rows, got ${q.quiltSliceY.length}`);
  })
  .transform(({ rows, cols, points, quiltSliceX, quiltSliceY }): BezierPoints => ({
    kind: 'quilt',
    rows,
    cols,
    points,
    quiltSliceX,
    quiltSliceY,
  }));

// ---------------------------------------------------------------------------------------------
// Placement (M)

const affineMatrixSchema = tuple6Schema.refine((m) => m[0] * m[3] - m[1] * m[2] !== 0, { error: 'matrix is not invertible' });

const projectionMatrixSchema = tuple9Schema.refine(
  (m) => Math.abs(m[0] * (m[4] * m[8] - m[7] * m[5]) - m[3] * (m[1] * m[8] - m[7] * m[2]) + m[6] * (m[1] * m[5] - m[4] * m[2])) > 1e-12,
  { error: 'projection is not invertible' },
);

const MATRIX_KINDS = ['affine', 'perspective', 'bezier', 'quilt', 'cylinder'] as const;

const warpMatrix = <K extends 'bezier' | 'quilt'>(kind: K) =>
  objectOf({ kind: z.literal(kind), projection: optional(projectionMatrixSchema) }).transform(
    ({ projection }): { kind: K; projection?: ProjectionMatrix } => (projection ? { kind, projection } : { kind }),
  );

const matrixObjectSchema = z.discriminatedUnion(
  'kind',
  [
    objectOf({ kind: z.literal('affine'), matrix: affineMatrixSchema }),
    objectOf({ kind: z.literal('perspective'), quad: tuple8Schema, nonAffine: withDefault(tuple8Schema, () => null) }),
    warpMatrix('bezier'),
    warpMatrix('quilt'),
    objectOf({
      kind: z.literal('cylinder'),
      quad: tuple8Schema,
      bulgeTop: withDefault(numberSchema, () => 0),
      bulgeBottom: withDefault(numberSchema, () => 0),
      arc: withDefault(
        positiveSchema.max(360, { error: (issue) => `expected at most 360 degrees, got ${describe(issue.input)}` }),
        () => 180,
      ),
    }),
  ],
  { error: discriminatorError(MATRIX_KINDS, 'unknown M.kind', 'kind') },
);

/** How a smart object lands on the view; 6 numbers are short for an affine matrix, 8 for a corner quad. */
export const matrixSchema = z.union(
  [
    matrixObjectSchema,
    affineMatrixSchema.transform((matrix): SmartObjectMatrix => ({ kind: 'affine', matrix })),
    tuple8Schema.transform((quad): SmartObjectMatrix => ({ kind: 'perspective', quad, nonAffine: null })),
  ],
  {
    error: (issue) => {
      if (isMissingMember(issue)) return 'required';
      const v = issue.input;
      return Array.isArray(v) ? `expected 6 (affine) or 8 (quad) numbers, got ${v.length}` : `expected an object, got ${describe(v)}`;
    },
  },
);

// ---------------------------------------------------------------------------------------------
// Clip path (PPC)

const PATH_TYPES = ['M', 'L', 'C', 'Z'] as const;

const pathCommandSchema = z.discriminatedUnion(
  'Type',
  [
    objectOf({ Type: z.literal(['M', 'L', 'C']), X: numberSchema, Y: numberSchema }),
    // 'Z' closes the subpath; its X, Y are unused and default to 0.
    objectOf({ Type: z.literal('Z'), X: withDefault(numberSchema, () => 0), Y: withDefault(numberSchema, () => 0) }),
  ],
  { error: discriminatorError(PATH_TYPES, 'unknown path command', 'Type') },
);

/** A clip path: starts with 'M', cubics as runs of 3 'C' entries. An empty list means no clip (null). */
export const clipPathSchema = listOf(pathCommandSchema).transform((commands, ctx): PathCommand[] | null => {
  if (commands.length === 0) return null;
  if (commands[0]?.Type !== 'M') report(ctx, [0], 'a clip path must start with "M"');
  let cubicEntries = 0;
  commands.forEach((c, i) => {
    cubicEntries = c.Type === 'C' ? cubicEntries + 1 : 0;
    const runEnds = c.Type === 'C' && commands[i + 1]?.Type !== 'C';
    if (runEnds && cubicEntries % 3 !== 0) {
      report(ctx, [i], `a cubic takes 3 "C" entries (control, control, end); this run has ${cubicEntries}`);
    }
  });
  return commands;
});

// ---------------------------------------------------------------------------------------------
// Layers

export const blendCodeSchema = oneOf(BLEND_CODES, 'unknown blend code');
const opacitySchema = between(0, 1, 'an opacity');
const blurRadiusSchema = between(0, 250, 'a blur radius', ' px');

const isFlatKind = (v: Record<string, unknown>) =>
  v.kind === 'flat' || (v.kind === undefined && v.flatId !== undefined && v.flatId !== null);

const fileError: ErrorFn = (issue) =>
  issue.code === 'invalid_type'
    ? typeError('an object')(issue)
    : `expected "flat" or "image", got ${describe(isRecord(issue.input) ? issue.input.kind : undefined)}`;

/** The file a smart object shows: one of the template's flats, or a fixed picture. `kind` may be left out. */
export const layerFileSchema = z.preprocess(
  (v) => (isRecord(v) && v.kind === undefined ? { ...v, kind: isFlatKind(v) ? 'flat' : 'image' } : v),
  z.discriminatedUnion(
    'kind',
    [objectOf({ kind: z.literal('flat'), flatId: idSchema }), objectOf({ kind: z.literal('image'), url: nonEmptySchema })],
    {
      error: fileError,
    },
  ),
);

/** The product's default is overlay at alpha 0.9; other modes draw fully opaque unless told. */
const defaultOpacity = (blend: BlendCode) => (blend === DEFAULT_BLEND_CODE ? DEFAULT_OVERLAY_ALPHA : 1);

const layerCommon = {
  PPC: withDefault(clipPathSchema, () => null),
  blend: withDefault(blendCodeSchema, (): BlendCode => DEFAULT_BLEND_CODE),
  opacity: optional(opacitySchema),
};

export const groupLayerSchema = objectOf({
  T: z.literal('Group'),
  ...layerCommon,
  get CF(): z.ZodArray<z.ZodType<TemplateLayer>> {
    return listOf(templateLayerSchema);
  },
}).transform((g): GroupLayer => ({ T: g.T, PPC: g.PPC, CF: g.CF, blend: g.blend, opacity: g.opacity ?? defaultOpacity(g.blend) }));

export const smartObjectLayerSchema = objectOf({
  T: z.literal('SmartObject'),
  ...layerCommon,
  CF: z
    .unknown()
    .optional()
    .refine((cf) => (Array.isArray(cf) ? cf.length === 0 : cf === undefined || cf === null), { error: 'only a Group has children' }),
  OS: objectOf({ w: positiveSchema, h: positiveSchema }),
  M: matrixSchema,
  /** Checked against M.kind: required for 'bezier' (customWarpSchema) and 'quilt' (quiltWarpSchema), null otherwise. */
  PS: z
    .unknown()
    .optional()
    .meta({ description: 'Warp control points: a custom warp when M.kind is "bezier", a quilt warp when "quilt", else null' }),
  F: layerFileSchema,
  maskUrl: optional(nonEmptySchema),
  clipToBelow: withDefault(booleanSchema, () => false),
  colorLutUrl: optional(nonEmptySchema),
  blur: withDefault(blurRadiusSchema, () => 0),
  tessellation: optional(z.literal('photoshop', { error: 'must be "photoshop" or absent' })),
}).transform((l, ctx): SmartObjectLayer => {
  const kind = l.M.kind;
  let PS: BezierPoints | null = null;
  if (kind === 'bezier' || kind === 'quilt') {
    if (l.PS === undefined || l.PS === null) {
      report(ctx, ['PS'], `required when M.kind is ${JSON.stringify(kind)}`);
      return z.NEVER;
    }
    const parsed = parseNested(kind === 'bezier' ? customWarpSchema : quiltWarpSchema, l.PS, ctx, ['PS']);
    if (!parsed.ok) return z.NEVER;
    PS = parsed.value;
  } else if (l.PS !== undefined && l.PS !== null) {
    report(ctx, ['PS'], `not used when M.kind is ${JSON.stringify(kind)}; expected null`);
    return z.NEVER;
  }
  const layer: SmartObjectLayer = {
    T: l.T,
    PS,
    OS: l.OS,
    M: l.M,
    PPC: l.PPC,
    F: l.F,
    blend: l.blend,
    opacity: l.opacity ?? defaultOpacity(l.blend),
  };
  if (l.maskUrl !== undefined) layer.maskUrl = l.maskUrl;
  if (l.clipToBelow) layer.clipToBelow = true;
  if (l.colorLutUrl !== undefined) layer.colorLutUrl = l.colorLutUrl;
  if (l.blur > 0) layer.blur = l.blur;
  if (l.tessellation !== undefined) layer.tessellation = l.tessellation;
  return layer;
});

export const templateLayerSchema: z.ZodType<TemplateLayer> = z.discriminatedUnion('T', [groupLayerSchema, smartObjectLayerSchema], {
  error: discriminatorError(['Group', 'SmartObject'], 'unknown layer type', 'T'),
});

/** Where in `layers` a layer sits deeper than MAX_LAYER_DEPTH groups, found without recursion. */
function tooDeep(layers: unknown): PropertyKey[] | null {
  if (!Array.isArray(layers)) return null;
  const stack: { value: unknown; path: PropertyKey[]; depth: number }[] = [];
  const pushAll = (list: unknown[], path: PropertyKey[], depth: number) => {
    for (let i = list.length - 1; i >= 0; i -= 1) stack.push({ value: list[i], path: [...path, i], depth });
  };
  pushAll(layers, [], 0);
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.depth > MAX_LAYER_DEPTH) return top.path;
    const { value } = top;
    if (isRecord(value) && value.T === 'Group' && Array.isArray(value.CF)) pushAll(value.CF, [...top.path, 'CF'], top.depth + 1);
  }
  return null;
}

/** A view's layer list; groups nested deeper than MAX_LAYER_DEPTH are refused before they are read. */
export const layerListSchema = z.preprocess((layers, ctx) => {
  const path = tooDeep(layers);
  if (path) report(ctx, path, `layers nested deeper than ${MAX_LAYER_DEPTH}`);
  return layers;
}, listOf(templateLayerSchema));

// ---------------------------------------------------------------------------------------------
// Views

const levelSchema = between(0, 255, 'a level');
const shiftSchema = between(0, 1000, 'a shift', ' px');

/** A level range inside 0-255 with black below white. */
export const photoLightingSchema = objectOf({ black: levelSchema, white: levelSchema }).superRefine(({ black, white }, ctx) => {
  if (!(black < white)) report(ctx, [], `black (${black}) must be below white (${white})`);
});

export const displacementSchema = objectOf({ url: nonEmptySchema, scaleX: shiftSchema, scaleY: shiftSchema });

export const viewDataSchema = objectOf({
  width: positiveSchema,
  height: positiveSchema,
  imageUrl: nonEmptySchema,
  shadingUrl: withDefault(stringSchema, () => null),
  highlightUrl: withDefault(stringSchema, () => null),
  displacement: optional(displacementSchema),
  photoLighting: optional(photoLightingSchema),
  layers: layerListSchema,
}).transform((v): ViewData => {
  // Displacement and lighting stay absent when not given, so templates without them stay as they were.
  return {
    width: v.width,
    height: v.height,
    imageUrl: v.imageUrl,
    shadingUrl: v.shadingUrl,
    highlightUrl: v.highlightUrl,
    ...(v.displacement ? { displacement: v.displacement } : {}),
    ...(v.photoLighting ? { photoLighting: v.photoLighting } : {}),
    layers: v.layers,
  };
});

export const viewPartSchema = objectOf({
  partLargeImageUrl: withDefault(stringSchema, () => null),
  imageUrl: nonEmptySchema,
  shadow: withDefault(flagSchema, flag(0)),
  ornament: withDefault(flagSchema, flag(0)),
});

export const templateViewSchema = objectOf({
  viewId: idSchema,
  viewData: viewDataSchema,
  viewLargeImageUrl: withDefault(stringSchema, () => null),
  viewCoverImageUrl: withDefault(stringSchema, () => null),
  partsList: withDefault(listOf(viewPartSchema), () => []),
});

// ---------------------------------------------------------------------------------------------
// Flats, colours, styles

export const flatDataSchema = objectOf({
  img: withDefault(flagSchema, flag(1)),
  text: withDefault(flagSchema, flag(1)),
  edit: withDefault(flagSchema, flag(0)),
  color: withDefault(hexColorSchema, () => DEFAULT_COLOR),
  style: withDefault(stringSchema, () => ''),
  styleList: withDefault(listOf(idSchema), () => []),
  width: positiveSchema,
  height: positiveSchema,
  flatWidth: positiveSchema,
  flatHeight: positiveSchema,
  customColor: withDefault(flagSchema, flag(0)),
  bg: withDefault(flagSchema, flag(0)),
  pageType: withDefault(nonEmptySchema, () => 'normal'),
});

export const templateFlatSchema = objectOf({
  flatId: idSchema,
  flatImageUrl: stringSchema,
  flatData: flatDataSchema,
  designList: withDefault(listOf(elementInFlatSchema), () => []),
}).transform((f, ctx): TemplateFlat => {
  claimElements(f.designList, f.flatId, ctx, ['designList']);
  reportDuplicates(f.designList, ctx, ['designList'], 'localId', (e) => e.localId);
  return f;
});

/** flatId -> colour; keys must be flats of the template (checked by the template). */
const colorFlatMapSchema = z.preprocess(
  (v, ctx) => {
    if (isRecord(v) && Object.hasOwn(v, '__proto__')) report(ctx, ['__proto__'], 'key not allowed');
    return v;
  },
  z.record(z.string(), hexColorValueSchema, { error: typeError('an object') }),
);

export const colorConfigSchema = objectOf({ colorId: idSchema, colorFlatMap: colorFlatMapSchema });

export const templateStyleSchema = objectOf({ styleId: idSchema, name: withDefault(stringSchema, () => '') });

export const namedColorSchema = objectOf({ name: stringSchema, value: hexColorSchema });

function checkLayerFlats(
  layers: readonly TemplateLayer[],
  flatIds: ReadonlySet<string>,
  ctx: z.core.$RefinementCtx,
  path: PropertyKey[],
): void {
  layers.forEach((layer, i) => {
    if (layer.T === 'Group') checkLayerFlats(layer.CF, flatIds, ctx, [...path, i, 'CF']);
    else if (layer.F.kind === 'flat' && !flatIds.has(layer.F.flatId)) {
      report(ctx, [...path, i, 'F', 'flatId'], `unknown flat ${JSON.stringify(layer.F.flatId)}`);
    }
  });
}

export const customTemplateSchema = objectOf({
  customTemplateId: withDefault(idSchema, () => null),
  flatList: listOf(templateFlatSchema).min(1, { error: 'expected at least one flat' }),
  viewList: listOf(templateViewSchema),
  colorConfigList: withDefault(listOf(colorConfigSchema), () => []),
  styleList: withDefault(listOf(templateStyleSchema), () => []),
  prototypeGroupId: withDefault(idSchema, () => null),
  prototypeGroupName: withDefault(stringSchema, () => ''),
  sectionType: withDefault(integerSchema, () => null),
  templateData: withDefault(jsonValueSchema, () => null),
  color: withDefault(namedColorSchema, () => null),
}).superRefine((t: CustomTemplate, ctx) => {
  // Ids are unique per list, and layers and colour maps name only the template's flats.
  reportDuplicates(t.flatList, ctx, ['flatList'], 'flatId', (f) => f.flatId);
  const flatIds = new Set(t.flatList.map((f) => f.flatId));
  t.viewList.forEach((view, v) => checkLayerFlats(view.viewData.layers, flatIds, ctx, ['viewList', v, 'viewData', 'layers']));
  reportDuplicates(t.viewList, ctx, ['viewList'], 'viewId', (view) => view.viewId);
  t.colorConfigList.forEach((config, c) => {
    for (const flatId of Object.keys(config.colorFlatMap)) {
      if (!flatIds.has(flatId)) report(ctx, ['colorConfigList', c, 'colorFlatMap', flatId], `unknown flat ${JSON.stringify(flatId)}`);
    }
  });
  reportDuplicates(t.colorConfigList, ctx, ['colorConfigList'], 'colorId', (c) => c.colorId);
  reportDuplicates(t.styleList, ctx, ['styleList'], 'styleId', (s) => s.styleId);
});
