/** Public API of the mockup pipeline (smart-object warps onto product photos, WebGL2). */
export {
  MockupRenderer,
  type MockupRendererOptions,
  type RenderViewOptions,
  type RenderLayersOptions,
  type LayerImage,
} from './renderer.ts';
export { outputSizeFor, type OutputSize } from './output.ts';
export { StopRenderError, isStopRender, RenderIdRegistry, STOP_RENDER_MESSAGE, type RenderTicket } from './render-ids.ts';
export {
  createFetchImageLoader,
  createMapImageLoader,
  decodeImage,
  type ImageLoader,
  type CachingImageLoader,
  type FetchImageLoaderOptions,
} from './image-loader.ts';
export { buildLayerMesh, cylinderViewFromModel, quadMirrored, WHOLE_FLAT, type LayerMesh, type TextureSpan } from './layer-mesh.ts';
export { planViewLayers, planViewParts, type PlannedLayer, type PlannedPart } from './view-plan.ts';
export { flatFootprint, layersShowingFlat, layerCornersInView, type FlatFootprint } from './flat-footprint.ts';
export { planTiles } from './tiles.ts';
export {
  BICUBIC_SHARPER,
  BICUBIC_SMOOTHER,
  cubicWeights,
  keysCubic,
  photoshopKernel,
  resampledByCubic,
  type CubicKernel,
  type Resampling,
} from './resampling.ts';
