/**
 * New documents and template switches. Pure functions over plain data (no valtio), so they are
 * unit-tested on their own and the document only wires them into its history.
 */
import {
  DEFAULT_COLOR,
  parseHexColor,
  type CustomTemplate,
  type DesignElement,
  type FlatDesign,
  type SkuDesign,
  type TemplateFlat,
} from '@pod-studio/engine/model';

/** The flat design a template flat starts with: its pre-placed artwork and its colour. */
export function flatDesignFor(flat: TemplateFlat, skuColor: string): FlatDesign {
  return {
    flatId: flat.flatId,
    designList: structuredClone(flat.designList).map((el) => ({ ...el, flatId: flat.flatId })),
    color: flat.flatData.customColor === 1 ? skuColor : flat.flatData.color || DEFAULT_COLOR,
    flatImage: null,
    previewFlatImage: null,
  };
}

/** A document with every flat of the template and nothing added yet. */
export function emptyDesign(template: CustomTemplate): SkuDesign {
  const color = parseHexColor(template.color?.value ?? '') ?? DEFAULT_COLOR;
  return {
    id: '',
    flatDesignList: template.flatList.map((flat) => flatDesignFor(flat, color)),
    BGDesignList: [],
    color,
    styleId: template.styleList[0]?.styleId ?? null,
  };
}

/**
 * A design counts as changed between templates when the flat's width or height
 * differ by whole-number floor; only then are elements rescaled.
 */
export function flatSizeChanged(a: TemplateFlat['flatData'], b: TemplateFlat['flatData']): boolean {
  return Math.floor(a.width) !== Math.floor(b.width) || Math.floor(a.height) !== Math.floor(b.height);
}

/** Moves an element onto a flat of another size, keeping its place and size relative to the flat. */
function rescaleElement(el: DesignElement, from: TemplateFlat['flatData'], to: TemplateFlat['flatData']): DesignElement {
  const kx = to.width / from.width;
  const ky = to.height / from.height;
  // One factor for the size so artwork keeps its aspect; the position follows each axis.
  const k = Math.min(kx, ky);
  return { ...el, left: el.left * kx, top: el.top * ky, scaleX: el.scaleX * k, scaleY: el.scaleY * k };
}

/**
 * The flat designs after switching from one template to another (e.g. the merchant picked a
 * colour whose product photos use another template). Each new flat takes the elements of the
 * old flat with the same flatId; when the ids differ it takes the old flat at the same position.
 * Flats with nothing to take keep the new template's pre-placed artwork.
 */
export function carryDesignToTemplate(
  from: CustomTemplate,
  to: CustomTemplate,
  current: readonly FlatDesign[],
  skuColor: string,
): FlatDesign[] {
  const byId = new Map(current.map((f) => [f.flatId, f]));
  const sameIds = to.flatList.some((f) => byId.has(f.flatId));
  return to.flatList.map((flat, i) => {
    const oldTemplateFlat = sameIds ? from.flatList.find((f) => f.flatId === flat.flatId) : from.flatList[i];
    const old = oldTemplateFlat ? byId.get(oldTemplateFlat.flatId) : undefined;
    const fresh = flatDesignFor(flat, skuColor);
    if (!old || !oldTemplateFlat) return fresh;
    const resize = flatSizeChanged(oldTemplateFlat.flatData, flat.flatData);
    const designList = structuredClone(old.designList).map((el) => {
      const moved = { ...el, flatId: flat.flatId };
      return resize ? rescaleElement(moved, oldTemplateFlat.flatData, flat.flatData) : moved;
    });
    return { ...fresh, designList, color: flat.flatData.customColor === 1 ? skuColor : old.color };
  });
}
