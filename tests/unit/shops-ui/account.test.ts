import { describe, expect, it } from 'vitest';
import { formToRule, ruleToForm } from '../../../src/pages/account/pricing';
import { tabFromQuery } from '../../../src/pages/account/tabs';
import { ProductMessages } from '../../../contract/products';

const saved = { mode: 'multiplier' as const, multiplierPct: 300, markupCents: 100 };

describe('pricing form', () => {
  it('turns a multiplier and a markup typed as text into the wire rule', () => {
    expect(formToRule({ mode: 'multiplier', multiplier: '2.5', markup: '4.99' }, saved)).toEqual({
      rule: { mode: 'multiplier', multiplierPct: 250, markupCents: 499 },
    });
    expect(formToRule({ mode: 'markup', multiplier: '2', markup: '0' }, saved)).toEqual({
      rule: { mode: 'markup', multiplierPct: 200, markupCents: 0 },
    });
  });
  it('refuses a multiplier under 1 or over 100 and a malformed markup in the chosen mode, naming the field', () => {
    expect(formToRule({ mode: 'multiplier', multiplier: '0.5', markup: '0' }, saved)).toEqual({
      field: 'multiplier',
      error: ProductMessages.multiplierInvalid,
    });
    expect(formToRule({ mode: 'multiplier', multiplier: '100.01', markup: '0' }, saved)).toEqual({
      field: 'multiplier',
      error: ProductMessages.multiplierInvalid,
    });
    expect(formToRule({ mode: 'multiplier', multiplier: '', markup: '0' }, saved)).toEqual({
      field: 'multiplier',
      error: ProductMessages.multiplierInvalid,
    });
    expect(formToRule({ mode: 'markup', multiplier: '2', markup: '1.234' }, saved)).toEqual({
      field: 'markup',
      error: ProductMessages.markupInvalid,
    });
  });
  it('keeps the saved value of the other mode when its field holds something invalid', () => {
    expect(formToRule({ mode: 'markup', multiplier: '0.5', markup: '3.5' }, saved)).toEqual({
      rule: { mode: 'markup', multiplierPct: 300, markupCents: 350 },
    });
    expect(formToRule({ mode: 'multiplier', multiplier: '1', markup: 'x' }, saved)).toEqual({
      rule: { mode: 'multiplier', multiplierPct: 100, markupCents: 100 },
    });
  });
  it('shows a saved rule as the text it was typed as', () => {
    expect(ruleToForm({ mode: 'markup', multiplierPct: 250, markupCents: 499 })).toEqual({
      mode: 'markup',
      multiplier: '2.50',
      markup: '4.99',
    });
  });
});

describe('account tabs', () => {
  it('opens Profile for a missing or unknown tabname', () => {
    expect(tabFromQuery(null)).toBe('profile');
    expect(tabFromQuery('nope')).toBe('profile');
    expect(tabFromQuery('pricing_rules')).toBe('pricing_rules');
  });
});
