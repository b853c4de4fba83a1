/** Database rows to the wire shapes of contract/catalog.ts. */
import type { CustomTemplate, ProductOption } from '@pod-studio/engine/model';
import { productPath } from '../../contract/slug';
import { tintName } from './paths';
import type { CardRow, ImageRow, ProductBundle } from './queries';
import { SHIP_FROM_NAMES, asShipFrom, type LogisticsCost } from './shipping-rules';
import type { ColorSwatch, GalleryImage, ProductCard, ProductDetail, WireImage } from '../../contract/catalog';

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export function colorsOf(options: unknown): ColorSwatch[] {
  const colour = (options as ProductOption[]).find((o) => o.isColor);
  return colour ? colour.values.flatMap((v) => (v.hex ? [{ name: v.name, hex: v.hex }] : [])) : [];
}

export function toCard(r: CardRow): ProductCard {
  const code = asShipFrom(r.shipFrom);
  return {
    id: r.id,
    handle: r.handle,
    title: r.title,
    pic1: r.pic1,
    minCost: r.minCost,
    maxCost: r.maxCost,
    customType: r.customType,
    shipFlag: r.shipFlag === 1 ? 1 : 0,
    shipFrom: SHIP_FROM_NAMES[code],
    shipFromCode: code,
    waretypeid: r.categoryId,
    waretypetwoid: r.subcategoryId,
    categorySlug: r.categorySlug,
    subcategorySlug: r.subcategorySlug,
    url: productPath(r.categorySlug, r.subcategorySlug, r.handle),
    hotSelling: flag(r.hotSelling),
    is3D: flag(r.is3d),
    customizedGift: flag(r.customizedGift),
    colors: colorsOf(r.options),
    sales: r.sales,
    createdTime: r.createdAt.toISOString(),
  };
}

/**
 * The product's flat option fields: '[White,Black]' value lists, '[%23FFFFFF,%23000000]' hex lists
 * ('%23' stands for '#'), a colour flag; suffix '' for the first option, '2' and '3' after.
 */
export function flatOptionFields(options: readonly ProductOption[]): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const o of options) {
    const s = o.position === 1 ? '' : String(o.position);
    out[`optionsid${s}`] = o.id;
    out[`optionsname${s}`] = o.name;
    out[`optionsvalue${s}`] = `[${o.values.map((v) => v.name).join(',')}]`;
    out[`optionshex${s}`] = o.isColor ? `[${o.values.map((v) => (v.hex ?? '').replace('#', '%23')).join(',')}]` : '[]';
    out[`optionsiscolor${s}`] = o.isColor ? 1 : 0;
  }
  return out;
}

export function toWireImage(im: ImageRow): WireImage {
  return {
    id: im.id,
    productid: im.productId,
    customType: im.customType,
    sectionType: im.sectionType,
    prototypeGroupId: im.prototypeGroupId,
    prototypeGroupName: im.prototypeGroupName,
    sectionName: im.sectionName,
    colorName: im.colorName,
    imgname: im.imgname,
    src: im.src,
    iscolor: im.iscolor === 1 ? 1 : 0,
    isoverlay: im.isoverlay === 1 ? 1 : 0,
    editimgwidth: im.editimgwidth,
    editimgheight: im.editimgheight,
    dpl: null,
  };
}

/** A view photo in a colour: the white photo itself, or its tinted copy beside it. */
export function viewPhotoIn(imageUrl: string, viewId: string, hex: string): string {
  return hex.toUpperCase() === '#FFFFFF' ? imageUrl : imageUrl.replace(/[^/]+$/, tintName(viewId, hex));
}

/**
 * The archetype template for one product colour. The photo (viewData.imageUrl) stays the white
 * one the engine tints; covers show the colour. Each colour gets its own id so template
 * switching in the design tool can tell them apart: '<template id>-<RRGGBB>'.
 */
export function templateForColour(template: CustomTemplate, colour: { name: string; hex: string }): CustomTemplate {
  const hex = colour.hex.toUpperCase();
  return {
    ...template,
    customTemplateId: `${template.customTemplateId ?? ''}-${hex.replace('#', '')}`,
    color: { name: colour.name, value: hex },
    viewList: template.viewList.map((v) => {
      const photo = viewPhotoIn(v.viewData.imageUrl, v.viewId, hex);
      return { ...v, viewLargeImageUrl: photo, viewCoverImageUrl: `${photo}?size=5` };
    }),
  };
}

export function gallery(template: CustomTemplate, images: readonly ImageRow[]): GalleryImage[] {
  const names = (template.templateData as { views?: { viewId: string; name: string }[] } | null)?.views ?? [];
  return images.flatMap((im) =>
    template.viewList.map((v) => ({
      colorName: im.colorName,
      hex: im.imgname,
      viewId: v.viewId,
      viewName: names.find((n) => n.viewId === v.viewId)?.name ?? v.viewId,
      src: viewPhotoIn(v.viewData.imageUrl, v.viewId, im.imgname),
    })),
  );
}

export function toDetail(b: ProductBundle): ProductDetail {
  const p = b.product;
  const options = p.options as ProductOption[];
  const template = b.template.template as CustomTemplate;
  const card = toCard({ ...p, categorySlug: b.category.slug, subcategorySlug: b.subcategory.slug });
  return {
    ...card,
    ...flatOptionFields(options),
    description: p.description,
    bodyHtml: p.bodyHtml,
    category: { id: b.category.id, name: b.category.name, slug: b.category.slug },
    subcategory: { id: b.subcategory.id, name: b.subcategory.name, slug: b.subcategory.slug },
    options,
    variants: b.variants.map((v) => ({
      id: v.id,
      option1: v.option1,
      option2: v.option2,
      option3: v.option3,
      imagesId: v.imagesId,
      cost: v.cost,
      sku: v.sku,
      weightGrams: v.weightGrams,
    })),
    images: b.images.map(toWireImage),
    gallery: gallery(template, b.images),
    properties: p.properties as { name: string; value: string }[],
    defaultLogisticsId: p.defaultLogisticsId,
    logistics: p.logistics as LogisticsCost[],
    customInfo: p.customInfo as Record<string, unknown>,
    customTemplateId: String(b.template.id),
  };
}
