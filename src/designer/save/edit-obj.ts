/**
 * Where the design JSON goes in the save body: inline up to 60000
 * characters, above that uploaded as a file and referenced by its URL.
 */
import { INLINE_JSON_LIMIT } from '@pod-studio/engine/model';

export type EditObjPlan = { kind: 'inline'; json: string } | { kind: 'file'; json: string };

export function planEditObj(doc: unknown, limit: number = INLINE_JSON_LIMIT): EditObjPlan {
  const json = JSON.stringify(doc);
  return json.length <= limit ? { kind: 'inline', json } : { kind: 'file', json };
}

/** A saved editObj is either the JSON itself or the URL of a file holding it. */
export function isEditObjUrl(editObj: string): boolean {
  return /^(https?:\/\/|\/)/.test(editObj.trim());
}
