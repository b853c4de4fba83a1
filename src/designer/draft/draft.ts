/**
 * The local draft (ARCHITECTURE "Data flow"): the open design is kept in IndexedDB (idb-keyval)
 * so a reload loses nothing. Keyed by what is being designed (a catalogue product, a saved
 * product, a template); cleared when the design is saved or the merchant discards it.
 */
import { del, get, set } from 'idb-keyval';
import type { SkuDesign } from '@pod-studio/engine';
import type { StepName } from '../model/steps';
import type { MultiSelection } from '../model/options';

export interface DesignerDraft {
  v: 1;
  savedAt: number;
  productId: number;
  myProductId: number | null;
  sourceTemplateId: number | null;
  selection: MultiSelection;
  customTemplateId: string | null;
  design: SkuDesign;
  previewHex: string | null;
  title: string;
  bodyHtml: string;
  /** Price text per catalogue variant id, as typed. */
  prices: Record<string, string>;
  step: StepName;
}

export type DraftTarget =
  { kind: 'product'; productId: number } | { kind: 'edit'; myProductId: number } | { kind: 'template'; templateId: number };

export function draftKey(target: DraftTarget): string {
  switch (target.kind) {
    case 'product':
      return `pod.designer.draft:product:${target.productId}`;
    case 'edit':
      return `pod.designer.draft:my:${target.myProductId}`;
    case 'template':
      return `pod.designer.draft:template:${target.templateId}`;
  }
}

/** The draft, or null when there is none or it cannot be read (a broken draft must not block the designer). */
export async function loadDraft(key: string): Promise<DesignerDraft | null> {
  try {
    const d = (await get(key)) as DesignerDraft | undefined;
    return d && d.v === 1 && d.design ? d : null;
  } catch {
    return null;
  }
}

export async function saveDraft(key: string, draft: DesignerDraft): Promise<void> {
  try {
    await set(key, draft);
  } catch (err) {
    // Private windows can refuse IndexedDB; the designer still works, only without a draft.
    console.warn('draft not stored', err);
  }
}

export async function clearDraft(key: string): Promise<void> {
  try {
    await del(key);
  } catch {
    /* nothing stored, nothing to clear */
  }
}

/**
 * The flow that starts without a product ("Custom made for you") has no product in its address;
 * this remembers which one the merchant picked, so a reload finds that product's draft.
 */
const NEW_FLOW_PICK = 'pod.designer.draft:new-flow-product';

export async function rememberNewFlowPick(productId: number | null): Promise<void> {
  try {
    if (productId === null) await del(NEW_FLOW_PICK);
    else await set(NEW_FLOW_PICK, productId);
  } catch {
    /* without IndexedDB a reload only forgets the pick */
  }
}

export async function newFlowPick(): Promise<number | null> {
  try {
    const v = (await get(NEW_FLOW_PICK)) as unknown;
    return typeof v === 'number' ? v : null;
  } catch {
    return null;
  }
}
