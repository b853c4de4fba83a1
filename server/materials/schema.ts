/**
 * The design tool's material library: platform clip-art with tags,
 * background images by type, and each merchant's collected materials.
 *
 * Tags, materials and backgrounds are generated (demo/materials) and replaced whole, so their
 * ids come from the generator (plain integer keys): the same seed gives the same ids. A
 * collection row keeps the material id without a foreign key, so a rebuild with the same seed
 * keeps every merchant's collection; the rebuild deletes rows whose material no longer exists.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/** getMaterialPictureTagList. */
export const materialTags = pgTable('material_tags', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull(),
});

/** getPlatformMaterialImagesList: transparent clip-art PNGs. */
export const platformMaterials = pgTable(
  'platform_materials',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** 1-3 material_tags ids; the tag filter is `tag_ids @> array[id]` (GIN index). */
    tagIds: integer('tag_ids').array().notNull(),
    /** The motif it was drawn from ('cat-face', 'word', ...). */
    kind: text('kind').notNull(),
    palette: text('palette').notNull(),
    /** flat, sticker (white die-cut border) or shadow. */
    finish: text('finish').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sort: integer('sort').notNull(),
    status: integer('status').notNull().default(1),
    /** lower(name, tag names, palette, keywords): the keyword filter's haystack (LIKE). */
    searchText: text('search_text').notNull(),
  },
  (t) => [index('platform_materials_tags_idx').using('gin', t.tagIds), index('platform_materials_sort_idx').on(t.sort, t.id)],
);

/** getPlatformBackgroundImagesList: type 1 colours and gradients, 2 patterns, 3 textures and scenes. */
export const platformBackgrounds = pgTable(
  'platform_backgrounds',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    type: integer('type').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sort: integer('sort').notNull(),
    status: integer('status').notNull().default(1),
    searchText: text('search_text').notNull(),
  },
  (t) => [index('platform_backgrounds_type_idx').on(t.type, t.sort)],
);

/** shopCollectMaterialImages: a merchant's collected (favourite) platform materials. */
export const materialCollections = pgTable(
  'material_collections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** platform_materials.id, deliberately without a foreign key (see the file comment). */
    materialId: integer('material_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('material_collections_user_material_idx').on(t.userId, t.materialId),
    index('material_collections_user_created_idx').on(t.userId, t.createdAt),
  ],
);
