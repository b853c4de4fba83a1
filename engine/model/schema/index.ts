/**
 * Zod schemas of the engine's documents: one definition that validates and normalises input,
 * types it, and can describe it as JSON Schema (`z.toJSONSchema(schema, { io: 'input' })`).
 * Parse with `PARSE_OPTIONS` (or through the validate* functions) to get the first problem only.
 */
export { PARSE_OPTIONS, firstProblem, formatPath, formatProblem, type Problem } from './messages.ts';
export { MAX_JSON_DEPTH, MAX_LAYER_DEPTH, booleanSchema, flagSchema, hexColorSchema, idSchema, jsonValueSchema } from './primitives.ts';
export {
  backgroundDesignSchema,
  designElementSchema,
  elementInFlatSchema,
  flatDesignSchema,
  skuDesignSchema,
  skuDesignSchemaFor,
  textShadowSchema,
  tilingSchema,
} from './design.ts';
export { personalImageSchema, personalizeOptionSchema, personalizeRuleSchema } from './personalize.ts';
export {
  clipPathSchema,
  colorConfigSchema,
  customTemplateSchema,
  customWarpSchema,
  flatDataSchema,
  layerFileSchema,
  layerListSchema,
  matrixSchema,
  quiltWarpSchema,
  templateFlatSchema,
  templateLayerSchema,
  templateViewSchema,
  viewDataSchema,
} from './template.ts';
export {
  editZoneSchema,
  engineProductSchema,
  optionValueSchema,
  productImageSchema,
  productOptionSchema,
  productVariantSchema,
} from './product.ts';
