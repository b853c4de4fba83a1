/** Public API of the engine's document and template model. */
export * from './constants.ts';
export * from './types.ts';
export { DataError, isDataError } from './errors.ts';
export { parseHexColor, isHexColor, normalizeHexColor, hexToRgb, dedupeColorNames, type Rgb } from './color.ts';
export { dpiQuality, effectiveDpi, downscaledSize, type DpiElement, type DpiFlat } from './dpi.ts';
export {
  IMAGE_FILTERS,
  ADJUST_RANGE,
  NEUTRAL_ADJUST,
  isNeutralAdjust,
  adjustKey,
  imageAssetKey,
  adjustRgb,
  adjustPixels,
} from './adjust.ts';
export { textAlignmentFor, splitTextLines, shadowOffset, textDefaults, type TextStyleDefaults } from './text.ts';
export {
  newLocalId,
  elementBaseDefaults,
  createTextElement,
  createImageElement,
  type TextElementInit,
  type ImageElementInit,
} from './elements.ts';
export { blendModeOf, layerWarp, walkLayers, layerFlatIds, type LayerWarp } from './layers.ts';
export { is3DCustomType, parseBracketList, colorOption } from './product.ts';
export {
  validateTemplate,
  validateSkuDesign,
  validateDesignElement,
  validateProduct,
  validateJson,
  validateWith,
  unwrap,
  dataError,
  type ValidationResult,
  type DataErrorResult,
} from './validate.ts';
export { designDocument, readDesignDocument, type SavedDesignDoc } from './design-document.ts';
export { imageDesign, templateDesign, type DesignImage, type ImageDesignOptions } from './image-design.ts';
export { withAbsoluteUrls } from './urls.ts';
export {
  personalFields,
  checkPersonalValues,
  personalizeDesign,
  personalSummary,
  PERSONALIZE_LIMITS,
  type PersonalField,
  type ImageUrlCheck,
} from './personalize.ts';
export type {
  PersonalImage,
  PersonalizeOption,
  PersonalizeKind,
  PersonalizeRule,
  PersonalValue,
  PersonalValues,
} from './personalize-types.ts';
export * from './schema/index.ts';
