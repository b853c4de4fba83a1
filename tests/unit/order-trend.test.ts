/** The dashboard chart's months: the last n calendar months (UTC), oldest first, across a year's end. */
import { describe, expect, it } from 'vitest';
import { monthsBack } from '../../server/commerce/order-trend';

describe('monthsBack', () => {
  it('counts back across the turn of the year, the current month last', () => {
    expect(monthsBack(new Date('2026-01-15T12:00:00Z'), 3)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('takes the month in UTC, whatever the hour', () => {
    expect(monthsBack(new Date('2026-03-31T23:59:59Z'), 2)).toEqual(['2026-02', '2026-03']);
    expect(monthsBack(new Date('2026-03-01T00:00:00Z'), 1)).toEqual(['2026-03']);
  });
});
