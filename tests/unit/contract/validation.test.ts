import { describe, expect, it } from 'vitest';
import {
  EMAIL_RE,
  FormMessages as M,
  filterCustomType,
  filterNatural,
  filterPayTime,
  filterPrice,
  filterTitleCase,
  firstError,
  isBlank,
  loginSchema,
  registerSchema,
  rules,
  validate,
} from '../../../contract/validation';

describe('generic validation rules', () => {
  it('treats empty, null, false, blank strings, empty objects and arrays as missing', () => {
    for (const v of ['', '   ', null, undefined, false, [], {}]) expect(isBlank(v)).toBe(true);
    for (const v of ['a', 0, true, [1], { a: 1 }]) expect(isBlank(v)).toBe(false);
  });

  it('accepts e-mails of letters/digits with - _ . separators and a dotted domain', () => {
    for (const ok of ['a@b.co', 'first.last@example.com', 'a-b_c@mail.example.org', 'A1@x-y.io']) expect(EMAIL_RE.test(ok)).toBe(true);
    for (const bad of ['a@b', '@b.com', 'a..b@c.com', 'a b@c.com', 'a@b.c', '.a@b.com', 'a@@b.com']) expect(EMAIL_RE.test(bad)).toBe(false);
  });

  it('checks passwords for 6-20 non-space characters', () => {
    const r = rules.password('bad');
    expect(r('abcdef', {})).toBeNull();
    expect(r('a'.repeat(20), {})).toBeNull();
    expect(r('abcde', {})).toBe('bad');
    expect(r('a'.repeat(21), {})).toBe('bad');
    expect(r('abc def', {})).toBe('bad');
  });

  it('checks prices for up to 5 integer digits and 2 decimals', () => {
    const r = rules.price('bad');
    for (const ok of ['0', '12345', '1.5', '99999.99']) expect(r(ok, {})).toBeNull();
    for (const bad of ['123456', '1.234', '.5', '1.', '-1', 'abc']) expect(r(bad, {})).toBe('bad');
  });

  it('checks numeric, integer, natural and between bounds', () => {
    expect(rules.numeric('x')('1.5', {})).toBeNull();
    expect(rules.numeric('x')('1.5a', {})).toBe('x');
    expect(rules.positive('x')('0', {})).toBe('x');
    expect(rules.integer('x')('-3', {})).toBeNull();
    expect(rules.integer('x')('3.1', {})).toBe('x');
    expect(rules.natural('x')('007', {})).toBeNull();
    expect(rules.naturalNonZero('x')('0', {})).toBe('x');
    expect(rules.between(1, 10, 'x')('10', {})).toBeNull();
    expect(rules.between(1, 10, 'x', false)('10', {})).toBe('x');
  });
});

describe('form schemas', () => {
  it('stops at the first failing rule of each field, in order', () => {
    expect(validate(registerSchema, {})).toEqual({
      username: M.emailRequired,
      emailCode: M.emailCodeRequired,
      password: M.passwordRequired,
      confirmPassword: M.confirmRequired,
    });
    expect(validate(registerSchema, { username: 'x', emailCode: '12', password: 'a b', confirmPassword: 'abcdefg' })).toEqual({
      username: M.emailInvalid,
      emailCode: M.emailCodeInvalid,
      password: M.passwordInvalid,
      confirmPassword: M.confirmMismatch,
    });
  });

  it('trims values before checking', () => {
    expect(
      validate(registerSchema, { username: '  me@example.com ', emailCode: ' 123456 ', password: 'secret1', confirmPassword: ' secret1 ' }),
    ).toEqual({});
  });

  it('asks for the 4-character image code only when captcha is on', () => {
    const base = { username: 'me@example.com', password: 'secret1' };
    expect(firstError(loginSchema(false), base)).toBeNull();
    expect(firstError(loginSchema(true), base)).toBe(M.imageCodeRequired);
    expect(firstError(loginSchema(true), { ...base, code: 'abc' })).toBe('Verification code error');
    expect(firstError(loginSchema(true), { ...base, code: 'abcd' })).toBeNull();
  });

  it('uses the exact wording users see', () => {
    expect(M.passwordInvalid).toBe('The password is 6-20 characters, not contain space.');
    expect(M.confirmMismatch).toBe('The two passwords do not match');
    expect(M.emailInvalid).toBe('Please enter the correct email address');
  });
});

describe('input filters', () => {
  it('strips a price down to digits and one dot with 5.2 digits', () => {
    expect(filterPrice('$1,234.567')).toBe('1234.56');
    expect(filterPrice('1234567')).toBe('12345');
    expect(filterPrice('1.2.3')).toBe('1.23');
    expect(filterPrice('12.', 5, 2)).toBe('12.');
    expect(filterPrice('123.456', 2, 1)).toBe('12.4');
  });

  it('keeps digits for natural numbers and letters/digits for custom types', () => {
    expect(filterNatural('a1b2-3')).toBe('123');
    expect(filterCustomType('B9-53 x!')).toBe('B953x');
  });

  it('title-cases and drops the last time segment of a pay time', () => {
    expect(filterTitleCase('hello WORLD again')).toBe('Hello World Again');
    expect(filterPayTime('2025-01-02 10:11:12')).toBe('2025-01-02 10:11');
  });
});
