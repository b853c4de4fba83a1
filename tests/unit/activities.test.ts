/**
 * The campaign's timing rules: the promotion countdown (only for status 0 or -1, only within
 * 172800 s, towards the end or the start), the cap of 10 callbacks per item, and the rounds the
 * campaign's items run in.
 */
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_CALLBACK_CAP, COUNTDOWN_WINDOW_S, callbackLimiter, countdownOf } from '../../contract/activities';
import { CAMPAIGN_EPOCH_MS, CAMPAIGN_ITEMS, ROUND_MS } from '../../server/activities/campaign';

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe('countdownOf', () => {
  it('counts down to the end of a running item within 48 hours, in days, hours, minutes and seconds', () => {
    const end = T0 + (1 * 86_400 + 2 * 3600 + 3 * 60 + 4) * 1000;
    expect(countdownOf({ startTime: iso(T0 - 1000), endTime: iso(end), status: 0 }, T0)).toEqual({
      kind: 'countdown',
      towards: 'end',
      remainingS: 93_784,
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
    });
  });

  it('counts down to the start of an item that has not started (status -1)', () => {
    const c = countdownOf({ startTime: iso(T0 + 3600_000), endTime: iso(T0 + 5 * 86_400_000), status: -1 }, T0);
    expect(c).toMatchObject({ kind: 'countdown', towards: 'start', remainingS: 3600, hours: 1 });
  });

  it('shows the date range when the moment is more than 172800 s away, exactly at the window it counts', () => {
    const item = (endMs: number) => ({ startTime: iso(T0), endTime: iso(endMs), status: 0 as const });
    expect(countdownOf(item(T0 + COUNTDOWN_WINDOW_S * 1000), T0)).toMatchObject({ kind: 'countdown', days: 2, hours: 0 });
    expect(countdownOf(item(T0 + COUNTDOWN_WINDOW_S * 1000 + 1000), T0)).toEqual({
      kind: 'range',
      startTime: iso(T0),
      endTime: iso(T0 + COUNTDOWN_WINDOW_S * 1000 + 1000),
    });
  });

  it('shows the date range for any other status', () => {
    expect(countdownOf({ startTime: iso(T0 - 10), endTime: iso(T0 + 60_000), status: 1 }, T0).kind).toBe('range');
  });

  it("runs on the server's clock and stops at zero", () => {
    const item = { startTime: iso(T0 - 1000), endTime: iso(T0 + 60_000), status: 0 as const };
    // The browser's clock is 20 s behind the server's.
    expect(countdownOf(item, T0 - 20_000, 20_000)).toMatchObject({ remainingS: 60 });
    expect(countdownOf(item, T0 + 120_000)).toMatchObject({ kind: 'countdown', remainingS: 0 });
  });
});

describe('callbackLimiter', () => {
  it('lets each item call back at most 10 times', () => {
    const limiter = callbackLimiter();
    const granted = Array.from({ length: 15 }, () => limiter.take(1)).filter(Boolean).length;
    expect(granted).toBe(COUNTDOWN_CALLBACK_CAP);
    expect(limiter.take(2)).toBe(true);
    expect(limiter.count(1)).toBe(10);
  });
});

describe('campaign rounds', () => {
  const [flash, weekly, alternate] = CAMPAIGN_ITEMS;

  it('the flash item runs the whole current 48-hour round, so it always counts down', () => {
    for (const now of [CAMPAIGN_EPOCH_MS, T0, T0 + 7 * ROUND_MS + 5]) {
      const w = flash!.window(now);
      expect(w.start).toBeLessThanOrEqual(now);
      expect(w.end).toBeGreaterThan(now);
      expect(w.end - w.start).toBe(ROUND_MS);
      expect((w.start - CAMPAIGN_EPOCH_MS) % ROUND_MS).toBe(0);
    }
  });

  it('the weekly item runs Monday to Monday, UTC', () => {
    const w = weekly!.window(T0);
    expect(new Date(w.start).getUTCDay()).toBe(1);
    expect(new Date(w.start).getUTCHours()).toBe(0);
    expect(w.end - w.start).toBe(7 * 86_400_000);
    expect(w.start).toBeLessThanOrEqual(T0);
    expect(w.end).toBeGreaterThan(T0);
  });

  it('the alternate item runs in odd rounds and is announced in even ones', () => {
    const even = CAMPAIGN_EPOCH_MS + 10 * ROUND_MS + 1000;
    const odd = even + ROUND_MS;
    expect(alternate!.window(even).start).toBe(CAMPAIGN_EPOCH_MS + 11 * ROUND_MS);
    expect(alternate!.window(odd).start).toBe(CAMPAIGN_EPOCH_MS + 11 * ROUND_MS);
    expect(alternate!.window(odd).end).toBe(CAMPAIGN_EPOCH_MS + 12 * ROUND_MS);
  });
});
