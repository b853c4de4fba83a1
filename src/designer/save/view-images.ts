/**
 * How saved view images are made, and "Open larger" shows them: 1600 px on the longer side and
 * JPEG quality 0.92, so 12 pt text in a 10-inch print area (about 11 px tall on a tee's front at
 * this size) keeps its strokes instead of blurring into ringing.
 */
export const VIEW_IMAGE_SIZE = 1600;
export const VIEW_IMAGE_QUALITY = 0.92;
