/**
 * The space every catalogue template is drawn in, generated or baked from an operator's PSD:
 * flats are printed at PRINT_DPI, and a flat's editing space has EDIT_SIZE px on its long side
 * (the 800 x 800 design canvas).
 */

/** Print resolution of the flats: 150 DPI, the resolution print files target. */
export const PRINT_DPI = 150;
/** Long side of a flat's editing space: the 800 x 800 design canvas. */
export const EDIT_SIZE = 800;
