/**
 * Wording of validation failures. Every schema in this folder carries its own error functions, so
 * an issue's message is already the final text ("expected a number above 0, got 0"); this module
 * holds the shared pieces and turns a failed parse into one reason: the path to the offending value,
 * then what is wrong with it.
 */
import { type z } from 'zod';

export type RawIssue = z.core.$ZodRawIssue;
export type ErrorFn = (issue: RawIssue) => string | undefined;

/** A short rendering of a received value for messages: numbers as written, strings quoted and cut at 40. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  return typeof v;
}

/**
 * A required member that is absent or null (null counts as missing). Only members of objects are
 * "required"; a missing array entry or root value is reported as the wrong type.
 */
export function isMissingMember(issue: { readonly input?: unknown; readonly path?: readonly PropertyKey[] | undefined }): boolean {
  if (issue.input !== undefined && issue.input !== null) return false;
  const path = issue.path ?? [];
  return typeof path[path.length - 1] === 'string';
}

/** Error function for a type mismatch: "required" for a missing member, else `expected <what>, got <value>`. */
export function typeError(what: string): ErrorFn {
  return (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    return isMissingMember(issue) ? 'required' : `expected ${what}, got ${describe(issue.input)}`;
  };
}

/** Error function of a union none of whose options fits: "required", or `expected <what>, got <value>`. */
export function unionError(what: string): ErrorFn {
  return (issue) => (isMissingMember(issue) ? 'required' : `expected ${what}, got ${describe(issue.input)}`);
}

/**
 * Error function of a discriminated union: the wrong type for a non-object, else the
 * discriminator `key`'s value is not one of `allowed`.
 */
export function discriminatorError(allowed: readonly (string | number)[], what: string, key: string): ErrorFn {
  const wrongType = typeError('an object');
  const wrongValue = oneOfError(allowed, what, (v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined,
  );
  return (issue) => (issue.code === 'invalid_type' ? wrongType(issue) : wrongValue(issue));
}

/** Error function of a closed set of values: `<what> <value>; expected one of <values>`. */
export function oneOfError(allowed: readonly (string | number)[], what: string, read: (input: unknown) => unknown = (v) => v): ErrorFn {
  const list = allowed.map((a) => JSON.stringify(a)).join(', ');
  return (issue) => {
    const v = read(issue.input);
    if (isMissingMember({ ...issue, input: v })) return 'required';
    return `${what} ${describe(v)}; expected one of ${list}`;
  };
}

export interface Problem {
  path: PropertyKey[];
  message: string;
}

/**
 * Whether a union option failed only because the value has another shape (a string where the
 * option wants an object, an array of the wrong length for a tuple, a value outside its literals):
 * such options are not what the value was meant to be, and their issues are not the problem.
 */
function wrongShape(issue: z.core.$ZodIssue): boolean {
  if (issue.path.length > 0) return false;
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value') return true;
  return (issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'array';
}

/**
 * The first problem of a failed parse. A union that failed reports the first issue of the one
 * option the value was shaped for; when no option (or more than one) fits, the union's own message
 * stands.
 */
export function firstProblem(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): Problem {
  const issue = issues[0];
  if (issue === undefined) return { path: [...prefix], message: 'invalid' };
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const fitting = issue.errors.filter((option) => option[0] !== undefined && !wrongShape(option[0]));
    const only = fitting[0];
    if (fitting.length === 1 && only) return firstProblem(only, path);
  }
  return { path, message: issue.message };
}

/** `flatDesignList[0].designList[2].width`: keys joined with dots, array indices in brackets. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export function formatProblem(problem: Problem): string {
  const path = formatPath(problem.path);
  return path ? `${path}: ${problem.message}` : problem.message;
}

/**
 * Parse options for every validation: stop at the first problem (only the first is reported, and
 * a hostile document with a million bad entries must not build a million issues). `abortEarly` is
 * the option zod's own `validate` passes; zod types it as internal, hence the wider context type.
 */
export const PARSE_OPTIONS: z.core.ParseContextInternal<z.core.$ZodIssue> = {
  abortEarly: true,
  // The fallback wording for an issue a schema left without a message of its own.
  error: (issue) => (isMissingMember(issue) ? 'required' : undefined),
};

/**
 * Parses `value` with `schema` inside a refinement or transform of an enclosing schema (for a part
 * whose schema depends on a sibling), reporting the first problem under `path`.
 */
export function parseNested<S extends z.ZodType>(
  schema: S,
  value: unknown,
  ctx: z.core.$RefinementCtx,
  path: readonly PropertyKey[],
): { ok: true; value: z.output<S> } | { ok: false } {
  const result = schema.safeParse(value, PARSE_OPTIONS);
  if (result.success) return { ok: true, value: result.data };
  const problem = firstProblem(result.error.issues, path);
  ctx.issues.push({ code: 'custom', message: problem.message, path: problem.path, input: value });
  return { ok: false };
}

/** Adds a problem at `path` (relative to the refined value) to a refinement's issues. */
export function report(ctx: z.core.$RefinementCtx, path: readonly PropertyKey[], message: string): void {
  ctx.issues.push({ code: 'custom', message, path: [...path], input: ctx.value });
}

/** Reports the second and later items sharing `field` (`duplicate flatId "front"`). */
export function reportDuplicates<T>(
  items: readonly T[],
  ctx: z.core.$RefinementCtx,
  path: readonly PropertyKey[],
  field: string,
  pick: (item: T) => string,
): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const value = pick(item);
    if (seen.has(value)) report(ctx, [...path, i, field], `duplicate ${field} ${JSON.stringify(value)}`);
    seen.add(value);
  });
}
