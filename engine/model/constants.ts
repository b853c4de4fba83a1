/**
 * Engine constants: the product's limits, codes and defaults. Kept here rather than imported
 * from contract/ so the engine stays a self-contained package that can be embedded on its own.
 */

/** Internal code 20000 is a data error; 'Data error' is the message shown. */
export const DATA_ERROR_CODE = 20000 as const;
export const DATA_ERROR_MSG = 'Data error' as const;

/**
 * Render blend codes. 1-7 are the product's own (canvas names, 'none' is plain
 * source-over drawing). 8 and up are Photoshop's other modes with Photoshop's formulas, so a
 * template imported from a mockup PSD keeps every layer's mode (Photoshop's soft light is not the
 * canvas one).
 */
export const BLEND_MODES = {
  1: 'lighter',
  2: 'color',
  3: 'darken',
  4: 'lighten',
  5: 'overlay',
  6: 'multiply',
  7: 'none',
  8: 'screen',
  9: 'soft light',
  10: 'hard light',
  11: 'color dodge',
  12: 'color burn',
  13: 'linear dodge',
  14: 'linear burn',
  15: 'vivid light',
  16: 'linear light',
  17: 'pin light',
  18: 'hard mix',
  19: 'difference',
  20: 'exclusion',
  21: 'subtract',
  22: 'divide',
  23: 'hue',
  24: 'saturation',
  25: 'luminosity',
  26: 'darker color',
  27: 'lighter color',
} as const;

export type BlendCode = keyof typeof BLEND_MODES;
export type BlendMode = (typeof BLEND_MODES)[BlendCode];

export const BLEND_CODES: readonly BlendCode[] = Object.keys(BLEND_MODES).map(Number) as BlendCode[];
export const DEFAULT_BLEND_CODE: BlendCode = 5;
export const DEFAULT_OVERLAY_ALPHA = 0.9;

/** Levels per channel of a layer's 3D colour table (`colorLutUrl`): 33, the common .cube size. */
export const COLOR_LUT_SIZE = 33;

export const DEFAULT_COLOR = '#FFFFFF';
/** Fabric's default text fill, written as hex so every colour in a document has one form. */
export const DEFAULT_TEXT_FILL = '#000000';

export const DPI = {
  default: 125,
  target: 150,
  original: 72,
  rate: 1.2,
  /** At or above: good quality. */
  goodMin: 120,
  /** At or above (and below goodMin): medium; below: low resolution. */
  mediumMin: 72,
} as const;

export type DpiQuality = 'good' | 'medium' | 'bad';
export const DPI_QUALITY_LABELS: Readonly<Record<DpiQuality, string>> = {
  good: 'Good',
  medium: 'Medium',
  bad: 'Low resolution',
};

/** Two readings exist (800/600/800/20 and 800x800); the square one is used. */
export const CANVAS_SIZE = { width: 800, height: 800 } as const;
/** Parametric surfaces (Bezier patches, cylinders) are sampled on a 20x20 grid. */
export const PARAMETRIC_SAMPLES = 20;

export const MAX_TILES = 150;
/** Tiling over the limit is rejected with code 1 and this message. */
export const MAX_TILES_CODE = 1;
export const MAX_TILES_MSG = 'Maximum 150 tiling';
export const TILING_PATTERN_TYPES = [0, 1, 2, 3, 4, 5] as const;
export type TilingPatternType = (typeof TILING_PATTERN_TYPES)[number];
export const RANDOM_TILING = { scaleMin: 1, scaleMax: 2, angleMin: -40, angleMax: 40 } as const;

export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export type TextAlign = (typeof TEXT_ALIGNS)[number];

export const TEXT_DEFAULTS = {
  fontSize: 40,
  textAlign: 'left',
  fill: DEFAULT_TEXT_FILL,
  /** Fabric units: 1/1000 em. */
  charSpacing: 0,
  /** The bundled default face (fonts/manifest.json defaultFace), so a new text never needs a fallback. */
  fontFamily: 'Comfortaa Regular',
  stroke: null,
  /** Fabric's default; only drawn when a stroke colour is set. */
  strokeWidth: 1,
  shadow: null,
} as const;

/** Editor input ranges. Letter spacing is in em; charSpacing stores em x 1000. */
export const TEXT_LIMITS = {
  letterSpacingMin: -0.5,
  letterSpacingStep: 0.05,
  outlineMin: 1,
  outlineMax: 10,
  outlineStep: 1,
  shadowDistanceMin: 0,
  shadowDistanceMax: 10,
  shadowDistanceStep: 0.05,
  shadowAngleMin: 0,
  shadowAngleMax: 359.9,
  shadowAngleStep: 1,
} as const;
/** The shadow distance slider value is multiplied by 10 to get pixels. */
export const SHADOW_DISTANCE_SCALE = 10;

export const UPLOAD_DOWNSCALE_LIMIT = 1200;
export const THUMBNAIL_SIZE = 120;
/** Design JSON longer than this is uploaded as a file instead of being inlined. */
export const INLINE_JSON_LIMIT = 60000;

export const MAX_RENDER_FRAMES = { flat: 20, cylinder: 100 } as const;

export const MAX_COLOR_NAME_SUFFIX = 49;

/** Custom types 2, 3, 5, 6, 7 are 3D or flat types and need templates. */
export const CUSTOM_TYPES_3D: readonly number[] = [2, 3, 5, 6, 7];
export const MAX_PRODUCT_OPTIONS = 3;

/** Style codes the renderer offsets specially (the offsets are not known). */
export const STYLE_CODES_WITH_RENDER_OFFSET = ['B953', 'B998'] as const;
