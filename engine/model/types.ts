/**
 * The engine's document and template model. Every type here is plain JSON-like data so documents
 * can cross worker boundaries with structuredClone / postMessage and be stored as-is. Field names
 * are the saved API's own, kept exactly even where they are inconsistent (BGType, SKUId, optionsval),
 * because the same JSON is saved through the API.
 *
 * Conventions (the API's documents leave these open):
 * - Ids are strings. Validators accept finite numbers from the API and convert them, so the engine
 *   never compares 12 with '12'.
 * - Colours are normalised to '#RRGGBB' upper case.
 * - 0/1 flags stay numbers (as the API sends them); yes/no fields the engine owns are booleans.
 */
import type { BlendCode, TextAlign, TilingPatternType } from './constants.ts';
import type { PersonalizeRule } from './personalize-types.ts';

export type Id = string;
export type Flag = 0 | 1;

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };

// ---------------------------------------------------------------------------------------------
// Product (the parts the engine uses)

export interface ProductOptionValue {
  name: string;
  /** '#RRGGBB', or null when the value has no swatch colour. */
  hex: string | null;
}

export interface ProductOption {
  id: Id;
  name: string;
  /** 1-3; position 1 is the wire field without suffix, 2 and 3 carry the suffix. */
  position: 1 | 2 | 3;
  /** Marks a colour option: its values carry hex swatches and pick the SKU colour. */
  isColor: boolean;
  values: ProductOptionValue[];
}

export interface ProductVariant {
  id: Id;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  imagesId: Id | null;
  /** Integer cents (ARCHITECTURE: money is integer cents). */
  cost: number;
}

/** A product image row; for 2D products src + imgname (colour hex) drive the design surface. */
export interface ProductImage {
  productid: Id;
  customType: number;
  /** The template, or a URL to fetch it from. */
  editZone: CustomTemplate | string | null;
  sectionType: number | null;
  prototypeGroupId: Id | null;
  prototypeGroupName: string;
  sectionName: string;
  /** Colour hex of the SKU colour this image shows ('#RRGGBB'). */
  imgname: string;
  src: string;
  iscolor: Flag;
  isoverlay: Flag;
  editimgwidth: number | null;
  editimgheight: number | null;
  dpl: JsonValue;
}

export interface EngineProduct {
  id: Id;
  handle: string;
  title: string;
  customType: number;
  options: ProductOption[];
  variants: ProductVariant[];
  /** Templates resolved for the product; required (non-empty) for 3D custom types. */
  templates: CustomTemplate[];
  images: ProductImage[];
}

// ---------------------------------------------------------------------------------------------
// Custom template

export type PageType = 'normal' | (string & {});

export interface FlatData {
  /** 1: the flat accepts image designs. */
  img: Flag;
  /** 1: the flat accepts text designs. */
  text: Flag;
  /** 1 (with img 1): the flat's colour is editable. */
  edit: Flag;
  color: string;
  /** Style code of the flat (e.g. 'B953'), '' for none. */
  style: string;
  /** Style ids the flat belongs to; empty means all styles. */
  styleList: Id[];
  /** Editing coordinate size of the flat, in design pixels. */
  width: number;
  height: number;
  /** Print size of the flat in pixels at the print DPI (DPI.default unless told otherwise). */
  flatWidth: number;
  flatHeight: number;
  /** 1: the flat's colour follows the SKU colour picked by the merchant. */
  customColor: Flag;
  /** 1: the flat shows the view background design. */
  bg: Flag;
  pageType: PageType;
}

export interface TemplateFlat {
  flatId: Id;
  /** Outline / mask image of the flat. */
  flatImageUrl: string;
  flatData: FlatData;
  /** Designs the template ships with (pre-placed artwork). */
  designList: DesignElement[];
}

export interface Point {
  x: number;
  y: number;
}

