/**
 * The whole demo catalogue as rows, from a seed: categories, subcategories, templates, products,
 * variants and images. Pure (no I/O), so the determinism test can build the full catalogue twice
 * and compare digests without touching a database or writing a picture.
 */
import { createHash } from 'node:crypto';
import type { CustomTemplate } from '@pod-studio/engine/model';
import { ARCHETYPES } from './archetypes';
import { viewFileNames } from './art/photo';
import { buildId, fileUrl, iconName } from '../../server/catalog/paths';
import { createRng, hash32 } from '../prng';
import { generateProducts, type ImageRow, type ProductRow, type VariantRow } from './products';
import { CATEGORIES } from '../../server/catalog/taxonomy';
import { buildTemplate } from './templates';

export interface CatalogOptions {
  /** Any text; hashed to the PRNG seed. */
  seed: string;
  productCount: number;
  /** Side of the square product photos in pixels. */
  imageSize: number;
}

export const DEFAULT_OPTIONS: CatalogOptions = { seed: 'pod-demo-2025', productCount: 1560, imageSize: 1200 };

export interface CategoryRow {
  id: number;
  name: string;
  title: string;
  slug: string;
  icon: string;
  sort: number;
  status: number;
  inMenu: boolean;
  hasSubMenu: boolean;
}
export interface SubcategoryRow {
  id: number;
  categoryId: number;
  name: string;
  title: string;
  slug: string;
  icon: string;
  sort: number;
  status: number;
  hot: boolean;
}
export interface TemplateRow {
  id: number;
  archetype: string;
  name: string;
  customType: number;
  cover: string;
  template: CustomTemplate;
}

export interface CatalogRows {
  build: string;
  categories: CategoryRow[];
  subcategories: SubcategoryRow[];
  templates: TemplateRow[];
  products: ProductRow[];
  variants: VariantRow[];
  images: ImageRow[];
}

/** The archetype whose outline draws a category's or subcategory's icon. */
export function iconArchetype(categorySlug: string, subSlug?: string): string | null {
  const match = ARCHETYPES.find((a) => a.category === categorySlug && (subSlug === undefined || a.subcategory === subSlug));
  return match?.key ?? null;
}

export function buildCatalog(opts: CatalogOptions): CatalogRows {
  const build = buildId(opts.imageSize);
  const rng = createRng(hash32(opts.seed));
  const categories: CategoryRow[] = CATEGORIES.map((c, i) => ({
    id: c.id,
    name: c.name,
    title: c.name,
    slug: c.slug,
    icon: fileUrl(build, 'icons', iconName(c.slug)),
    sort: i + 1,
    status: 1,
    inMenu: c.inMenu,
    hasSubMenu: c.hasSubMenu,
  }));
  const subcategories: SubcategoryRow[] = CATEGORIES.flatMap((c) =>
    c.subcategories.map((s, i) => ({
      id: s.id,
      categoryId: c.id,
      name: s.name,
      title: s.name,
      slug: s.slug,
      icon: fileUrl(build, 'icons', iconName(`${c.slug}--${s.slug}`)),
      sort: i + 1,
      status: 1,
      hot: s.hot,
    })),
  );
  const templates: TemplateRow[] = ARCHETYPES.map((arch, i) => {
    const id = 101 + i;
    const first = arch.views[0];
    return {
      id,
      archetype: arch.key,
      name: arch.name,
      customType: arch.customType,
      cover: first ? fileUrl(build, arch.key, viewFileNames(first).photo) : '',
      template: buildTemplate(arch, id, build, opts.imageSize),
    };
  });
  const templateIds = new Map(templates.map((t) => [t.archetype, t.id]));
  const { products, variants, images } = generateProducts({ rng, count: opts.productCount, build, imageSize: opts.imageSize, templateIds });
  return { build, categories, subcategories, templates, products, variants, images };
}

/** sha256 over every row in order: equal digests mean equal catalogues. */
export function catalogDigest(rows: CatalogRows): string {
  const hash = createHash('sha256');
  for (const table of [rows.categories, rows.subcategories, rows.templates, rows.products, rows.variants, rows.images] as const) {
    for (const row of table) hash.update(JSON.stringify(row)).update('\n');
    hash.update('--\n');
  }
  return hash.digest('hex');
}
