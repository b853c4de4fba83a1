/** The bar a render must clear to count as Photoshop's: mean absolute error per channel, 0-255. */
export const LAYER_MAE_LIMIT = 1.0;
export const COMPOSITE_MAE_LIMIT = 2.0;
