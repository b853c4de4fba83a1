import type { SkuDesign } from '@pod-studio/engine/model';
import type { EditorState } from './document.ts';

/**
 * The document as it should be drawn: without the elements the layers panel hides. Mockups and
 * previews render this; saving uses the whole document (hiding is a view setting, not a delete).
 */
export function visibleDesign(state: Pick<EditorState, 'design' | 'hidden'>): SkuDesign {
  const hidden = state.hidden;
  const anyHidden = Object.keys(hidden).length > 0;
  return {
    ...state.design,
    flatDesignList: state.design.flatDesignList.map((f) =>
      anyHidden ? { ...f, designList: f.designList.filter((el) => !hidden[el.localId]) } : f,
    ),
  };
}
