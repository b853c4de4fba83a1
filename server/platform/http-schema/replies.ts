/**
 * Response schemas in the API's envelope. Every JSON call answers HTTP 200 with `code` and `msg`:
 * 200 and the call's fields on success, or another code and the reason (10000 a refusal, 401 no
 * session, 404 not found) and nothing else. So each reply schema is "the success shape or a
 * refusal". Success shapes are loose: they list what the client relies on and let further fields
 * through, so a field added to a reply is never dropped on the way out.
 */
import { z } from 'zod';
import { Code } from '../../../contract/envelope';

/** A refused call: any code but 200, and the reason. */
export const refusal = z.object({ code: z.int(), msg: z.string() }).meta({ description: 'A refused call (code is not 200)' });

const success = { code: z.literal(Code.SUCCESS), msg: z.string() };

/** `{ code, msg }` and, on success, the given top-level fields. */
export function okReply(fields: Record<string, z.ZodType> = {}, refused: z.ZodType = refusal) {
  return z.union([z.looseObject({ ...success, ...fields }), refused]);
}

/** `{ code, msg, data }`. */
export function dataReply(data: z.ZodType) {
  return z.union([z.looseObject({ ...success, data }), refusal]);
}

/** A page of rows: `{ code, msg, rows, total }`. */
export function pageReply(row: z.ZodType) {
  return z.union([z.looseObject({ ...success, rows: z.array(row), total: z.int().min(0) }), refusal]);
}

/** A response that is a file, not JSON: described in the API document, never serialised. */
export function fileReply(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } } };
}
