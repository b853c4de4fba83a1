/** Bulk pricing rules and title templates (contract/bulk.ts). */
import { describe, expect, it } from 'vitest';
import { bulkPrice, fillTemplate, roundTo99 } from '../../../contract/bulk';
import { PRICE_MAX_CENTS } from '../../../contract/products';

describe('bulkPrice', () => {
  it('prices by factor, by amount added, or one fixed price', () => {
    expect(bulkPrice(1250, { kind: 'factor', factorPct: 250, round99: false })).toBe(3125);
    expect(bulkPrice(1001, { kind: 'factor', factorPct: 150, round99: false })).toBe(1502);
    expect(bulkPrice(1250, { kind: 'add', amountCents: 800, round99: false })).toBe(2050);
    expect(bulkPrice(1250, { kind: 'fixed', priceCents: 1900, round99: false })).toBe(1900);
  });

  it('ends prices in .99 at or above the rule price', () => {
    expect(roundTo99(1200)).toBe(1299);
    expect(roundTo99(1299)).toBe(1299);
    expect(roundTo99(1305)).toBe(1399);
    expect(bulkPrice(1000, { kind: 'factor', factorPct: 200, round99: true })).toBe(2099);
    expect(bulkPrice(1250, { kind: 'fixed', priceCents: 1900, round99: true })).toBe(1999);
  });

  it('keeps every price between 1 cent and the price limit', () => {
    expect(bulkPrice(0, { kind: 'add', amountCents: 0, round99: false })).toBe(1);
    expect(bulkPrice(9_000_000, { kind: 'factor', factorPct: 10_000, round99: true })).toBe(PRICE_MAX_CENTS);
  });
});

describe('fillTemplate', () => {
  const values = { product: 'Classic Tee', colour: 'White, Black', design: 'Rose' };
  it('replaces each placeholder, with either spelling of colour and any case', () => {
    expect(fillTemplate('{design} {product} in {colour}', values)).toBe('Rose Classic Tee in White, Black');
    expect(fillTemplate('{DESIGN} on {Product} ({color})', values)).toBe('Rose on Classic Tee (White, Black)');
  });
  it('closes the gap an empty value leaves and keeps unknown braces', () => {
    expect(fillTemplate('{design} {product}', { ...values, design: '' })).toBe('Classic Tee');
    expect(fillTemplate('{size} {product}', values)).toBe('{size} Classic Tee');
  });
});
