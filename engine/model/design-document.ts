/**
 * The saved design document (what a product's editObj holds): the design plus the template it
 * was designed on, by id (the catalogue serves the template). The designer writes it, the server
 * checks every one it stores with the same reader, and the designer reads it back.
 */
import { newLocalId } from './elements.ts';
import type { CustomTemplate, SkuDesign } from './types.ts';
import { validateSkuDesign } from './validate.ts';

export interface SavedDesignDoc {
  version: 1;
  customTemplateId: string | null;
  design: SkuDesign;
}

/** A new document has no id yet (emptyDesign gives ''), and the validator wants one: it gets one here. */
export function designDocument(template: CustomTemplate, design: SkuDesign): SavedDesignDoc {
  return { version: 1, customTemplateId: template.customTemplateId, design: design.id ? design : { ...design, id: newLocalId() } };
}

/**
 * The design inside a saved editObj (JSON text or an object), or null when it is not one. A bare
 * design without the wrapper is accepted too: older documents hold the design itself.
 */
export function readDesignDocument(value: unknown): SavedDesignDoc | null {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const doc = v as Partial<SavedDesignDoc>;
  const raw = 'design' in doc ? doc.design : v;
  const checked = validateSkuDesign(raw);
  if (!checked.ok) return null;
  return { version: 1, customTemplateId: typeof doc.customTemplateId === 'string' ? doc.customTemplateId : null, design: checked.value };
}
