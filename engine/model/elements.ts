import type { DesignElementBase, ImageElement, TextElement } from './types.ts';
import { splitTextLines, textDefaults } from './text.ts';

/**
 * A random id for a new element. crypto.getRandomValues is used rather than randomUUID because
 * the latter is missing outside secure contexts, and the engine also runs in plain-http pages.
 */
export function newLocalId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Fabric's object defaults (origin left/top, as fabric up to v6 and the saved data use). */
export function elementBaseDefaults(): Omit<DesignElementBase, 'flatId' | 'localId'> {
  return {
    designId: null,
    left: 0,
    top: 0,
    width: 0,
    height: 0,
    angle: 0,
    scaleX: 1,
    scaleY: 1,
    flipX: false,
    flipY: false,
    originX: 'left',
    originY: 'top',
  };
}

// Partial<> lets callers pass `key: undefined`; that must not wipe a default.
function defined<T extends object>(init: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(init) as (keyof T)[]) {
    if (init[key] !== undefined) out[key] = init[key];
  }
  return out;
}

export type TextElementInit = Pick<TextElement, 'flatId' | 'text'> & Partial<Omit<TextElement, 'type' | 'flatId' | 'text'>>;

/**
 * A text element with fabric and product defaults (font size 40, left aligned). textLines follow
 * the text unless given; width and height stay 0 until the text layout measures them.
 */
export function createTextElement(init: TextElementInit): TextElement {
  const given = defined(init);
  return {
    ...elementBaseDefaults(),
    ...textDefaults(),
    localId: newLocalId(),
    textLines: splitTextLines(init.text),
    ...given,
    flatId: init.flatId,
    text: init.text,
    type: 'text',
  };
}

export type ImageElementInit = Pick<ImageElement, 'flatId' | 'url' | 'originalWidth' | 'originalHeight'> &
  Partial<Omit<ImageElement, 'type' | 'flatId' | 'url' | 'originalWidth' | 'originalHeight'>>;

/** An image element with fabric defaults; its unscaled size defaults to the original pixels. */
export function createImageElement(init: ImageElementInit): ImageElement {
  const given = defined(init);
  return {
    ...elementBaseDefaults(),
    localId: newLocalId(),
    width: init.originalWidth,
    height: init.originalHeight,
    fileName: '',
    tiling: null,
    tilingLayer: null,
    ...given,
    flatId: init.flatId,
    url: init.url,
    originalWidth: init.originalWidth,
    originalHeight: init.originalHeight,
    type: 'image',
  };
}
