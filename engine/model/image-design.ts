/**
 * A design made of one picture placed on every flat of a template: what a page that embeds the
 * engine, a bulk render or a CLI renders when it is handed an image rather than a saved design.
 */
import { createImageElement } from './elements.ts';
import type { CustomTemplate, SkuDesign } from './types.ts';

export interface DesignImage {
  /** Where the engine loads it from (fetchable by the realm that renders: page or worker). */
  readonly url: string;
  /** Its pixel size. */
  readonly width: number;
  readonly height: number;
  readonly fileName?: string;
}

export interface ImageDesignOptions {
  /**
   * 'contain' (default): the whole picture, as large as fits, centred; 'cover': the flat filled,
   * the picture's overflow cut off by the flat; 'fill': stretched to the flat's shape.
   */
  readonly fit?: 'contain' | 'cover' | 'fill';
  /** SKU colour of the design; default white. */
  readonly color?: string;
  /** Flats that get the picture; default every flat of the template. */
  readonly flatIds?: readonly string[];
}

/** A SkuDesign showing only the artwork the template ships with (no merchant design). */
export function templateDesign(template: CustomTemplate, color = '#FFFFFF'): SkuDesign {
  return {
    id: 'template-design',
    color,
    styleId: null,
    BGDesignList: [],
    flatDesignList: template.flatList.map((flat) => ({
      flatId: flat.flatId,
      color,
      flatImage: null,
      previewFlatImage: null,
      designList: flat.designList,
    })),
  };
}

/** A SkuDesign with `image` on the template's flats (the other flats keep the template's own artwork). */
export function imageDesign(template: CustomTemplate, image: DesignImage, options: ImageDesignOptions = {}): SkuDesign {
  if (!(image.width > 0 && image.height > 0)) throw new Error('imageDesign: the image needs a positive width and height');
  const fit = options.fit ?? 'contain';
  const color = options.color ?? '#FFFFFF';
  const chosen = options.flatIds ? new Set(options.flatIds) : null;
  return {
    id: 'image-design',
    color,
    styleId: null,
    BGDesignList: [],
    flatDesignList: template.flatList.map((flat) => {
      const { width: fw, height: fh } = flat.flatData;
      const sx = fw / image.width;
      const sy = fh / image.height;
      const k = fit === 'contain' ? Math.min(sx, sy) : Math.max(sx, sy);
      const [scaleX, scaleY] = fit === 'fill' ? [sx, sy] : [k, k];
      const element = createImageElement({
        flatId: flat.flatId,
        url: image.url,
        originalWidth: image.width,
        originalHeight: image.height,
        fileName: image.fileName ?? '',
        left: (fw - image.width * scaleX) / 2,
        top: (fh - image.height * scaleY) / 2,
        scaleX,
        scaleY,
      });
      return {
        flatId: flat.flatId,
        color,
        flatImage: null,
        previewFlatImage: null,
        designList: chosen && !chosen.has(flat.flatId) ? flat.designList : [element],
      };
    }),
  };
}
