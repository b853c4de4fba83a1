/**
 * The generic validation rules, shared by the forms (client) and the API (server) so the same input
 * gets the same message on both sides. Values are trimmed; rules run in order and stop at the first
 * failure.
 */
import { EMAIL_CODE_LENGTH, IMAGE_CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './constants';

export type Rule = (value: string, all: Readonly<Record<string, unknown>>) => string | null;

export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

export const EMAIL_RE = /^[A-Za-z0-9]+([-_.][A-Za-z0-9]+)*@[A-Za-z0-9]+([-.][A-Za-z0-9]+)*\.[A-Za-z]{2,}$/;
export const PASSWORD_RE = new RegExp(`^\\S{${PASSWORD_MIN},${PASSWORD_MAX}}$`);
export const PRICE_RE = /^\d{1,5}(\.\d{1,2})?$/;
export const URL_RE = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

export const rules = {
  required:
    (msg: string): Rule =>
    (v) =>
      isBlank(v) ? msg : null,
  email:
    (msg: string): Rule =>
    (v) =>
      EMAIL_RE.test(v) ? null : msg,
  length:
    (n: number, msg: string): Rule =>
    (v) =>
      v.length === n ? null : msg,
  minLength:
    (n: number, msg: string): Rule =>
    (v) =>
      v.length >= n ? null : msg,
  maxLength:
    (n: number, msg: string): Rule =>
    (v) =>
      v.length <= n ? null : msg,
  password:
    (msg: string): Rule =>
    (v) =>
      PASSWORD_RE.test(v) ? null : msg,
  matches:
    (field: string, msg: string): Rule =>
    (v, all) =>
      v === String(all[field] ?? '').trim() ? null : msg,
  numeric:
    (msg: string): Rule =>
    (v) =>
      v !== '' && Number.isFinite(Number(v)) ? null : msg,
  positive:
    (msg: string): Rule =>
    (v) =>
      Number(v) > 0 ? null : msg,
  integer:
    (msg: string): Rule =>
    (v) =>
      /^-?\d+$/.test(v) ? null : msg,
  natural:
    (msg: string): Rule =>
    (v) =>
      /^\d+$/.test(v) ? null : msg,
  naturalNonZero:
    (msg: string): Rule =>
    (v) =>
      /^\d+$/.test(v) && Number(v) > 0 ? null : msg,
  price:
    (msg: string): Rule =>
    (v) =>
      PRICE_RE.test(v) ? null : msg,
  url:
    (msg: string): Rule =>
    (v) =>
      URL_RE.test(v) ? null : msg,
  between:
    (min: number, max: number, msg: string, inclusive = true): Rule =>
    (v) => {
      const n = Number(v);
      const inside = inclusive ? n >= min && n <= max : n > min && n < max;
      return Number.isFinite(n) && inside ? null : msg;
    },
};

export type Schema = Record<string, Rule[]>;

/** First failing message per field; empty object when everything passes. */
export function validate(schema: Schema, input: Readonly<Record<string, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, fieldRules] of Object.entries(schema)) {
    const raw = input[field];
    const value = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
    for (const rule of fieldRules) {
      const msg = rule(value, input);
      if (msg) {
        errors[field] = msg;
        break;
      }
    }
  }
  return errors;
}

/** The first message in schema order, or null: what a server answers in `msg`. */
export function firstError(schema: Schema, input: Readonly<Record<string, unknown>>): string | null {
  const errors = validate(schema, input);
  for (const field of Object.keys(schema)) if (errors[field]) return errors[field];
  return null;
}

/** Form messages, in the exact wording users see. */
export const FormMessages = {
  emailRequired: 'Please enter email address',
  emailInvalid: 'Please enter the correct email address',
  imageCodeRequired: 'Please enter the verification code',
  imageCodeInvalid: 'Verification code error',
  emailCodeRequired: 'Please enter email verification code',
  emailCodeInvalid: 'Please enter the 6-digit email verification code',
  passwordRequired: 'Please enter password',
  passwordInvalid: 'The password is 6-20 characters, not contain space.',
  confirmRequired: 'Please enter confirm password',
  confirmMismatch: 'The two passwords do not match',
} as const;

const M = FormMessages;
const emailRules = [rules.required(M.emailRequired), rules.email(M.emailInvalid)];
const passwordRules = [rules.required(M.passwordRequired), rules.password(M.passwordInvalid)];
const confirmRules = [rules.required(M.confirmRequired), rules.password(M.passwordInvalid), rules.matches('password', M.confirmMismatch)];
const emailCodeRules = [
  rules.required(M.emailCodeRequired),
  rules.length(EMAIL_CODE_LENGTH, M.emailCodeInvalid),
  rules.natural(M.emailCodeInvalid),
];
const imageCodeRules = [rules.required(M.imageCodeRequired), rules.length(IMAGE_CODE_LENGTH, M.imageCodeInvalid)];

/** Login: the image code is only checked when the server has captcha enabled. */
export function loginSchema(captchaEnabled: boolean): Schema {
  return {
    username: emailRules,
    password: passwordRules,
    ...(captchaEnabled ? { code: imageCodeRules } : {}),
  };
}

export const sendCodeSchema: Schema = { email: emailRules };

export const registerSchema: Schema = {
  username: emailRules,
  emailCode: emailCodeRules,
  password: passwordRules,
  confirmPassword: confirmRules,
};

export const resetPasswordSchema: Schema = {
  username: emailRules,
  emailCode: emailCodeRules,
  password: passwordRules,
  confirmPassword: confirmRules,
};

export const changePasswordSchema: Schema = {
  oldPassword: [rules.required(M.passwordRequired)],
  password: passwordRules,
  confirmPassword: confirmRules,
};

export const setPasswordSchema: Schema = {
  password: passwordRules,
  confirmPassword: confirmRules,
};

/** Price input filter: keep digits and one dot, at most `intDigits`.`decimals`; other characters are stripped. */
export function filterPrice(input: string, intDigits = 5, decimals = 2): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const intPart = (dot === -1 ? cleaned : cleaned.slice(0, dot)).slice(0, intDigits);
  if (dot === -1) return intPart;
  const frac = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return `${intPart}.${frac}`;
}

/** Natural-number input: digits only. */
export const filterNatural = (input: string): string => input.replace(/\D/g, '');
/** Custom-type input: letters and digits only. */
export const filterCustomType = (input: string): string => input.replace(/[^A-Za-z0-9]/g, '');
/** Title-case filter. */
export const filterTitleCase = (input: string): string =>
  input.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_m, sp: string, ch: string) => sp + ch.toUpperCase());
/** Pay-time filter: drops the last time segment ("2025-01-02 10:11:12" → "2025-01-02 10:11"). */
export const filterPayTime = (input: string): string => input.replace(/:\d{1,2}$/, '');