/** Source-to-view affine matrix [a, b, c, d, e, f]: x' = a*x + c*y + e, y' = b*x + d*y + f. */
export type AffineMatrix = [number, number, number, number, number, number];
/** Corner quad in view pixels: top-left, top-right, bottom-right, bottom-left as x,y pairs. */
export type Quad = [number, number, number, number, number, number, number, number];
/**
 * A 3x3 projective map, column-major: x' = (m0·x + m3·y + m6) / w, y' = (m1·x + m4·y + m7) / w
 * with w = m2·x + m5·y + m8.
 */
export type ProjectionMatrix = [number, number, number, number, number, number, number, number, number];

/**
 * How a smart object's source (OS-sized) lands on the view photo. For 'bezier' and 'quilt' the
 * control points live in PS (in view pixels) and M only names the kind, so a reader can switch
 * on M.kind alone; `layerWarp` joins the two into one narrowed value.
 */
export type SmartObjectMatrix =
  | { kind: 'affine'; matrix: AffineMatrix }
  /** nonAffine is Photoshop's non-affine quad; when present it wins over quad. */
  | { kind: 'perspective'; quad: Quad; nonAffine: Quad | null }
  /**
   * Warps. With `projection` (a warp under a perspective placement) PS holds the control points
   * before the projection, and every point of the warped surface is projected into the view.
   */
  | { kind: 'bezier'; projection?: ProjectionMatrix }
  | { kind: 'quilt'; projection?: ProjectionMatrix }
  /**
   * A wrap around a cylinder (mugs, tumblers): quad bounds the visible band by its straight
   * corners, the top and bottom edges sag by bulgeTop / bulgeBottom pixels at the centre
   * (elliptical arcs), and the whole source width spans `arc` degrees of the circumference.
   */
  | { kind: 'cylinder'; quad: Quad; bulgeTop: number; bulgeBottom: number; arc: number };

export type SmartObjectMatrixKind = SmartObjectMatrix['kind'];

/** Photoshop custom envelope warp: one bicubic patch, 4x4 control points row by row. */
export interface CustomWarpPoints {
  kind: 'custom';
  points: Point[];
}

/**
 * Photoshop quilt warp: a grid of bicubic patches sharing edges. rows/cols count control points
 * (4 + 3n each). quiltSliceX / quiltSliceY are the patch boundaries in source pixels, both edges
 * included, so they hold (cols - 1) / 3 + 1 and (rows - 1) / 3 + 1 ascending values.
 */
export interface QuiltWarpPoints {
  kind: 'quilt';
  rows: number;
  cols: number;
  points: Point[];
  quiltSliceX: number[];
  quiltSliceY: number[];
}

export type BezierPoints = CustomWarpPoints | QuiltWarpPoints;

/**
 * Clip path as a flat list of points. 'M' starts a subpath, 'L' draws a line, three consecutive
 * 'C' entries are the two control points and the end of a cubic, 'Z' closes (X, Y unused: 0).
 * Coordinates are view pixels.
 */
export interface PathCommand {
  Type: 'M' | 'L' | 'C' | 'Z';
  X: number;
  Y: number;
}

export type LayerFile = { kind: 'flat'; flatId: Id } | { kind: 'image'; url: string };

