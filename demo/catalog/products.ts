/**
 * Varies archetypes into products: titles, handles, descriptions, options and variants, costs,
 * ship-from and logistics, flags and dates. Pure and seeded: the same seed and count give the
 * same rows, byte for byte (no clock, no Math.random).
 */
import type { ProductOption } from '@pod-studio/engine/model';
import { slugify } from '../../contract/slug';
import type { Archetype, Upcharge } from './archetypes/types';
import { ARCHETYPES, ARCHETYPE_WEIGHT } from './archetypes';
import { paletteColor } from './art/palette';
import { viewFileNames } from './art/photo';
import { modelFolder, modelOf } from './archetypes/models';
import { fileUrl, tintName } from '../../server/catalog/paths';
import type { Rng } from '../prng';
import { SHIP_FROM_NAMES, logisticsFor, methodsFrom, type LogisticsCost, type ShipFromCode } from '../../server/catalog/shipping-rules';
import { archetypeColors, flatPixels } from './templates';
import { PRINT_DPI } from '../../server/catalog/template-space';
import { CATEGORIES } from '../../server/catalog/taxonomy';

export interface ProductRow {
  id: number;
  handle: string;
  title: string;
  description: string;
  bodyHtml: string;
  archetype: string;
  customType: number;
  categoryId: number;
  subcategoryId: number;
  templateId: number;
  shipFlag: number;
  shipFrom: ShipFromCode;
  defaultLogisticsId: number;
  logistics: LogisticsCost[];
  properties: { name: string; value: string }[];
  options: ProductOption[];
  customInfo: Record<string, unknown>;
  pic1: string;
  minCost: number;
  maxCost: number;
  hotSelling: boolean;
  is3d: boolean;
  customizedGift: boolean;
  sales: number;
  status: number;
  createdAt: Date;
  searchText: string;
}

export interface VariantRow {
  id: number;
  productId: number;
  position: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  imagesId: number | null;
  cost: number;
  sku: string;
  weightGrams: number;
}

export interface ImageRow {
  id: number;
  productId: number;
  position: number;
  customType: number;
  templateId: number;
  sectionType: number | null;
  prototypeGroupId: string | null;
  prototypeGroupName: string;
  sectionName: string;
  colorName: string;
  imgname: string;
  src: string;
  iscolor: number;
  isoverlay: number;
  editimgwidth: number;
  editimgheight: number;
}

/** Dates count back from a fixed day, not from now, so a seed always gives the same dates. */
export const CATALOG_EPOCH = Date.UTC(2025, 5, 1);
const DAY_MS = 86_400_000;
const MAX_VARIANTS = 120;

const MODIFIERS = [
  'Classic',
  'Premium',
  'Essential',
  'Signature',
  'Everyday',
  'Custom',
  'Personalized',
  'Eco',
  'Soft',
  'Bold',
  'Modern',
  'Vintage',
  'Urban',
  'Studio',
];
const PROMISES = [
  'Design it in minutes and we print it to order: no minimum order quantity.',
  'Production starts within 2 hours at the earliest and orders sync straight to the factory.',
  'Bulk design lets you put one artwork on many products at once.',
  'Real-time order tracking from the factory to your customer.',
];

/** Each archetype's share of `count`, largest remainders first, so the total is exact. */
export function allocate(count: number, archetypes: readonly Archetype[]): number[] {
  const weights = archetypes.map((a) => ARCHETYPE_WEIGHT[a.key] ?? 1);
  const total = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (w / total) * count);
  const out = exact.map(Math.floor);
  let left = count - out.reduce((s, n) => s + n, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left -= 1;
  }
  return out;
}

function subcategoryIds(arch: Archetype): { categoryId: number; subcategoryId: number } {
  const cat = CATEGORIES.find((c) => c.slug === arch.category);
  const sub = cat?.subcategories.find((s) => s.slug === arch.subcategory);
  if (!cat || !sub) throw new Error(`archetype ${arch.key} names unknown category ${arch.category}/${arch.subcategory}`);
  return { categoryId: cat.id, subcategoryId: sub.id };
}

