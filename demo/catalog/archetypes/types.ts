/**
 * What an archetype is: one kind of blank product (t-shirt, mug, poster...) with its drawing per
 * view, its print areas, and the merchandising data products are varied from. Drawings are in
 * the 1000 x 1000 design space of art/path.ts; the photographer scales them to the image size.
 */
import type { Box, Pt, Ring, Shape } from '../art/path';
import type { Finish, Form } from '../art/relief';
import type { TattooPrintInfo } from '../../../contract/tattoo';

/** Custom types 2, 3, 5, 6 and 7 (designs), 8, 9 (photo products) and 12 (personalised gifts) are named in contract/catalog.ts. */
export type DesignCustomType = 2 | 3 | 5 | 6 | 7 | 8 | 9 | 12;

/** A valley in the relief (art/relief.ts height field): folds, seams, hems. */
export interface Fold {
  path: Ring;
  width: number;
  /** 0-1 darkness at the stroke's centre. */
  opacity: number;
  blur: number;
}

/** A soft area: a shallow hollow in the relief (tones). */
export interface Tone {
  shape: Shape;
  opacity: number;
  blur: number;
}

/** An untinted part drawn on top of the product: soles, zips, frames, lids, camera bumps. */
export interface Ornament {
  shape: Shape;
  fill: string;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
}

export type Placement =
  /** 16 points given explicitly (row by row), or derived from a box with gentle curvature. */
  | { kind: 'bezier'; points: readonly Pt[] }
  | { kind: 'affine'; box: Box }
  /** Corners of the print: top-left, top-right, bottom-right, bottom-left. */
  | { kind: 'perspective'; quad: readonly [Pt, Pt, Pt, Pt] }
  /**
   * A band wrapped around a vertical cylinder seen slightly from above. topY / bottomY are the
   * heights of the band's circles at the axis; ellipse* their half-heights; arc the degrees of
   * circumference the flat spans, centred on the viewer.
   */
  | {
      kind: 'cylinder';
      cx: number;
      radiusTop: number;
      radiusBottom: number;
      topY: number;
      bottomY: number;
      ellipseTop: number;
      ellipseBottom: number;
      arc: number;
    };

export interface PrintArea {
  flatId: string;
  placement: Placement;
  /** Clip in design units; the product body when absent and the print might spill over it. */
  clip?: Shape;
  /**
   * How the print meets the product in the mockup: 'ink' multiplies it into the surface at 0.92
   * opacity (a tattoo on skin: white vanishes, colours darken the skin under them); drawn over
   * it (normal) when absent.
   */
  ink?: boolean;
}

export interface ViewDrawing {
  id: string;
  name: string;
  /** The tintable product: the SKU colour multiplies over exactly this. */
  body: Shape;
  folds?: Fold[];
  tones?: Tone[];
  ornaments?: Ornament[];
  /**
   * Untinted things in the photo that the print goes on top of (a framed print's mat and paper):
   * drawn into the photo only, never into the parts overlay.
   */
  underlays?: Ornament[];
  prints: PrintArea[];
  /** 'wall' for wall art (hung, shadow to the lower right), 'floor' otherwise. */
  backdrop?: 'floor' | 'wall';
  /** What the body is made of (its texture and how it takes light); cotton jersey when absent. */
  finish?: Finish;
  /** The body's solid form for the height field (art/relief.ts); soft cloth when absent. */
  form?: Form;
}

/** A print area of the archetype: the design page the merchant edits. */
export interface FlatSpec {
  flatId: string;
  name: string;
  /** Print size in inches; at 150 DPI this gives the flat's pixel size. */
  widthIn: number;
  heightIn: number;
  /** The page's printable outline in 0-1 units of the flat (a phone case's camera hole...); the full rectangle when absent. */
  outline?: Shape;
  /** 0: the flat keeps its own colour (art paper); 1: it takes the SKU colour. */
  followsColor?: 0 | 1;
}

export interface Upcharge {
  name: string;
  /** Integer cents added to the base cost. */
  cents: number;
}

export interface Archetype {
  key: string;
  /** Human name of the blank ("Unisex T-Shirt"). */
  name: string;
  /** Noun used in titles. */
  noun: string;
  category: string;
  subcategory: string;
  customType: DesignCustomType;
  /** Has a 3D mockup (warped print), listed by get3DCustomProducts. */
  is3d: boolean;
  /** Appears in the customized-gift zone. */
  gift: boolean;
  flats: FlatSpec[];
  views: ViewDrawing[];
  /** Palette keys (art/palette.ts); null: no colour option (the product is white). */
  colors: readonly string[] | null;
  colorOptionName?: string;
  sizes: readonly Upcharge[] | null;
  sizeOptionName?: string;
  materials: readonly Upcharge[] | null;
  materialOptionName?: string;
  /** Base cost range in integer cents. */
  cost: readonly [number, number];
  weightGrams: number;
  /** Style words for titles ("V-Neck", "Oversized"). */
  styles: readonly string[];
  /** Sentences for descriptions. */
  features: readonly string[];
  properties: Readonly<Record<string, string>>;
  /** Relative chance of each ship-from: [factory CN, US, AU]. */
  shipFrom?: readonly [number, number, number];
  /** How the print files are made when not as designed: a temporary tattoo's (products' customInfo.print). */
  print?: TattooPrintInfo;
  /**
   * The views of model 1 and up (archetypes/models.ts) when the archetype has cuts of its own (a
   * tee's neckline and sleeve length, a mug's handle), with the same view ids; the drawing's views
   * when absent. Every model is then moved, turned and draped by the generic model map.
   */
  modelViews?: (model: number) => ViewDrawing[];
  /**
   * Style words (from `styles`) that name a model: a product titled "V-Neck" shows the V-neck cut.
   * Products whose title names none get a model by hash (archetypes/models.ts modelOf).
   */
  modelStyles?: Readonly<Record<string, number>>;
}
