/**
 * Calls of the product designer: catalogue templates, uploads, materials, saving to My products,
 * view images and the price rule. Every call resolves with the envelope (http.ts never throws).
 */
import { call } from './http';
import type { Envelope } from '../../contract/envelope';
import type { AddImagesEditListBody, MyProductDetail, PriceRule, SaveProductBody } from '../../contract/products';
import type { CustomTemplate } from '@pod-studio/engine';
import type { WireImage } from '../../contract/catalog';
import type { BackgroundImage, CollectedMaterialImage, CollectResult, MaterialImage, MaterialTagItem } from '../../contract/materials';

export type { BackgroundImage, CollectedMaterialImage, MaterialImage, MaterialTagItem } from '../../contract/materials';

/** A product image row with its template for that colour (productImages/list). */
export type ColourTemplateRow = WireImage & { editZone: CustomTemplate };

/** What uploadCustomized answers and shopCustomImages lists (server/routes/uploads.ts). */
export interface UploadedImage {
  id: number;
  url: string;
  originalUrl: string;
  thumbnailUrl: string | null;
  width: number;
  height: number;
  fileName: string;
  createTime: string;
}

type Page<T> = Envelope<T[]> & { rows?: T[]; total?: number };

export const designerApi = {
  /** One row per product colour, each with its template (editZone). */
  colourTemplates: (productid: number) =>
    call<ColourTemplateRow[]>('get', 'api/productImages/list', { searchParams: { productid }, dedupe: false }) as Promise<
      Page<ColourTemplateRow>
    >,

  /** An image for the design (multipart avatarfile + imgName); the server keeps the original, a 1200 px editor copy and a thumbnail. */
  uploadImage: (file: Blob, imgName: string, signal?: AbortSignal) => {
    const body = new FormData();
    body.append('imgName', imgName);
    body.append('avatarfile', file, imgName || 'image');
    return call<UploadedImage>('post', 'api/uploadsImg/uploadCustomized', {
      body,
      showError: false,
      hideLoading: true,
      dedupe: false,
      ...(signal ? { signal } : {}),
    });
  },

  /** A file stored as it is (a design JSON over the inline limit, a rendered view). */
  uploadFile: (file: Blob, name: string) => {
    const body = new FormData();
    body.append('file', file, name);
    return call<{ url: string }>('post', 'api/uploadsImg/uploadCustomizedNoPrefix', { body, showError: false, dedupe: false });
  },

  myImages: (pageNum = 1, pageSize = 20) =>
    call<UploadedImage[]>('get', 'api/shopCustomImages/getShopCustomImagesList', {
      searchParams: { pageNum, pageSize },
      hideLoading: true,
    }) as Promise<Page<UploadedImage>>,
  removeMyImage: (id: number) => call('post', 'api/shopCustomImages/removeShopCustomImages', { searchParams: { id }, dedupe: false }),

  materialTags: () =>
    call<MaterialTagItem[]>('get', 'api/platformMaterialTag/getMaterialPictureTagList', { hideLoading: true }) as Promise<
      Page<MaterialTagItem>
    >,
  materials: (p: { tagId?: number | undefined; keyword?: string | undefined; pageNum?: number; pageSize?: number }) =>
    call<MaterialImage[]>('get', 'api/platformMaterialImages/getPlatformMaterialImagesList', {
      searchParams: p,
      hideLoading: true,
    }) as Promise<Page<MaterialImage>>,
  backgrounds: (type?: number) =>
    call<BackgroundImage[]>('get', 'api/platformBackgroundImages/getPlatformBackgroundImagesList', {
      searchParams: { type },
      hideLoading: true,
    }) as Promise<Page<BackgroundImage>>,
  collected: (pageNum = 1, pageSize = 30) =>
    call<CollectedMaterialImage[]>('get', 'api/shopCollectMaterialImages/getShopCollectMaterialImagesList', {
      searchParams: { pageNum, pageSize },
      hideLoading: true,
    }) as Promise<Page<CollectedMaterialImage>>,
  collect: (platformMaterialId: number) =>
    call<CollectResult>('post', 'api/shopCollectMaterialImages/addShopCollectMaterialImages', {
      json: { platformMaterialId },
      dedupe: false,
      hideLoading: true,
    }),
  uncollect: (platformMaterialId: number) =>
    call<CollectResult>('post', 'api/shopCollectMaterialImages/removeShopCollectMaterialImages', {
      json: { platformMaterialId },
      dedupe: false,
      hideLoading: true,
    }),
};

// ---------------------------------------------------------------------------------------------
// Saved products and templates (contract/products.ts)

/** What add/update answer in `data`: at least the product's id (the detail when the server sends it). */
export type SavedProduct = Partial<MyProductDetail> & { id: number };

export const productsApi = {
  add: (body: SaveProductBody) => call<SavedProduct | number>('post', 'api/Myexclusive/add', { json: body, dedupe: false }),
  update: (body: SaveProductBody & { id: number }) =>
    call<SavedProduct | number>('put', 'api/Myexclusive/update', { json: body, dedupe: false }),
  info: (id: number) => call<MyProductDetail>('get', `api/Myexclusive/getInfo/${id}`, { showError: false }),
  addPhotoProduct: (id: number) => call('post', `api/Myexclusive/addPhotoProduct/${id}`, { dedupe: false }),
  addImagesEditList: (body: AddImagesEditListBody) => call('post', 'api/editImages/addImagesEditList', { json: body, dedupe: false }),
  /** The account's pricing rule; the designer prices new variants by it. */
  priceRule: () => call<PriceRule>('get', 'api/shops/priceRule', { showError: false, hideLoading: true }),
};

/** The id in an add/update answer, whichever shape the server sends. */
export function savedId(data: SavedProduct | number | undefined): number | null {
  if (typeof data === 'number') return data;
  return data && typeof data.id === 'number' ? data.id : null;
}
