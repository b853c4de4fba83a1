/**
 * What the design dialog holds besides the document: the product and its colour templates, the
 * chosen options, the preview colour, the Price & Details form and where saving stands. The
 * document itself lives in the editor core (src/designer/editor), the one source of truth.
 * Loading it from the API lives with the dialog (dialog/load.ts); this file is the plain store
 * and its rules, so the steps, saving and the dialog can all import it.
 */
import { proxy } from 'valtio';
import { DEFAULT_PRICE_RULE, applyPriceRule, centsToPriceText, type PriceRule } from '../../../contract/products';
import { validateTemplate, type CustomTemplate } from '@pod-studio/engine/model';
import type { ProductDetail } from '../../api/catalog';
import type { ColourTemplateRow } from '../../api/designer';
import type { Editor } from '../editor';
import { templateForColour } from './template-pick';
import { chosenColours, chosenVariants, type MultiSelection } from './options';
import { flowSteps, type StepName, type StepType } from './steps';

/**
 * How the dialog was opened: a new design with no product yet, a catalogue product (with the
 * option values the product page had chosen), a saved product to edit, or a saved template.
 */
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
  /** The editor core holding the document; null until the product and its templates have loaded. */
  editor: Editor | null;
}

export function createModel(open: DesignerOpen): DesignerModel {
  const stepType = stepTypeOf(open);
  return proxy<DesignerModel>({
    open,
    stepType,
    step: flowSteps(stepType)[0]!,
    status: open.kind === 'new' ? 'ready' : 'loading',
    error: '',
    product: null,
    rows: [],
    selection: [],
    previewHex: null,
    myProductId: null,
    sourceTemplateId: null,
    title: '',
    bodyHtml: '',
    prices: {},
    priceRule: DEFAULT_PRICE_RULE,
    formDirty: false,
    saving: false,
    saveProgress: '',
    draftKey: null,
    draftRestored: false,
    editor: null,
  });
}

/**
 * A product's colour rows with each template checked by the engine's schema, or null when any
 * of them is not a template the engine can draw (the caller reports 'Data error').
 */
export function checkedTemplateRows(rows: readonly ColourTemplateRow[]): ColourTemplateRow[] | null {
  const checked: ColourTemplateRow[] = [];
  for (const row of rows) {
    const t = validateTemplate(row.editZone);
    if (!t.ok) return null;
    checked.push({ ...row, editZone: t.value });
  }
  return checked;
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
