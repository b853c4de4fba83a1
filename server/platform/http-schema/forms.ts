/**
 * Form bodies checked by the rules the pages use (contract/validation.ts, contract/account.ts),
 * so the API refuses a form with the same first message the page shows. Every form the server
 * takes (accounts, a shop's login and password pages) is declared here, one way.
 *
 * Each field is read as those rules read it: trimmed text, '' when absent or null, and any other
 * value as its text (a JSON number 123456 is "123456"). A field is never refused on its own: the
 * form's rules run over all the fields in their order and the first failing rule is the refusal,
 * word for word. What a field accepts is described in the API document by `doc` (JSON Schema
 * keywords: description, format, length, pattern, enum, type).
 */
import { z } from 'zod';
import { numberAsText } from './fields';
import { PASSWORD_RE, validate, type Schema } from '../../../contract/validation';
import { EMAIL_CODE_LENGTH, IMAGE_CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/constants';

type FieldDoc = Record<string, unknown> & { description: string };

/** A value as the form rules see it. */
function formValue(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  return v === undefined || v === null ? '' : String(v);
}

/** A field the form's rules check; documented as required (the rules say what happens when it is missing). */
export function formField(doc: FieldDoc) {
  return z.preprocess(formValue, z.string()).meta(doc);
}

/** A field no rule checks: trimmed text, or undefined when absent, null or blank. Never refused. */
export function optionalFormField(doc: FieldDoc) {
  return z.preprocess((v) => formValue(v) || undefined, z.string().optional()).meta(doc);
}

/** The e-mail address of a form. */
export const emailField = (description = 'E-mail address') => formField({ description, format: 'email' });

/** A password (never shown in examples or logs). */
export const passwordField = (description = `Password: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters, no spaces`) =>
  formField({ description, format: 'password', pattern: PASSWORD_RE.source });

/** The password typed again. */
export const confirmPasswordField = () => passwordField('The password again; must match password');

/** The code e-mailed to the address (sendEmailCode and the other code sends). */
export const emailCodeField = () =>
  formField({
    description: `The ${EMAIL_CODE_LENGTH}-digit code e-mailed to the address`,
    format: 'password',
    pattern: `^\\d{${EMAIL_CODE_LENGTH}}$`,
  });

/** The characters of the login image (captchaImage). */
export const imageCodeField = () =>
  formField({
    description: `The ${IMAGE_CODE_LENGTH} characters of the image code (captchaImage), in any case`,
    minLength: IMAGE_CODE_LENGTH,
    maxLength: IMAGE_CODE_LENGTH,
  });

/**
 * A form body: `fields` (one per field `rules` checks, and any others the call reads). The rules run
 * first, over the body as sent, and their first message in order refuses the call on the field it
 * concerns, before any other field is looked at (as the page shows one message at a time).
 */
export function formBody<F extends Record<string, z.ZodType>>(rules: Schema, fields: F) {
  const missing = Object.keys(rules).filter((name) => !(name in fields));
  // A field left out of the object would reach the handler missing although the rules passed it.
  if (missing.length > 0) throw new Error(`formBody: no field for ${missing.join(', ')}`);
  return z.preprocess((body, ctx) => {
    const form = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    // A form's fields are text: a list, an object or a number whose text is not certain (see
    // numberAsText) is refused, never read as "[object Object]" or a rounded number.
    const notText = Object.keys(fields).find((name) => {
      const v = numberAsText(form[name]);
      return v !== undefined && v !== null && typeof v !== 'string' && typeof v !== 'boolean';
    });
    if (notText) {
      ctx.issues.push({ code: 'custom', message: `${notText} must be text`, input: form[notText], path: [notText] });
      return z.NEVER;
    }
    const errors = validate(rules, Object.fromEntries(Object.entries(form).map(([k, v]) => [k, numberAsText(v)])));
    const field = Object.keys(rules).find((name) => errors[name]);
    if (!field) return body;
    ctx.issues.push({ code: 'custom', message: errors[field]!, input: form[field], path: [field] });
    return z.NEVER;
  }, z.object(fields));
}
