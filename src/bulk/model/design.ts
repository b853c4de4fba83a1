/**
 * The design document of one product of a bulk job: the template's empty document with the
 * job's designs placed on the print areas the merchant chose, and the job's background on every
 * view. Pure: text sizes are measured beforehand (text-size.ts) and carried in the sources.
 */
import {
  createImageElement,
  createTextElement,
  type BackgroundDesign,
  type CustomTemplate,
  type DesignElement,
  type SkuDesign,
} from '@pod-studio/engine/model';
import { emptyDesign } from '../../designer/editor/template-switch.ts';
import { DEFAULT_AREA, placeStack, type Adjust, type AreaPlacement } from './placement';

/** Font size texts are measured and created at; the placement scales them from there. */
export const TEXT_BASE_SIZE = 100;

export type DesignSource =
  | { kind: 'image'; url: string; width: number; height: number; fileName: string }
  /** width and height: the laid-out text at TEXT_BASE_SIZE. */
  | { kind: 'text'; text: string; fill: string; fontFamily: string; width: number; height: number };

export type BackgroundSource = { kind: 'colour'; color: string } | { kind: 'image'; url: string };

/** The placement of a print area kind; one not named prints on a product's first area only. */
export function areaPlacement(areas: Readonly<Record<string, AreaPlacement>>, flatId: string, first: boolean): AreaPlacement {
  return areas[flatId] ?? (first ? DEFAULT_AREA : { ...DEFAULT_AREA, print: false });
}

export interface BulkDesignInput {
  template: CustomTemplate;
  designs: readonly DesignSource[];
  areas: Readonly<Record<string, AreaPlacement>>;
  adjust?: Adjust;
  background?: BackgroundSource | null;
  /** The document's id (a bulk product's key); documents need one to be read back. */
  id?: string;
}

export function bulkDesign(input: BulkDesignInput): SkuDesign {
  const { template } = input;
  const design = { ...emptyDesign(template), id: input.id ?? 'bulk' };
  template.flatList.forEach((flat, i) => {
    const placement = areaPlacement(input.areas, flat.flatId, i === 0);
    const target = design.flatDesignList.find((f) => f.flatId === flat.flatId);
    if (!placement.print || !target) return;
    // A flat takes only the kinds of design it accepts.
    const pieces = input.designs.filter((d) => (d.kind === 'image' ? flat.flatData.img === 1 : flat.flatData.text === 1));
    const placed = placeStack(pieces, flat.flatData, placement, input.adjust);
    pieces.forEach((piece, k) => {
      const at = placed[k]!;
      const common = {
        flatId: flat.flatId,
        originX: 'center',
        originY: 'center',
        left: at.left,
        top: at.top,
        scaleX: at.scale,
        scaleY: at.scale,
      } as const;
      const el: DesignElement =
        piece.kind === 'image'
          ? createImageElement({
              ...common,
              url: piece.url,
              originalWidth: piece.width,
              originalHeight: piece.height,
              fileName: piece.fileName,
            })
          : createTextElement({
              ...common,
              text: piece.text,
              fill: piece.fill,
              fontFamily: piece.fontFamily,
              fontSize: TEXT_BASE_SIZE,
              width: piece.width,
              height: piece.height,
            });
      target.designList.push(el);
    });
  });
  if (input.background) {
    const viewIds = template.viewList.map((v) => v.viewId);
    const bg = input.background;
    design.BGDesignList = viewIds.map((viewId): BackgroundDesign => ({
      viewId,
      imageUrl: bg.kind === 'image' ? bg.url : null,
      labelType: null,
      BGType: bg.kind === 'image' ? '2' : '1',
      color: bg.kind === 'colour' ? bg.color : '#FFFFFF',
      viewIdList: viewIds,
      visible: true,
    }));
  }
  return design;
}
