/**
 * Backgrounds per view: colour ('1') or image ('2'), shown
 * or hidden. Copying one view's background to the others gives each view that can show a
 * background (delete flag 0: one of its print areas takes a background) a copy; every other
 * view gets a white colour background made visible.
 */
import { DEFAULT_COLOR, layerFlatIds, type BackgroundDesign, type CustomTemplate } from '@pod-studio/engine/model';

export function colourBackground(viewId: string, color: string): BackgroundDesign {
  return { viewId, imageUrl: null, labelType: null, BGType: '1', color: color.toUpperCase(), viewIdList: [], visible: true };
}

export function imageBackground(viewId: string, imageUrl: string): BackgroundDesign {
  return { viewId, imageUrl, labelType: null, BGType: '2', color: DEFAULT_COLOR, viewIdList: [], visible: true };
}

/** Whether a view can show a background: one of the flats it shows has the bg flag. */
export function viewTakesBackground(template: CustomTemplate, viewId: string): boolean {
  const view = template.viewList.find((v) => v.viewId === viewId);
  if (!view) return false;
  const flats = new Set(layerFlatIds(view.viewData.layers));
  return template.flatList.some((f) => flats.has(f.flatId) && f.flatData.bg === 1);
}

/** The backgrounds after copying `source` to every other view; the source records where it went. */
export function copyBackgroundToViews(template: CustomTemplate, source: BackgroundDesign): BackgroundDesign[] {
  const others = template.viewList.map((v) => v.viewId).filter((id) => id !== source.viewId);
  const copies = others.map((viewId) =>
    viewTakesBackground(template, viewId)
      ? { ...structuredClone(source), viewId, viewIdList: [] }
      : { ...colourBackground(viewId, DEFAULT_COLOR), visible: true },
  );
  return [{ ...structuredClone(source), viewIdList: others }, ...copies];
}
