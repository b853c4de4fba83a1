/**
 * The engine's public API: framework-free, runs in Web Workers and pages. Everything an embedding
 * page needs: the document model and its validation, geometry, PSD import, fonts, the flat
 * compositor, the mockup pipeline and the high-level Engine that joins them.
 */
export * from './model/index.ts';
export * as geometry from './geometry/index.ts';
export * from './psd/index.ts';
export {
  loadFont,
  loadFonts,
  BUNDLED_FONTS,
  DEFAULT_FONT_FACE,
  setFontUrlResolver,
  type BundledFontFace,
  type LoadedFont,
} from './text/index.ts';
export {
  composeFlat,
  composeFlatToPng,
  printSize,
  TilingLimitError,
  withPngDpi,
  readPngDpi,
  composeBackend,
  setComposeBackend,
  type ComposeBackend,
  type ComposeFlatOptions,
  type ComposeBackground,
} from './render/compose/index.ts';
export {
  MockupRenderer,
  createFetchImageLoader,
  createMapImageLoader,
  decodeImage,
  outputSizeFor,
  RenderIdRegistry,
  type CachingImageLoader,
  type ImageLoader,
  type OutputSize,
  type RenderViewOptions,
  type Resampling,
} from './render/mockup/index.ts';
// The mockup pipeline's plan (which layers a view draws, and each one's mesh), for hosts that
// draw it some other way: the engine benchmark's Canvas2D baseline is one.
export { planViewLayers, buildLayerMesh, type PlannedLayer, type LayerMesh } from './render/mockup/index.ts';
// Where a flat lands on a view's photo: editors draw the product around the print area with it.
export { flatFootprint, type FlatFootprint } from './render/mockup/index.ts';
export { StopRenderError, isStopRender, STOP_RENDER_MESSAGE } from './render/stop-render.ts';
export { Engine, flatScaleForView, TATTOO_DPI, type EngineOptions, type MockupRequest } from './engine.ts';
export {
  mirrorHorizontally,
  whiteToAlpha,
  cutLine,
  cutLineSvg,
  tattooPrint,
  CUT_CONTOUR_NAME,
  type RgbaPixels,
  type CutLine,
  type TattooPrint,
} from './render/compose/tattoo.ts';
export type { TattooPrintFiles } from './render/compose/tattoo-file.ts';
