/** Public API of the engine's text: bundled fonts, fabric-compatible layout, rasterising. */
export {
  FONT_ERROR_MSG,
  BUNDLED_FONTS,
  DEFAULT_FONT_FACE,
  FontLoadError,
  isFontLoadError,
  setFontUrlResolver,
  fontFaceUrl,
  fontKey,
  resolveFontFace,
  loadFont,
  loadFonts,
  isFontLoaded,
  resetFontCache,
  type BundledFontFace,
  type LoadedFont,
  type LoadFontOptions,
} from './fonts.ts';
export {
  FABRIC_TEXT,
  layoutText,
  textLinesOf,
  graphemeCount,
  effectiveFontSize,
  letterSpacingPx,
  lineAdvance,
  unionBox,
  type TextStyle,
  type TextLayout,
  type TextLineLayout,
  type LocalBox,
} from './layout.ts';
export { rasterizeText, fabricShadow, textPaintBounds, type TextRaster, type RasterOptions } from './raster.ts';
export { textTransform, textElementMatrix, type TextPlacementFields } from './placement.ts';
