/**
 * Pure parts of the product backdrop: the CSS transform that lines the view photo up with the
 * print area on screen, and the design the backdrop is rendered from.
 */
import type { Mat3 } from '@pod-studio/engine/geometry';
import type { SkuDesign } from '@pod-studio/engine';
import type { View } from '../editor';

/**
 * A CSS matrix3d taking view-photo px (the element laid out at the photo's size, origin at its
 * top-left) to stage px: first into the flat by `viewToFlat`, then by the stage's zoom and pan.
 * The projective row goes to the fourth row of the 4x4, as CSS expects.
 */
export function backdropTransform(viewToFlat: Mat3, view: View): string {
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = viewToFlat;
  const { zoom: z, panX: x, panY: y } = view;
  // Column (a, b, w) of H after the stage's scale and pan: (z·a + x·w, z·b + y·w, w).
  const col = (a: number, b: number, w: number): number[] => [z * a + x * w, z * b + y * w, 0, w];
  const values = [...col(h0, h1, h2), ...col(h3, h4, h5), 0, 0, 1, 0, ...col(h6, h7, h8)];
  return `matrix3d(${values.map((v) => Number(v.toPrecision(10))).join(',')})`;
}

/** The design without its elements: the product as it is before anything is printed on it. */
export function undecorated(design: SkuDesign): SkuDesign {
  return { ...design, flatDesignList: design.flatDesignList.map((f) => ({ ...f, designList: [] })) };
}

/** What the backdrop's pixels depend on besides the template: colours and backgrounds, not elements. */
export function backdropKey(design: SkuDesign, viewId: string): string {
  return JSON.stringify([viewId, design.color, design.styleId, design.flatDesignList.map((f) => f.color), design.BGDesignList]);
}
