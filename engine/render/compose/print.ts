import { DPI, type FlatData } from '../../model/index.ts';
import type { OutputSize } from './output.ts';

export interface PrintSize extends OutputSize {
  /** Output px per design px: the `scale` to compose the flat with. */
  readonly scale: number;
  readonly dpi: number;
}

/**
 * Pixel size of a flat's print file at `dpi`. flatWidth × flatHeight is the print size at the
 * product's default 125 dpi, so other DPIs scale it; the composition scale is that size over the
 * flat's design size (width × height), the space element coordinates live in.
 */
export function printSize(flat: Pick<FlatData, 'width' | 'height' | 'flatWidth' | 'flatHeight'>, dpi: number = DPI.target): PrintSize {
  if (!(flat.width > 0 && flat.height > 0 && flat.flatWidth > 0 && flat.flatHeight > 0 && dpi > 0)) {
    throw new Error('printSize needs positive flat sizes and dpi');
  }
  const width = Math.round((flat.flatWidth * dpi) / DPI.default);
  // One scale for both axes (the design's aspect is the print's); width decides, and height is
  // what composeFlat makes of that scale, so the two always agree.
  const scale = width / flat.width;
  return { width, height: Math.max(1, Math.round(flat.height * scale)), scale, dpi };
}