export interface SmartObjectLayer {
  T: 'SmartObject';
  PS: BezierPoints | null;
  OS: { w: number; h: number };
  M: SmartObjectMatrix;
  PPC: PathCommand[] | null;
  F: LayerFile;
  blend: BlendCode;
  /** 0-1. */
  opacity: number;
  /**
   * A coverage image at the view's size (its red channel, 0 hides and 255 shows) multiplying the
   * layer: a PSD's raster layer masks, which a clip path cannot express. Absent: no mask.
   */
  maskUrl?: string;
  /**
   * Photoshop's clipping mask: the layer shows only where the nearest layer before it in the same
   * list that is not itself clipped (its base) covers, through the base's pixels and mask. Where
   * the base is partly transparent (antialiased edges, soft masks) the clipped layer is drawn over
   * the composite at that share, which differs a little from Photoshop's isolated clipping group
   * (exact where the base is opaque or absent). Absent or false: drawn on its own.
   */
  clipToBelow?: boolean;
  /**
   * A 3D colour table the layer's colours go through (Photoshop adjustments and colour smart
   * filters on a design): COLOR_LUT_SIZE levels per channel, laid out as one slice per blue level
   * side by side, red along x and green along y within a slice. Absent: colours unchanged.
   */
  colorLutUrl?: string;
  /**
   * A Gaussian blur of the warped layer, its standard deviation in view px (Photoshop's Gaussian
   * Blur smart filter radius). Absent: sharp.
   */
  blur?: number;
  /**
   * How a warp (M.kind 'bezier' or 'quilt') or a perspective quad is cut into triangles.
   * 'photoshop': as Photoshop cuts it (a coarse grid per patch chosen by the surface's flatness in
   * view px, each cell split along one diagonal, the texture linear across each triangle as drawn,
   * a perspective quad as the untouched patch projected), so a PSD's smart object renders as
   * Photoshop renders it. Absent: a fine mesh (at least 20x20, denser for large outputs) that follows
   * the exact surface, and a perspective quad exact, for the catalogue's own surfaces.
   */
  tessellation?: 'photoshop';
}

export interface GroupLayer {
  T: 'Group';
  PPC: PathCommand[] | null;
  CF: TemplateLayer[];
  blend: BlendCode;
  opacity: number;
}

export type TemplateLayer = SmartObjectLayer | GroupLayer;

/** The view's render description: the product photo and the layers drawn onto it. */
export interface ViewData {
  /** Photo size in pixels; all layer coordinates are in this space. */
  width: number;
  height: number;
  imageUrl: string;
  /** Multiplied over the composited design to bring back folds and shade. */
  shadingUrl: string | null;
  /** Screened over the result for specular highlights. */
  highlightUrl: string | null;
  /**
   * Bends every layer with the product's folds, as Photoshop's Displace filter does in mockups.
   * Absent or null: no displacement.
   */
  displacement?: Displacement | null;
  /**
   * Light read from the photo itself, for views without shading and highlight maps (a real
   * product photograph): where a layer covers, the photo's luminance (0-255) through this level
   * range darkens it below `white` (to nothing at `black`) and lifts it towards white above.
   * Absent or null: none.
   */
  photoLighting?: PhotoLighting | null;
  layers: TemplateLayer[];
}

export interface PhotoLighting {
  black: number;
  white: number;
}

/**
 * A displacement map at the view's size. Each pixel of a layer takes its colour from
 * (x + (r - 128) / 128 * scaleX, y + (g - 128) / 128 * scaleY), r and g the map's red and green
 * (a grey map moves both alike): 128 leaves the print in place, darker moves it right and down,
 * lighter left and up, by at most scaleX / scaleY view px (Photoshop's scale percent x 1.28).
 */
export interface Displacement {
  url: string;
  scaleX: number;
  scaleY: number;
}

export interface ViewPart {
  partLargeImageUrl: string | null;
  imageUrl: string;
  /** 1: drawn as a shadow (multiplied) over the design. */
  shadow: Flag;
  /** 1: drawn on top of everything (zips, labels, strings). */
  ornament: Flag;
}

export interface TemplateView {
  viewId: Id;
  viewData: ViewData;
  viewLargeImageUrl: string | null;
  viewCoverImageUrl: string | null;
  partsList: ViewPart[];
}

export interface ColorConfig {
  colorId: Id;
  /** flatId -> '#RRGGBB' the flat takes for this colour. */
  colorFlatMap: Record<Id, string>;
}

export interface TemplateStyle {
  styleId: Id;
  name: string;
}

export interface NamedColor {
  name: string;
  value: string;
}

export interface CustomTemplate {
  customTemplateId: Id | null;
  flatList: TemplateFlat[];
  viewList: TemplateView[];
  colorConfigList: ColorConfig[];
  styleList: TemplateStyle[];
  prototypeGroupId: Id | null;
  prototypeGroupName: string;
  sectionType: number | null;
  templateData: JsonValue;
  color: NamedColor | null;
}

