/** Public API of flat composition (editor previews, mockup sources and print files). */
export { composeFlat, composeFlatSketched, composeFlatToPng, DEFAULT_TILE_SIZE } from './compose.ts';
export { FlatSketch, type Repaint } from './flat-sketch.ts';
export { printSize, type PrintSize } from './print.ts';
export { outputSize, type OutputSize } from './output.ts';
export { planFlat, tileElementMatrices, type DrawOp, type FlatPlan, type PlanInput } from './plan.ts';
export { BitmapTextureCache } from './textures.ts';
export { acquireComposeRenderer, disposeComposeRenderer, type ComposeRenderer } from './renderer.ts';
export { TilingLimitError, StopRenderError, checkpoint, type RenderGuard } from './errors.ts';
export { withPngDpi, readPngDpi, physChunk } from './png.ts';
export { flatContentOf, noteFlatContent, planContent } from './content.ts';
export type { ComposeFlatOptions, ComposePngOptions, ComposeBackground, ImageLoader, FlatSize } from './types.ts';
export { composeBackend, setComposeBackend, type ComposeBackend } from './backend.ts';
