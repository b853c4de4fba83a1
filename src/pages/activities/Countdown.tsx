/**
 * The promotion countdown of a timed item: days, hours, minutes and seconds to its end (running,
 * status 0) or its start (not started, status -1), when that moment is within 48 hours;
 * otherwise its start–end dates. The browser's clock is corrected by the server's (`skewMs`).
 * Reaching zero calls `onEnd` (the page fetches the item again), at most 10 times per item
 * over the page's life, so a clock that disagrees with the server cannot make it call forever.
 */
import { useEffect, useState } from 'react';
import { callbackLimiter, countdownOf, type TimedItem } from '../../../contract/activities';

/** One limiter for the page's life: remounting a countdown does not reset its item's count. */
const callbacks = callbackLimiter();

const two = (n: number) => String(n).padStart(2, '0');

/** "Nov 30, 2026, 00:00 UTC": the dates of the range, in UTC as the campaign's rounds are. */
export function formatCampaignTime(iso: string): string {
  const d = new Date(iso);
  return `${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(d)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

export function Countdown({ item, skewMs, onEnd }: { item: TimedItem; skewMs: number; onEnd: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const state = countdownOf(item, now, skewMs);
  const counting = state.kind === 'countdown' && state.remainingS > 0;

  useEffect(() => {
    if (!counting) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [counting]);

  const reachedZero = state.kind === 'countdown' && state.remainingS === 0;
  useEffect(() => {
    if (!reachedZero || !callbacks.take(item.id)) return;
    // A moment past the boundary, so the server's answer is already the next window.
    const t = setTimeout(onEnd, 1500);
    return () => clearTimeout(t);
  }, [reachedZero, item.id, item.startTime, item.endTime, onEnd]);

  if (state.kind === 'range') {
    return (
      <p className="act-range">
        <span className="act-range-label">{item.status === -1 ? 'Starts' : 'Runs'}</span>{' '}
        <time dateTime={item.startTime}>{formatCampaignTime(item.startTime)}</time> –{' '}
        <time dateTime={item.endTime}>{formatCampaignTime(item.endTime)}</time>
      </p>
    );
  }
  const label = state.towards === 'start' ? 'Starts in' : 'Ends in';
  const spoken = `${label} ${state.days} days ${state.hours} hours ${state.minutes} minutes ${state.seconds} seconds`;
  return (
    <div className="act-countdown" role="timer" aria-label={spoken}>
      <span className="act-countdown-label" aria-hidden="true">
        {label}
      </span>
      {(
        [
          [state.days, 'days'],
          [state.hours, 'hours'],
          [state.minutes, 'minutes'],
          [state.seconds, 'seconds'],
        ] as const
      ).map(([n, unit]) => (
        <span key={unit} className="act-countdown-cell" aria-hidden="true">
          <strong data-unit={unit}>{two(n)}</strong>
          <span>{unit}</span>
        </span>
      ))}
    </div>
  );
}
