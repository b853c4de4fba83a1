/**
 * Runtime validation of documents that come from outside the engine (API responses, files,
 * drafts), through the zod schemas in ./schema/. Each validator returns a fresh, normalised copy
 * or a data error whose reason names the first offending path and what is wrong with it; a bad
 * document is rejected whole and never half-built.
 *
 * - Unknown fields are dropped; the output holds exactly the model's fields.
 * - Optional fields get the model defaults; null counts as missing for required fields.
 * - Numbers must be JSON numbers (no numeric strings) and finite. Ids may be strings or integers
 *   and come out as strings. 0/1 flags also accept booleans and '0' / '1'.
 */
import type { z } from 'zod';
import { DATA_ERROR_CODE, DATA_ERROR_MSG } from './constants.ts';
import { DataError } from './errors.ts';
import {
  PARSE_OPTIONS,
  customTemplateSchema,
  designElementSchema,
  engineProductSchema,
  firstProblem,
  formatProblem,
  skuDesignSchema,
  skuDesignSchemaFor,
} from './schema/index.ts';
import type { CustomTemplate, DesignElement, EngineProduct, SkuDesign } from './types.ts';

export interface DataErrorResult {
  ok: false;
  code: typeof DATA_ERROR_CODE;
  msg: typeof DATA_ERROR_MSG;
  reason: string;
}

export type ValidationResult<T> = { ok: true; value: T } | DataErrorResult;

export function dataError(reason: string): DataErrorResult {
  return { ok: false, code: DATA_ERROR_CODE, msg: DATA_ERROR_MSG, reason };
}

/** The value of a successful result, or a thrown DataError carrying the reason. */
export function unwrap<T>(result: ValidationResult<T>): T {
  if (result.ok) return result.value;
  throw new DataError(result.reason);
}

/** Validates `input` with any of the model's schemas, as the validate* functions do. */
export function validateWith<T>(schema: z.ZodType<T>, input: unknown): ValidationResult<T> {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  return result.success ? { ok: true, value: result.data } : dataError(formatProblem(firstProblem(result.error.issues)));
}

/** Parses JSON text (editZone / editObj arrive as strings) and validates the result. */
export function validateJson<T>(text: string, validate: (input: unknown) => ValidationResult<T>): ValidationResult<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return dataError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return validate(parsed);
}

export function validateTemplate(input: unknown): ValidationResult<CustomTemplate> {
  return validateWith(customTemplateSchema, input);
}

/** With a template, flat and view ids are also checked against it. */
export function validateSkuDesign(input: unknown, template?: CustomTemplate): ValidationResult<SkuDesign> {
  return validateWith(template ? skuDesignSchemaFor(template) : skuDesignSchema, input);
}

export function validateDesignElement(input: unknown): ValidationResult<DesignElement> {
  return validateWith(designElementSchema, input);
}

export function validateProduct(input: unknown): ValidationResult<EngineProduct> {
  return validateWith(engineProductSchema, input);
}