// ---------------------------------------------------------------------------------------------
// Design document

/** Fabric.js origin semantics: left/top give the position of this point of the object. */
export type OriginX = 'left' | 'center' | 'right';
export type OriginY = 'top' | 'center' | 'bottom';

export interface DesignElementBase {
  flatId: Id;
  /** Client-made id, unique within the document. */
  localId: Id;
  /** Server / material id; null until saved or for free text. */
  designId: Id | null;
  left: number;
  top: number;
  /** Unscaled size (fabric width/height); on-flat size is width * scaleX. */
  width: number;
  height: number;
  /** Degrees, clockwise. */
  angle: number;
  scaleX: number;
  scaleY: number;
  flipX: boolean;
  flipY: boolean;
  originX: OriginX;
  originY: OriginY;
  /** Marked by the merchant for buyers to personalise; absent: the element prints as designed. */
  personalize?: PersonalizeRule;
}

export interface Tiling {
  type: TilingPatternType;
  /** Gap between tiles in design pixels. */
  spacing: number;
  /** Seed for random patterns so a saved design re-renders identically. */
  seed: number;
}

export interface ImageElement extends DesignElementBase {
  type: 'image';
  originalWidth: number;
  originalHeight: number;
  url: string;
  fileName: string;
  tiling: Tiling | null;
  /** URL of the flattened tiling image, null when not rendered yet. */
  tilingLayer: string | null;
  /** Photo adjustments the engine applies to the picture (model/adjust.ts); absent: none. */
  adjust?: ImageAdjust;
}

/** A photo filter of an image element's adjustment. */
export type ImageFilter = 'none' | 'greyscale' | 'sepia' | 'warm' | 'cool';

/** Brightness, contrast and saturation from -100 to 100 (0: unchanged) and a filter. */
export interface ImageAdjust {
  brightness: number;
  contrast: number;
  saturation: number;
  filter: ImageFilter;
}

export interface TextShadow {
  color: string;
  blur: number;
  offsetX: number;
  offsetY: number;
}

export interface TextElement extends DesignElementBase {
  type: 'text';
  text: string;
  fill: string;
  fontSize: number;
  textAlign: TextAlign;
  /** 1/1000 em (fabric). */
  charSpacing: number;
  fontFamily: string;
  stroke: string | null;
  strokeWidth: number;
  shadow: TextShadow | null;
  textLines: string[];
}

export type DesignElement = ImageElement | TextElement;

export interface FlatDesign {
  flatId: Id;
  designList: DesignElement[];
  color: string;
  /** Rendered print image of the flat, null until rendered. */
  flatImage: string | null;
  previewFlatImage: string | null;
}

export type BGType = '1' | '2';

export interface BackgroundDesign {
  viewId: Id;
  /** Used when BGType is '2'. */
  imageUrl: string | null;
  labelType: string | null;
  /** '1' colour, '2' image. */
  BGType: BGType;
  color: string;
  /** Views this background was propagated to. */
  viewIdList: Id[];
  visible: boolean;
}

export interface SkuDesign {
  id: Id;
  flatDesignList: FlatDesign[];
  BGDesignList: BackgroundDesign[];
  color: string;
  styleId: Id | null;
}

// ---------------------------------------------------------------------------------------------
// Render output

/**
 * One rendered view image. file is a Blob (JPEG) and imageCanvas an ImageBitmap: both survive
 * structuredClone / postMessage, unlike canvases or object URLs' backing data.
 */
export interface RenderedView {
  file: Blob | null;
  imageCanvas: ImageBitmap | null;
  /** Object URL for display; only valid in the realm that created it. */
  localUrl: string | null;
  viewId: Id;
  fileName: string;
  fileType: string;
  viewName: string;
  SKUId: Id;
  /** Option values of the SKU, joined as the API expects. */
  optionsval: string;
  colorValue: string;
  optionsid: string;
  /** Colour swatch hex. */
  colorLump: string | null;
}
