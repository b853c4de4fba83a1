export { importPsd, commandsOf, type ImportedPsd, type ImportedSource } from './import';
export { readPsdBytes } from './read';
export { placementOf, type Placement } from './placement';
export { blendCodeForPsd } from './blend';
export { templateFromPsd } from './template';
// Baking a PSD into a product template, compositing whole documents, and the pixel and colour
// steps on the way: what the server's PSD products and the fidelity tools use.
export { bakePsdTemplate, type BakedPsdTemplate, type BakedImage, type BakeOptions } from './template-bake';
export { compositeDocument, storedCompositeStatus, flattenOver, type CompositeOptions, type StoredComposite } from './composite';
export { createRaster, type Raster } from './pixels/raster';
export { applySmartFilters, type SmartFilterContext } from './pixels/filters';
export { hiddenColourOfAffineLayer } from './pixels/hidden';
export { embeddedPsdPixels } from './sources';
export { embeddedDisplacementMap } from './displace';
export { documentColorContext, embeddedColor, isPsd, toDocumentColor, type ColorContext, type EmbeddedColor } from './color';