/** Handles are lower-case letters, digits and single dashes. */
function handleOf(title: string): string {
  return slugify(title)
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Titles for `count` products of an archetype, all different. */
/** "Eco Bucket Bucket Hat" → "Eco Bucket Hat": a modifier or style that repeats the noun says nothing. */
function distinctWords(text: string): string {
  const seen = new Set<string>();
  return text
    .split(/\s+/)
    .filter((w) => {
      const key = w.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(' ');
}

const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

function titles(arch: Archetype, rng: Rng, count: number): string[] {
  const combos: string[] = [];
  for (const m of MODIFIERS) for (const s of arch.styles) combos.push(distinctWords(`${m} ${s} ${arch.noun}`));
  const shuffled = rng.shuffle(combos);
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const base = shuffled[i % shuffled.length] ?? arch.name;
    const round = Math.floor(i / shuffled.length);
    out.push(round === 0 ? base : `${base} ${['II', 'III', 'IV', 'V', 'VI'][round - 1] ?? String(round + 1)}`);
  }
  return out;
}

function pickRun(rng: Rng, items: readonly Upcharge[], minLen: number): Upcharge[] {
  if (items.length <= minLen) return [...items];
  const len = rng.int(minLen, items.length);
  const start = rng.int(0, items.length - len);
  return items.slice(start, start + len);
}

interface OptionChoice {
  name: string;
  isColor: boolean;
  values: { name: string; hex: string | null; cents: number; colorKey?: string }[];
}

function chooseOptions(arch: Archetype, rng: Rng): OptionChoice[] {
  const out: OptionChoice[] = [];
  if (arch.colors) {
    const palette = arch.colors;
    const extra = rng.sample(
      palette.filter((k) => k !== 'white'),
      rng.int(2, Math.min(9, palette.length - 1)),
    );
    const keys = palette.includes('white') && rng.chance(0.85) ? ['white', ...extra] : extra;
    out.push({
      name: arch.colorOptionName ?? 'Color',
      isColor: true,
      values: keys.map((key) => {
        const c = paletteColor(key);
        return { name: c.name, hex: c.hex, cents: 0, colorKey: key };
      }),
    });
  }
  if (arch.sizes) {
    const run = pickRun(rng, arch.sizes, Math.min(3, arch.sizes.length));
    out.push({
      name: arch.sizeOptionName ?? 'Size',
      isColor: false,
      values: run.map((s) => ({ name: s.name, hex: null, cents: s.cents })),
    });
  }
  if (arch.materials && (out.length < 2 || rng.chance(0.55))) {
    const picked = rng.sample(arch.materials, rng.int(1, Math.min(2, arch.materials.length)));
    out.push({
      name: arch.materialOptionName ?? 'Material',
      isColor: false,
      values: picked.map((m) => ({ name: m.name, hex: null, cents: m.cents })),
    });
  }
  return out.slice(0, 3);
}

function combinations(options: readonly OptionChoice[]): OptionChoice['values'][] {
  let rows: OptionChoice['values'][] = [[]];
  for (const o of options) rows = rows.flatMap((row) => o.values.map((v) => [...row, v]));
  return rows.slice(0, MAX_VARIANTS);
}

const roundTo99 = (cents: number) => Math.max(99, Math.floor(cents / 100) * 100 + 99);

export interface ProductsResult {
  products: ProductRow[];
  variants: VariantRow[];
  images: ImageRow[];
}

interface Ids {
  variant: number;
  image: number;
}

interface ImageContext {
  build: string;
  imageSize: number;
}

/** One image row per colour (one white row without a colour option): the colour's cover and the template. */
function imagesFor(
  ctx: ImageContext,
  ids: Ids,
  arch: Archetype,
  productId: number,
  templateId: number,
  colorChoice: OptionChoice | undefined,
  model: number,
): ImageRow[] {
  const firstView = arch.views[0];
  if (!firstView) throw new Error(`${arch.key} has no views`);
  const colours = colorChoice
    ? colorChoice.values.map((v) => ({ name: v.name, hex: v.hex ?? '#FFFFFF' }))
    : [{ name: paletteColor(archetypeColors(arch)[0] ?? 'white').name, hex: '#FFFFFF' }];
  return colours.map((colour, position) => {
    ids.image += 1;
    // White is the photo itself; other colours are tinted copies made on first request.
    const file = colour.hex === '#FFFFFF' ? viewFileNames(firstView).photo : tintName(firstView.id, colour.hex);
    // The product's model (archetypes/models.ts) has its own folder, photographed on first request.
    const folder = modelFolder(model);
    return {
      id: ids.image,
      productId,
      position,
      customType: arch.customType,
      templateId,
      sectionType: null,
      prototypeGroupId: arch.key,
      prototypeGroupName: arch.name,
      sectionName: firstView.name,
      colorName: colour.name,
      imgname: colour.hex,
      src: folder ? fileUrl(ctx.build, arch.key, folder, file) : fileUrl(ctx.build, arch.key, file),
      iscolor: colorChoice ? 1 : 0,
      isoverlay: 0,
      editimgwidth: ctx.imageSize,
      editimgheight: ctx.imageSize,
    };
  });
}

/** Every combination of option values, each pointing at its colour's image. */
function variantsFor(
  ids: Ids,
  arch: Archetype,
  productId: number,
  choices: readonly OptionChoice[],
  images: readonly ImageRow[],
  baseCost: number,
): VariantRow[] {
  const colourIndex = choices.findIndex((o) => o.isColor);
  return combinations(choices).map((combo, position) => {
    ids.variant += 1;
    const colourName = colourIndex >= 0 ? combo[colourIndex]?.name : undefined;
    const image = colourName === undefined ? images[0] : images.find((im) => im.colorName === colourName);
    return {
      id: ids.variant,
      productId,
      position,
      option1: combo[0]?.name ?? null,
      option2: combo[1]?.name ?? null,
      option3: combo[2]?.name ?? null,
      imagesId: image?.id ?? null,
      cost: baseCost + combo.reduce((sum, v) => sum + v.cents, 0),
      sku: `POD-${productId}-${String(position + 1).padStart(3, '0')}`,
      weightGrams: arch.weightGrams,
    };
  });
}

/** Description, HTML body and the properties table. */
function copyFor(arch: Archetype, title: string, rng: Rng, choices: readonly OptionChoice[], shipFrom: ShipFromCode) {
  const features = rng.sample(arch.features, Math.min(3, arch.features.length));
  const promise = rng.pick(PROMISES);
  const intro = `${title}: ${withArticle(arch.name.toLowerCase())} ready for your design.`;
  const material = choices.find((o) => o.name === (arch.materialOptionName ?? 'Material'));
  return {
    description: `${intro} ${features.join(' ')} ${promise}`,
    bodyHtml: `<p>${intro}</p><ul>${features.map((f) => `<li>${f}</li>`).join('')}</ul><p>${promise}</p>`,
    properties: [
      ...Object.entries(arch.properties).map(([name, value]) => ({ name, value })),
      ...(material ? [{ name: material.name, value: material.values.map((v) => v.name).join(', ') }] : []),
      { name: 'Weight', value: `${arch.weightGrams} g` },
      { name: 'Ships From', value: SHIP_FROM_NAMES[shipFrom] },
      { name: 'Processing Time', value: rng.pick(['1-2 business days', '2-3 business days', 'Within 24 hours']) },
    ],
  };
}

export function generateProducts(opts: {
  rng: Rng;
  count: number;
  /** Image build id and size (server/catalog/paths.ts): image URLs and editimg sizes. */
  build: string;
  imageSize: number;
  templateIds: ReadonlyMap<string, number>;
}): ProductsResult {
  const counts = allocate(opts.count, ARCHETYPES);
  const drafts: { arch: Archetype; title: string; rng: Rng }[] = [];
  ARCHETYPES.forEach((arch, i) => {
    const archRng = opts.rng.fork(`archetype:${arch.key}`);
    titles(arch, archRng, counts[i] ?? 0).forEach((title, j) => drafts.push({ arch, title, rng: archRng.fork(`product:${j}`) }));
  });
  // Interleave archetypes so ids (and id order) do not group by type.
  const ordered = opts.rng.fork('order').shuffle(drafts);

  const out: ProductsResult = { products: [], variants: [], images: [] };
  const handles = new Set<string>();
  const ids: Ids = { variant: 100_000, image: 500_000 };

  ordered.forEach(({ arch, title, rng }, index) => {
    const id = 1001 + index;
    let handle = handleOf(title);
    for (let n = 2; handles.has(handle); n += 1) handle = `${handleOf(title)}-${n}`;
    handles.add(handle);

    const templateId = opts.templateIds.get(arch.key);
    if (templateId === undefined) throw new Error(`no template for ${arch.key}`);
    const choices = chooseOptions(arch, rng);
    const model = modelOf(arch.key, id, { title, ...(arch.modelStyles ? { styles: arch.modelStyles } : {}) });
    const images = imagesFor(
      opts,
      ids,
      arch,
      id,
      templateId,
      choices.find((o) => o.isColor),
      model,
    );
    const variants = variantsFor(ids, arch, id, choices, images, roundTo99(rng.int(arch.cost[0], arch.cost[1])));
    const costs = variants.map((v) => v.cost);
    const shipFrom = rng.weighted<ShipFromCode>([
      ['CN', arch.shipFrom?.[0] ?? 6],
      ['US', arch.shipFrom?.[1] ?? 3],
      ['AU', arch.shipFrom?.[2] ?? 1],
    ]);
    const hotSelling = rng.chance(0.08);
    const copy = copyFor(arch, title, rng, choices, shipFrom);
    out.images.push(...images);
    out.variants.push(...variants);
    out.products.push({
      id,
      handle,
      title,
      ...copy,
      archetype: arch.key,
      customType: arch.customType,
      ...subcategoryIds(arch),
      templateId,
      shipFlag: shipFrom === 'CN' ? 0 : 1,
      shipFrom,
      defaultLogisticsId: methodsFrom(shipFrom)[0]?.logisticsId ?? 1,
      logistics: logisticsFor(shipFrom, arch.weightGrams),
      options: choices.map((o, i) => ({
        id: `${id}-${i + 1}`,
        name: o.name,
        position: (i + 1) as 1 | 2 | 3,
        isColor: o.isColor,
        values: o.values.map((v) => ({ name: v.name, hex: v.hex })),
      })),
      customInfo: {
        archetype: arch.key,
        // Which cut of the archetype the product shows; the server gives it that model's views.
        model,
        dpi: PRINT_DPI,
        printAreas: arch.flats.map((f) => ({ flatId: f.flatId, name: f.name, widthIn: f.widthIn, heightIn: f.heightIn, ...flatPixels(f) })),
        views: arch.views.map((v) => ({ viewId: v.id, name: v.name })),
        // The print path's flag (contract/tattoo.ts): mirror, no white, cut line.
        ...(arch.print ? { print: arch.print } : {}),
      },
      pic1: images[0]?.src ?? '',
      minCost: Math.min(...costs),
      maxCost: Math.max(...costs),
      hotSelling,
      is3d: arch.is3d,
      customizedGift: arch.gift,
      // Sales are heavily skewed, as in a real shop; hot sellers sell more.
      sales: Math.floor(Math.pow(rng.next(), 3) * 20_000) + (hotSelling ? 5_000 : 0),
      status: 1,
      createdAt: new Date(CATALOG_EPOCH - rng.int(0, 729) * DAY_MS - rng.int(0, 86_399) * 1000),
      searchText: `${title} ${handle} ${copy.description}`.toLowerCase(),
    });
  });
  return out;
}
