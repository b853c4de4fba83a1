import type { DesignElement } from '@pod-studio/engine/model';

/** The accessible name of an element on the stage and in the layers panel: 'Text: Hello', 'Image: logo.png'. */
export function elementLabel(el: DesignElement): string {
  if (el.type === 'text') return `Text: ${el.text.replace(/\s+/g, ' ').trim() || '(empty)'}`;
  return `Image: ${el.fileName || el.url.split('/').pop() || 'image'}`;
}
