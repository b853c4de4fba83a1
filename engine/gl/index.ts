/** Small stateless WebGL2 helpers shared by the engine's GPU passes. */
export {
  CONTEXT_ATTRIBUTES,
  createGLContext,
  glLimits,
  maxTextureSize,
  assertContextAlive,
  rendererName,
  isSoftwareRenderer,
  webglIsSoftware,
  type GLCanvas,
  type GLLimits,
} from './context.ts';
export {
  uploadTexture,
  createEmptyTexture,
  deleteTexture,
  generateMipmaps,
  textureBytes,
  sourceSize,
  fitToTextureLimit,
  type GLTexture,
  type UploadOptions,
} from './textures.ts';
export {
  createRenderTarget,
  deleteRenderTarget,
  bindRenderTarget,
  copyTargetRegion,
  TargetPool,
  type RenderTarget,
  type TargetSpec,
  type PixelRect,
} from './targets.ts';
export { readPixels, readImageData, unpremultiplyInPlace } from './readback.ts';
export { createProgram, deleteProgram } from './programs.ts';
export { createMesh, deleteMesh, type GLMesh } from './buffers.ts';
export { Disposer, SourceCache } from './resources.ts';
