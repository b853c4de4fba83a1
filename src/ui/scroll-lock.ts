/**
 * Stands in for `react-remove-scroll-bar` (a Vite alias in vite.config.ts), which Radix's modal
 * dialogs use to stop the page scrolling behind them. The original writes a <style> element, and
 * the app's Content-Security-Policy (`style-src 'self'`) refuses it: a console error on every
 * dialog, and the page still scrolled. This one keeps its contract (the counted
 * `data-scroll-locked` attribute on <body>, the scrollbar's width in
 * `--removed-body-scroll-bar-size`) but writes only through the CSSOM, which CSP does not govern;
 * the rules that lock the page are in kit.css.
 */
import { useEffect } from 'react';

// The original's class and variable names, which react-remove-scroll reads from its constants.
export const zeroRightClassName = 'right-scroll-bar-position';
export const fullWidthClassName = 'width-before-scroll-bar';
export const noScrollbarsClassName = 'with-scroll-bars-hidden';
export const removedBarSizeVariable = '--removed-body-scroll-bar-size';

export const lockAttribute = 'data-scroll-locked';

type GapMode = 'margin' | 'padding';

/** How wide the page's scrollbar is (what locking it takes away), and the body's offsets. */
export function getGapWidth(gapMode: GapMode = 'margin'): { left: number; top: number; right: number; gap: number } {
  if (typeof window === 'undefined') return { left: 0, top: 0, right: 0, gap: 0 };
  const cs = window.getComputedStyle(document.body);
  const px = (v: string) => parseInt(v || '', 10) || 0;
  const left = px(gapMode === 'padding' ? cs.paddingLeft : cs.marginLeft);
  const top = px(gapMode === 'padding' ? cs.paddingTop : cs.marginTop);
  const right = px(gapMode === 'padding' ? cs.paddingRight : cs.marginRight);
  return { left, top, right, gap: Math.max(0, window.innerWidth - document.documentElement.clientWidth + right - left) };
}

const count = (): number => {
  const n = parseInt(document.body.getAttribute(lockAttribute) ?? '0', 10);
  return Number.isFinite(n) ? n : 0;
};

/** Locks the page's scrolling while mounted; nested locks count, the last one out unlocks. */
export function RemoveScrollBar({ gapMode = 'margin' }: { noRelative?: boolean; noImportant?: boolean; gapMode?: GapMode }): null {
  useEffect(() => {
    const body = document.body;
    // Measured before the first lock takes the scrollbar away.
    if (count() === 0) body.style.setProperty(removedBarSizeVariable, `${getGapWidth(gapMode).gap}px`);
    body.setAttribute(lockAttribute, String(count() + 1));
    return () => {
      const left = count() - 1;
      if (left > 0) {
        body.setAttribute(lockAttribute, String(left));
        return;
      }
      body.removeAttribute(lockAttribute);
      body.style.removeProperty(removedBarSizeVariable);
    };
  }, [gapMode]);
  return null;
}
