/**
 * Loading the design dialog's model: the product (and a saved product or template), the
 * account's price rule, a restored draft, and the editor core holding the document.
 */
import { ref } from 'valtio';
import { centsToPriceText, type MyProductDetail } from '../../../contract/products';
import type { SkuDesign } from '@pod-studio/engine';
import { catalogApi, type ProductDetail } from '../../api/catalog';
import { designerApi, productsApi, type ColourTemplateRow } from '../../api/designer';
import { createEditor, type Editor } from '../editor';
import { checkedTemplateRows, fillPrices, settlePreview, templateFor, type DesignerModel } from '../model/designer';
import { selectionFrom, type MultiSelection } from '../model/options';
import { flowSteps } from '../model/steps';
import { readDesignDocument } from '@pod-studio/engine/model';
import { draftKey, loadDraft, type DraftTarget } from '../draft/draft';

export function draftTargetOf(m: Pick<DesignerModel, 'open' | 'product'>): DraftTarget | null {
  if (m.open.kind === 'edit') return { kind: 'edit', myProductId: m.open.myProductId };
  if (m.open.kind === 'template') return { kind: 'template', templateId: m.open.templateId };
  return m.product ? { kind: 'product', productId: m.product.id } : null;
}

async function fetchText(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { credentials: 'include' });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}

function selectionOfSaved(product: ProductDetail, saved: MyProductDetail): MultiSelection {
  return product.options.map((o) => {
    const key = o.position === 1 ? 'optionsvalue' : `optionsvalue${o.position}`;
    const fromOptions = saved.options?.[key];
    if (Array.isArray(fromOptions) && fromOptions.length > 0) return o.values.map((v) => v.name).filter((n) => fromOptions.includes(n));
    const fromVariants = new Set(saved.variants.map((v) => (o.position === 1 ? v.option1 : o.position === 2 ? v.option2 : v.option3)));
    return o.values.map((v) => v.name).filter((n) => fromVariants.has(n));
  });
}

/** Loads the product (and a saved product or template), restores a draft, and starts the editor. */
export async function loadModel(m: DesignerModel, productIdForNew?: number): Promise<void> {
  m.status = 'loading';
  m.error = '';
  let productId: number;
  let design: SkuDesign | undefined;
  let customTemplateId: string | null = null;
  let saved: MyProductDetail | null = null;
  const open = m.open;
  if (open.kind === 'edit' || open.kind === 'template') {
    const id = open.kind === 'edit' ? open.myProductId : open.templateId;
    const res = await productsApi.info(id);
    if (res.code !== 200 || !res.data) return fail(m, res.msg || 'The product does not exist');
    saved = res.data;
    productId = saved.productfid;
    const text = saved.editObj ?? (saved.editObjUrl ? await fetchText(saved.editObjUrl) : null);
    const doc = text ? readDesignDocument(text) : null;
    if (!doc) return fail(m, 'Data error');
    design = doc.design;
    customTemplateId = doc.customTemplateId;
    if (open.kind === 'edit') m.myProductId = saved.id;
    else m.sourceTemplateId = saved.id;
  } else if (open.kind === 'product') {
    productId = open.productId;
  } else {
    if (productIdForNew === undefined) return fail(m, 'Please select a product');
    productId = productIdForNew;
  }

  const [info, rows, rule] = await Promise.all([
    catalogApi.info(productId),
    designerApi.colourTemplates(productId),
    productsApi.priceRule(),
  ]);
  if (info.code !== 200 || !info.data) return fail(m, info.msg || 'Data error');
  if (rows.code !== 200 || !rows.rows?.length) return fail(m, rows.msg || 'Data error');
  const product = info.data;
  const checked = checkedTemplateRows(rows.rows);
  if (!checked) return fail(m, 'Data error');
  m.product = ref(product) as ProductDetail;
  m.rows = ref(checked) as ColourTemplateRow[];
  if (rule.code === 200 && rule.data) m.priceRule = rule.data;

  if (saved) {
    m.selection = selectionOfSaved(product, saved);
    m.title = open.kind === 'edit' ? saved.title : `${saved.title}`;
    m.bodyHtml = saved.bodyHtml;
    for (const v of saved.variants) m.prices[String(v.variantId)] = centsToPriceText(v.price);
    m.previewHex = saved.colorIds[0]?.color?.toUpperCase() ?? null;
  } else {
    const single = open.kind === 'product' ? (open.selection ?? []) : [];
    m.selection = selectionFrom(product.options, single);
    m.title = product.title;
    m.bodyHtml = product.bodyHtml;
  }

  const target = draftTargetOf(m);
  m.draftKey = target ? draftKey(target) : null;
  const draft = m.draftKey ? await loadDraft(m.draftKey) : null;
  if (draft && draft.productId === product.id) {
    m.selection = draft.selection;
    m.title = draft.title;
    m.bodyHtml = draft.bodyHtml;
    m.prices = { ...draft.prices };
    m.previewHex = draft.previewHex;
    design = draft.design;
    customTemplateId = draft.customTemplateId;
    if (flowSteps(m.stepType).includes(draft.step)) m.step = draft.step;
    m.draftRestored = true;
    m.formDirty = true;
  }
  settlePreview(m);
  fillPrices(m);

  const template =
    (customTemplateId ? checked.find((r) => r.editZone.customTemplateId === customTemplateId)?.editZone : null) ??
    templateFor(checked, m.previewHex);
  if (!template) return fail(m, 'Data error');
  // A colour's template carries that colour, so a new document starts in it with an empty history.
  const editor = createEditor(design ? { template, design } : { template });
  // A restored draft counts as unsaved through formDirty (set above), so closing still asks.
  m.editor = ref(editor) as Editor;
  m.status = 'ready';
}

function fail(m: DesignerModel, msg: string): void {
  m.status = 'failed';
  m.error = msg;
}
