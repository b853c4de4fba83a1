/**
 * Text box sizes on the main thread, for handles, hit areas and snapping. The worker draws the
 * text; the page measures it with the same bundled font and the same fabric layout, so the box
 * matches the pixels. Until a font has arrived the geometry estimates, and `fontsVersion` bumps
 * when it does so the overlay redraws with the real box.
 */
import { proxy } from 'valtio';
import type { TextElement } from '@pod-studio/engine/model';
import { layoutText, loadFont, type LoadedFont } from '@pod-studio/engine/layout';
import type { Size } from './geometry.ts';

export const fontsState = proxy({ version: 0 });

const ready = new Map<string, LoadedFont>();
const failed = new Set<string>();
const waiting = new Set<string>();
const sizes = new Map<string, Size>();

function request(family: string): void {
  if (waiting.has(family) || failed.has(family)) return;
  waiting.add(family);
  loadFont(family)
    .then(
      (font) => {
        ready.set(family, font);
        fontsState.version += 1;
      },
      () => failed.add(family),
    )
    .finally(() => waiting.delete(family));
}

/** The layout size of a text element, or null while its font loads (the load is started). */
export function measuredTextSize(el: TextElement): Size | null {
  const font = ready.get(el.fontFamily);
  if (!font) {
    request(el.fontFamily);
    return null;
  }
  const key = JSON.stringify([el.fontFamily, el.text, el.textLines, el.fontSize, el.charSpacing, el.textAlign]);
  let size = sizes.get(key);
  if (!size) {
    const layout = layoutText(el, font);
    size = { width: layout.width, height: layout.height };
    if (sizes.size > 2000) sizes.clear();
    sizes.set(key, size);
  }
  return size;
}
