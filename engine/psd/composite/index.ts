/**
 * A CPU compositor of a whole Photoshop document: the layer stack drawn the way Photoshop draws
 * it, in 8-bit straight alpha, from the pixels stored in the PSD (or a caller's smart-object
 * renders), layer effects included (`effects.ts`: shadows, glows, overlays, strokes); everything
 * drawn approximately or left out is reported through `warn`.
 */
import type { Layer, Psd } from 'ag-psd';
import type { Raster } from '../pixels/raster';
import { applyAdjustment } from '../pixels/adjustments';
import { compositeStack } from './stack';

export interface CompositeOptions {
  /** The render of a smart-object layer at document size (without opacity, masks, blend: the layer's own pixels), or null to use the pixels stored in the PSD. */
  smartObject?: (layer: Layer, path: string) => Raster | null;
  /** Called once per thing drawn approximately or left out (unsupported layer kind, undrawn layer effect, blend mode…), naming the layer path and what. */
  warn?: (message: string) => void;
}

/** The document composited at document size, straight-alpha RGBA. */
export function compositeDocument(psd: Psd, opts: CompositeOptions = {}): Raster {
  return compositeStack(psd, { smartObject: opts.smartObject, warn: opts.warn, adjust: applyAdjustment });
}

export { SEPARABLE_BLENDS, blendNonSeparable, isSupportedBlendMode, FILL_SENSITIVE_MODES } from './blend-modes';
export { storedCompositeStatus, flattenOver, type StoredComposite } from './reference';
