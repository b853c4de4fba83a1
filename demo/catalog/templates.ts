/**
 * Builds each archetype's CustomTemplate (engine model) from the same drawing the photos come
 * from, so print areas sit exactly where the photo shows the product:
 *
 * - the view image is the white product cut out on transparency: the engine tints the whole
 *   image with the SKU colour (colour x luminance), so white stays white and the backdrop,
 *   which is not in the cut-out, is never tinted.
 * - every print area is a smart object of its flat, warped as the drawing says (Bezier on
 *   garments, cylinder on drinkware, perspective on wall art, affine on flat goods), drawn
 *   normally (blend 7); the view's shading map brings the folds and the weave back over it.
 * - the sheen (speculars) and untinted parts (soles, zips, frames, camera bumps) come back on top
 *   from partsList, over body and print in every colour.
 */
import type {
  ColorConfig,
  CustomTemplate,
  FlatData,
  JsonValue,
  PathCommand,
  SmartObjectLayer,
  SmartObjectMatrix,
  TemplateFlat,
  TemplateView,
} from '@pod-studio/engine/model';
import type { Archetype, FlatSpec, Placement, PrintArea, ViewDrawing } from './archetypes/types';
import { DESIGN, toPpc } from './art/path';
import { paletteColor } from './art/palette';
import { DISPLACEMENT_SHARE, viewFileNames } from './art/photo';
import { fileUrl, flatOutlineName } from '../../server/catalog/paths';
import { MODEL_COUNT, modelArchetype, modelFolder } from './archetypes/models';
import { EDIT_SIZE, PRINT_DPI } from '../../server/catalog/template-space';

export function flatPixels(flat: FlatSpec): { flatWidth: number; flatHeight: number; width: number; height: number } {
  const flatWidth = Math.round(flat.widthIn * PRINT_DPI);
  const flatHeight = Math.round(flat.heightIn * PRINT_DPI);
  const scale = EDIT_SIZE / Math.max(flatWidth, flatHeight);
  return { flatWidth, flatHeight, width: Math.round(flatWidth * scale), height: Math.round(flatHeight * scale) };
}

const px = (v: number, k: number) => Math.round(v * k * 100) / 100;

function printMatrix(
  p: Placement,
  flat: { flatWidth: number; flatHeight: number },
  k: number,
): { M: SmartObjectMatrix; PS: SmartObjectLayer['PS'] } {
  switch (p.kind) {
    case 'bezier':
      return { M: { kind: 'bezier' }, PS: { kind: 'custom', points: p.points.map(([x, y]) => ({ x: px(x, k), y: px(y, k) })) } };
    case 'affine':
      return {
        M: {
          kind: 'affine',
          matrix: [(p.box.w * k) / flat.flatWidth, 0, 0, (p.box.h * k) / flat.flatHeight, px(p.box.x, k), px(p.box.y, k)],
        },
        PS: null,
      };
    case 'perspective': {
      const [tl, tr, br, bl] = p.quad;
      const quad: [number, number, number, number, number, number, number, number] = [
        px(tl[0], k),
        px(tl[1], k),
        px(tr[0], k),
        px(tr[1], k),
        px(br[0], k),
        px(br[1], k),
        px(bl[0], k),
        px(bl[1], k),
      ];
      return { M: { kind: 'perspective', quad, nonAffine: null }, PS: null };
    }
    case 'cylinder': {
      // A point at angle t (0 faces the camera) on the circle at height y projects to
      // (cx + r sin t, y + e cos t): the band's corners sit at t = +-arc/2 (the silhouette when
      // the arc reaches round the back), its centre at t = 0, e lower.
      const half = (Math.min(p.arc, 180) / 2) * (Math.PI / 180);
      const hwTop = p.radiusTop * Math.sin(half);
      const hwBottom = p.radiusBottom * Math.sin(half);
      const yTop = p.topY + p.ellipseTop * Math.cos(half);
      const yBottom = p.bottomY + p.ellipseBottom * Math.cos(half);
      return {
        M: {
          kind: 'cylinder',
          quad: [
            px(p.cx - hwTop, k),
            px(yTop, k),
            px(p.cx + hwTop, k),
            px(yTop, k),
            px(p.cx + hwBottom, k),
            px(yBottom, k),
            px(p.cx - hwBottom, k),
            px(yBottom, k),
          ],
          bulgeTop: px(p.ellipseTop * (1 - Math.cos(half)), k),
          bulgeBottom: px(p.ellipseBottom * (1 - Math.cos(half)), k),
          arc: p.arc,
        },
        PS: null,
      };
    }
  }
}

function printLayer(area: PrintArea, flats: ReadonlyMap<string, FlatSpec>, k: number): SmartObjectLayer {
  const flat = flats.get(area.flatId);
  if (!flat) throw new Error(`print area names unknown flat ${area.flatId}`);
  const { M, PS } = printMatrix(area.placement, flatPixels(flat), k);
  const PPC: PathCommand[] | null = area.clip ? toPpc(area.clip, k) : null;
  const { flatWidth, flatHeight } = flatPixels(flat);
  return {
    T: 'SmartObject',
    PS,
    OS: { w: flatWidth, h: flatHeight },
    M,
    PPC,
    F: { kind: 'flat', flatId: area.flatId },
    // Ink on skin multiplies (blend 6): white shows the skin, dark ink darkens it, as a tattoo does.
    blend: area.ink ? 6 : 7,
    opacity: area.ink ? 0.92 : 1,
  };
}

