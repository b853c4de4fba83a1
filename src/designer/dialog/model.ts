/**
 * What the design dialog holds besides the document: the product and its colour templates, the
 * chosen options, the preview colour, the Price & Details form and where saving stands. The
 * document itself lives in the design session (src/designer/state), the one source of truth.
 */
import { proxy, ref } from 'valtio';
import { DEFAULT_PRICE_RULE, applyPriceRule, centsToPriceText, type MyProductDetail, type PriceRule } from '../../../contract/products';
import { validateTemplate, type CustomTemplate, type SkuDesign } from '../../../engine/index.ts';
import { catalogApi, type ProductDetail } from '../../api/catalog';
import { designerApi, productsApi, type ColourTemplateRow } from '../../api/designer';
import { createDesignSession, type DesignSession } from '../state';
import { readDesignDocument } from '../save/body';
import { templateForColour } from '../mockups/template-pick';
import { chosenColours, chosenVariants, selectionFrom, type MultiSelection } from '../steps/options';
import { draftKey, loadDraft, type DraftTarget } from '../draft/draft';
import { flowSteps, type StepName, type StepType } from './steps';

/** How the dialog was opened (the entry points of issue 5). */
export type DesignerOpen =
  | { kind: 'new' }
  | { kind: 'product'; productId: number; selection?: readonly (string | null)[] }
  | { kind: 'edit'; myProductId: number }
  | { kind: 'template'; templateId: number };

export function stepTypeOf(open: DesignerOpen): StepType {
  return open.kind === 'edit' || open.kind === 'template' ? 3 : 2;
}

export interface DesignerModel {
  open: DesignerOpen;
  stepType: StepType;
  step: StepName;
  status: 'loading' | 'ready' | 'failed';
  error: string;
  product: ProductDetail | null;
  rows: ColourTemplateRow[];
  selection: MultiSelection;
  /** The colour the stage and mockups show ('#RRGGBB'). */
  previewHex: string | null;
  myProductId: number | null;
  sourceTemplateId: number | null;
  title: string;
  bodyHtml: string;
  /** Price text per catalogue variant id, as typed (validated on save). */
  prices: Record<string, string>;
  priceRule: PriceRule;
  /** Form fields changed since the last save (the document has its own dirty flag). */
  formDirty: boolean;
  saving: boolean;
  saveProgress: string;
  draftKey: string | null;
  draftRestored: boolean;
  session: DesignSession | null;
}

export function createModel(open: DesignerOpen): DesignerModel {
  const stepType = stepTypeOf(open);
  return proxy<DesignerModel>({
    open, stepType, step: flowSteps(stepType)[0]!, status: open.kind === 'new' ? 'ready' : 'loading', error: '',
    product: null, rows: [], selection: [], previewHex: null, myProductId: null, sourceTemplateId: null,
    title: '', bodyHtml: '', prices: {}, priceRule: DEFAULT_PRICE_RULE, formDirty: false, saving: false, saveProgress: '',
    draftKey: null, draftRestored: false, session: null,
  });
}

export function draftTargetOf(m: Pick<DesignerModel, 'open' | 'product'>): DraftTarget | null {
  if (m.open.kind === 'edit') return { kind: 'edit', myProductId: m.open.myProductId };
  if (m.open.kind === 'template') return { kind: 'template', templateId: m.open.templateId };
  return m.product ? { kind: 'product', productId: m.product.id } : null;
}

/** The template a colour designs on; the first row's when the colour has none (one-colour products). */
export function templateFor(rows: readonly ColourTemplateRow[], hex: string | null): CustomTemplate | null {
  return (hex ? templateForColour(rows, hex) : null) ?? rows[0]?.editZone ?? null;
}

/** Fills in prices the merchant has not typed from the account's pricing rule. */
export function fillPrices(m: DesignerModel): void {
  if (!m.product) return;
  for (const v of chosenVariants(m.product.options, m.product.variants, m.selection)) {
    const key = String(v.id);
    if (m.prices[key] === undefined) m.prices[key] = centsToPriceText(applyPriceRule(v.cost, m.priceRule));
  }
}

/** Keeps the preview colour one of the chosen colours. */
export function settlePreview(m: DesignerModel): void {
  if (!m.product) return;
  const colours = chosenColours(m.product.options, m.selection);
  if (colours.length === 0) return;
  if (!m.previewHex || !colours.some((c) => c.hex === m.previewHex)) m.previewHex = colours[0]!.hex;
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

/** Loads the product (and a saved product or template), restores a draft, and starts the session. */
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

  const [info, rows, rule] = await Promise.all([catalogApi.info(productId), designerApi.colourTemplates(productId), productsApi.priceRule()]);
  if (info.code !== 200 || !info.data) return fail(m, info.msg || 'Data error');
  if (rows.code !== 200 || !rows.rows?.length) return fail(m, rows.msg || 'Data error');
  const product = info.data;
  const checked: ColourTemplateRow[] = [];
  for (const row of rows.rows) {
    const t = validateTemplate(row.editZone);
    if (!t.ok) return fail(m, 'Data error');
    checked.push({ ...row, editZone: t.value });
  }
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
    const single = open.kind === 'product' ? open.selection ?? [] : [];
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

  const template = (customTemplateId ? checked.find((r) => r.editZone.customTemplateId === customTemplateId)?.editZone : null)
    ?? templateFor(checked, m.previewHex);
  if (!template) return fail(m, 'Data error');
  // A colour's template carries that colour, so a new document starts in it with an empty history.
  const session = createDesignSession(design ? { template, design } : { template });
  // A restored draft counts as unsaved through formDirty (set above), so closing still asks.
  m.session = ref(session) as DesignSession;
  m.status = 'ready';
}

function fail(m: DesignerModel, msg: string): void {
  m.status = 'failed';
  m.error = msg;
}
