/**
 * What the material calls answer (platform images and tags, backgrounds, favourites, own uploads),
 * as pure types and constants shared by the server and the designer's panels.
 *
 *   GET  /api/platformMaterialTag/getMaterialPictureTagList                 rows: MaterialTagItem[]
 *   GET  /api/platformMaterialImages/getPlatformMaterialImagesList          rows: MaterialImage[], total
 *        ?tagId= (or tag=<id|name>) &keyword= &pageNum= &pageSize=
 *   GET  /api/platformBackgroundImages/getPlatformBackgroundImagesList      rows: BackgroundImage[], total
 *        ?type=1|2|3 &pageNum= &pageSize=
 *   GET  /api/shopCollectMaterialImages/getShopCollectMaterialImagesList    rows: CollectedMaterialImage[], total (login)
 *   POST /api/shopCollectMaterialImages/addShopCollectMaterialImages        { platformMaterialId } -> data: CollectResult (login)
 *   POST /api/shopCollectMaterialImages/removeShopCollectMaterialImages     { platformMaterialId } -> data: CollectResult (login)
 */

/** pageSize is any whole number from 1 to this; pageNum from 1 to MAX_MATERIAL_PAGE_NUM. */
export const MAX_MATERIAL_PAGE_SIZE = 100;
export const MAX_MATERIAL_PAGE_NUM = 1000;
export const DEFAULT_MATERIAL_PAGE_SIZE = 30;
/** Backgrounds come in one page by default (the library has about 50). */
export const DEFAULT_BACKGROUND_PAGE_SIZE = 100;
export const MAX_KEYWORD_LENGTH = 100;

/** Background `type` values (the call takes a `type` parameter; these values and names are ours). */
export const BACKGROUND_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Colours & Gradients',
  2: 'Patterns',
  3: 'Textures & Scenes',
};

export interface MaterialTagItem {
  id: number;
  name: string;
  /** How many platform materials carry the tag. */
  count: number;
}

export interface MaterialImage {
  id: number;
  name: string;
  /** Tag names, 1 to 3. */
  tags: string[];
  tagIds: number[];
  /** Transparent PNG, about 800 px on its longer side; the catalogue file route's ?size=1..5 and ?w= apply. */
  url: string;
  /** 200 x 200 transparent PNG, padded. */
  thumbnailUrl: string;
  width: number;
  height: number;
  /** Whether the logged-in merchant has collected it (always false for a visitor). */
  collected: boolean;
}

export interface CollectedMaterialImage extends MaterialImage {
  /** Same as id: the platform material's id, under the name the collect calls take. */
  platformMaterialId: number;
  /** ISO time the merchant collected it; the list is newest first. */
  collectTime: string;
}

export interface BackgroundImage {
  id: number;
  name: string;
  /** 1 colours and gradients, 2 patterns, 3 textures and scenes. */
  type: number;
  typeName: string;
  /** Square JPEG, 1200 px by default. */
  url: string;
  /** 240 x 240 JPEG. */
  thumbnailUrl: string;
  width: number;
  height: number;
}

export interface CollectResult {
  platformMaterialId: number;
  collected: boolean;
  /** False when the call changed nothing (already collected, or not collected): the calls are idempotent. */
  changed: boolean;
}