function view(
  arch: Archetype,
  v: ViewDrawing,
  build: string,
  size: number,
  flats: ReadonlyMap<string, FlatSpec>,
  folder: string | null = null,
): TemplateView {
  const k = size / DESIGN;
  const names = viewFileNames(v);
  const url = (file: string) => (folder ? fileUrl(build, arch.key, folder, file) : fileUrl(build, arch.key, file));
  return {
    viewId: v.id,
    viewData: {
      width: size,
      height: size,
      imageUrl: url(names.cutout),
      // Ink multiplied into the photo already takes its light from it; shading it again would
      // darken what the ink lies on, and paper white would show as a grey patch on the skin.
      shadingUrl: v.prints.length > 0 && v.prints.every((p) => p.ink) ? null : url(names.shading),
      // Speculars cross body and print alike, so they travel in the sheen part, not a print-only map.
      highlightUrl: null,
      displacement: { url: url(names.displacement), scaleX: size * DISPLACEMENT_SHARE, scaleY: size * DISPLACEMENT_SHARE },
      layers: v.prints.map((area) => printLayer(area, flats, k)),
    },
    viewLargeImageUrl: url(names.photo),
    viewCoverImageUrl: `${url(names.photo)}?size=5`,
    // The sheen (speculars, untinted) goes over body and print alike; parts over it, except on
    // glazed goods, whose acrylic reflection lies over the mat too.
    partsList: (v.finish === 'glazed' ? [names.parts, names.sheen] : [names.sheen, names.parts])
      .filter((n): n is string => n !== null)
      .map((n) => ({ partLargeImageUrl: url(n), imageUrl: url(n), shadow: 0, ornament: 1 })),
  };
}

function flatData(flat: FlatSpec): FlatData {
  return {
    img: 1,
    text: 1,
    edit: 1,
    color: '#FFFFFF',
    style: '',
    styleList: [],
    ...flatPixels(flat),
    customColor: flat.followsColor ?? 1,
    bg: 1,
    pageType: 'normal',
  };
}

/**
 * The views of one model of the archetype (archetypes/models.ts): its pictures in the model's
 * folder, its print areas from the model's drawing, so the print lands on that model's photo.
 */
export function modelViewList(arch: Archetype, model: number, build: string, size: number): TemplateView[] {
  const drawn = modelArchetype(arch, model);
  const flats = new Map(arch.flats.map((f) => [f.flatId, f]));
  return drawn.views.map((v) => view(arch, v, build, size, flats, modelFolder(model)));
}

/** What the server swaps in for a product of model 1 and up (server/catalog/models.ts). */
export interface TemplateModel {
  model: number;
  viewList: TemplateView[];
}

/** Palette keys of the archetype; products without a colour option are white. */
export function archetypeColors(arch: Archetype): readonly string[] {
  return arch.colors ?? ['white'];
}

export function buildTemplate(arch: Archetype, templateId: number, build: string, size: number): CustomTemplate {
  const flats = new Map(arch.flats.map((f) => [f.flatId, f]));
  const colorConfigList: ColorConfig[] = archetypeColors(arch).map((key) => {
    const hex = paletteColor(key).hex;
    const colorFlatMap: Record<string, string> = {};
    for (const f of arch.flats) if ((f.followsColor ?? 1) === 1) colorFlatMap[f.flatId] = hex;
    return { colorId: key, colorFlatMap };
  });
  const white = paletteColor(archetypeColors(arch)[0] ?? 'white');
  return {
    customTemplateId: String(templateId),
    flatList: arch.flats.map((f): TemplateFlat => ({
      flatId: f.flatId,
      flatImageUrl: fileUrl(build, arch.key, flatOutlineName(f.flatId)),
      flatData: flatData(f),
      designList: [],
    })),
    viewList: arch.views.map((v) => view(arch, v, build, size, flats)),
    colorConfigList,
    styleList: [],
    prototypeGroupId: arch.key,
    prototypeGroupName: arch.name,
    sectionType: null,
    templateData: {
      archetype: arch.key,
      dpi: PRINT_DPI,
      views: arch.views.map((v) => ({ viewId: v.id, name: v.name })),
      flats: arch.flats.map((f) => ({ flatId: f.flatId, name: f.name, widthIn: f.widthIn, heightIn: f.heightIn })),
      // The other models' views; the server keeps only the product's own (server/catalog/models.ts).
      // TemplateView is plain JSON data; its interface just lacks JsonValue's index signature.
      models: Array.from(
        { length: MODEL_COUNT - 1 },
        (_, i) => ({ model: i + 1, viewList: modelViewList(arch, i + 1, build, size) }) satisfies TemplateModel,
      ) as unknown as JsonValue,
    },
    color: { name: white.name, value: white.hex },
  };
}
