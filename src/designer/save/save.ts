/**
 * Saving a design: validate the Price & Details form, put the design JSON
 * inline or up as a file, Myexclusive/add (or update), render every view in every chosen colour
 * to JPEG, upload them and record them with editImages/addImagesEditList, and mark photo
 * products. Nothing the merchant did is touched when a step fails: the caller keeps the editor's
 * document and the form as they were, and a product that was already created is updated on the retry
 * instead of being created twice.
 */
import { priceTextToCents, PRODUCT_TITLE_MAX, ProductMessages } from '../../../contract/products';
import type { CustomTemplate, SkuDesign } from '@pod-studio/engine';
import { designerApi, productsApi, savedId, type ColourTemplateRow } from '../../api/designer';
import { storesApi } from '../../api/shops';
import type { ProductDetail } from '../../api/catalog';
import type { RenderPool } from '../../../workers/pool';
import { chosenColours, chosenVariants, firstOptionError, type MultiSelection } from '../model/options';
import { designDocument } from '@pod-studio/engine/model';
import { saveBody } from './body';
import { planEditObj } from './edit-obj';
import { viewImageJobs } from './view-jobs';
import { PHOTO_CUSTOM_TYPES } from '../../../contract/photos';

export interface SaveRequest {
  product: ProductDetail;
  rows: readonly ColourTemplateRow[];
  template: CustomTemplate;
  design: SkuDesign;
  /** What the view images show: the document without the layers the merchant hid (default: all of it). */
  renderDesign?: SkuDesign;
  selection: MultiSelection;
  title: string;
  bodyHtml: string;
  prices: Readonly<Record<string, string>>;
  /** The saved product being edited, or the one an earlier failed attempt already created. */
  id: number | null;
  isTemplate: boolean;
  sourceTemplateId: number | null;
  /** Renders the view images: each idle worker takes the next view and colour; uploads run on. */
  pool: RenderPool;
  onProgress?: (text: string) => void;
}

/** A saved mockup the confirmation shows. */
export interface SavedMockup {
  url: string;
  /** "Front, Black" */
  label: string;
}

export type SaveResult =
  | { ok: true; id: number; mockups: readonly SavedMockup[] }
  | { ok: false; msg: string; id: number | null; field?: 'title' | 'price' | 'options' };

/** The confirmation shows the first colour's views (at most four). */
const CONFIRMATION_MOCKUPS = 4;

/** The first problem with the Price & Details form, or null. */
export function formError(
  req: Pick<SaveRequest, 'product' | 'selection' | 'title' | 'prices'>,
): { msg: string; field: 'title' | 'price' | 'options' } | null {
  const opt = firstOptionError(req.product.options, req.selection);
  if (opt) return { msg: opt, field: 'options' };
  const title = req.title.trim();
  if (!title) return { msg: ProductMessages.titleRequired, field: 'title' };
  if (title.length > PRODUCT_TITLE_MAX) return { msg: ProductMessages.titleTooLong, field: 'title' };
  const variants = chosenVariants(req.product.options, req.product.variants, req.selection);
  if (variants.length === 0) return { msg: ProductMessages.noVariants, field: 'options' };
  for (const v of variants) {
    const cents = priceTextToCents(req.prices[String(v.id)] ?? '');
    if (cents === null) return { msg: ProductMessages.priceInvalid, field: 'price' };
    if (cents < 1) return { msg: ProductMessages.pricePositive, field: 'price' };
  }
  return null;
}

export async function saveDesign(req: SaveRequest): Promise<SaveResult> {
  const bad = formError(req);
  if (bad) return { ok: false, msg: bad.msg, field: bad.field, id: req.id };
  const progress = req.onProgress ?? (() => {});
  const { product } = req;

  progress('Saving the design');
  const plan = planEditObj(designDocument(req.template, req.design));
  let editObj: string | null = plan.json;
  let editObjUrl: string | null = null;
  if (plan.kind === 'file') {
    const up = await designerApi.uploadFile(new Blob([plan.json], { type: 'application/json' }), 'design.json');
    if (up.code !== 200 || !up.data?.url) return { ok: false, msg: up.msg || 'Upload failed', id: req.id };
    editObj = null;
    editObjUrl = up.data.url;
  }

  const variants = chosenVariants(product.options, product.variants, req.selection);
  const colours = chosenColours(product.options, req.selection);
  const body = saveBody({
    id: req.id,
    productfid: product.id,
    customType: product.customType,
    template: req.template,
    editObj,
    editObjUrl,
    options: product.options,
    selection: req.selection,
    colours,
    title: req.title,
    bodyHtml: req.bodyHtml,
    prices: variants.map((v) => ({ variantId: v.id, price: priceTextToCents(req.prices[String(v.id)] ?? '') ?? 0 })),
    isTemplate: req.isTemplate,
    sourceTemplateId: req.sourceTemplateId,
  });
  const res = req.id === null ? await productsApi.add(body) : await productsApi.update({ ...body, id: req.id });
  const id = res.code === 200 ? (savedId(res.data) ?? req.id) : null;
  if (id === null) return { ok: false, msg: res.msg || 'Data error', id: req.id };

  const jobs = viewImageJobs({
    product,
    rows: req.rows,
    template: req.template,
    design: req.renderDesign ?? req.design,
    variants,
    colours,
  });
  progress(`Rendering mockups 0 of ${jobs.length}`);
  const rendered = await req.pool.run(jobs, { onProgress: (done, total) => progress(`Rendering mockups ${done} of ${total}`) });
  // Uploads ran on while the workers rendered; every one settles before the first failure counts.
  const uploads = await Promise.allSettled(rendered.map((r) => (r.ok ? r.value.image : Promise.reject(new Error(r.error)))));
  const failed = uploads.find((u) => u.status === 'rejected');
  if (failed) return { ok: false, msg: failed.reason instanceof Error ? failed.reason.message : 'Data error', id };
  const list = uploads.flatMap((u) => (u.status === 'fulfilled' ? [u.value] : []));
  progress('Saving the mockups');
  const rec = await productsApi.addImagesEditList({ productId: id, list });
  if (rec.code !== 200) return { ok: false, msg: rec.msg || 'Data error', id };
  if (PHOTO_CUSTOM_TYPES.includes(product.customType)) {
    const photo = await productsApi.addPhotoProduct(id);
    if (photo.code !== 200) return { ok: false, msg: photo.msg || 'Data error', id };
  }
  if (req.id !== null) {
    // An updated product may already be in the merchant's store: queue it again so the store's
    // prices follow. A product never pushed (or no store connected) is refused harmlessly, which
    // is not a failure of this save, so nothing is shown for it.
    progress('Updating your store');
    await storesApi.repushPrices(id, { showError: false });
  }
  const firstColour = list[0]?.colorValue;
  const mockups = list
    .filter((v) => v.colorValue === firstColour)
    .slice(0, CONFIRMATION_MOCKUPS)
    .map((v) => ({ url: v.url, label: [v.viewName, v.colorName].filter(Boolean).join(', ') }));
  return { ok: true, id, mockups };
}
