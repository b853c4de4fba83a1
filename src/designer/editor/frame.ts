/** The frame the stage worker draws, built from the editor state and the view (pure). */
import { layerFlatIds } from '@pod-studio/engine/model';
import type { StageBackground, StageFrame } from '@pod-studio/engine/stage';
import type { EditorState } from './document.ts';
import type { Size, View } from './geometry.ts';

/** The background mockups draw under this flat: the merchant's for the first view showing it. */
export function backgroundForFlat(state: Pick<EditorState, 'template' | 'design'>, flatId: string): StageBackground | null {
  const view = state.template.viewList.find((v) => layerFlatIds(v.viewData.layers).includes(flatId));
  // As the engine: with no view showing the flat, the first visible background applies.
  const bg = state.design.BGDesignList.find((b) => (view ? b.viewId === view.viewId : true) && b.visible);
  if (!bg) return null;
  if (bg.BGType === '1') return { color: bg.color, imageUrl: null };
  return bg.imageUrl ? { color: null, imageUrl: bg.imageUrl } : null;
}

export function stageFrame(
  state: Pick<EditorState, 'template' | 'design' | 'activeFlatId' | 'hidden' | 'selection' | 'locked'>,
  view: View,
  viewport: Size,
  dpr: number,
): StageFrame | null {
  const flat = state.template.flatList.find((f) => f.flatId === state.activeFlatId);
  if (!flat) return null;
  const flatDesign = state.design.flatDesignList.find((f) => f.flatId === flat.flatId);
  return {
    flat: { width: flat.flatData.width, height: flat.flatData.height },
    flatColor: flatDesign?.color ?? flat.flatData.color ?? null,
    designList: (flatDesign?.designList ?? []).filter((el) => !state.hidden[el.localId]),
    background: backgroundForFlat(state, flat.flatId),
    view: { width: viewport.width, height: viewport.height, dpr, zoom: view.zoom, panX: view.panX, panY: view.panY },
    // One selected element that can move: the stage readies its drag while idle.
    lifted: state.selection.length === 1 && !state.locked[state.selection[0]!] ? state.selection[0]! : null,
  };
}
