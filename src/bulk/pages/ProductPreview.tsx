/**
 * One picked product with the bulk design on it, before anything is rendered for real: its first
 * view drawn by the render pool, and the merchant's own size and position for this product.
 */
import { useEffect, useRef, useState } from 'react';
import { previewMockup } from '../run/runner';
import { NO_ADJUST, type Adjust } from '../model/placement';
import type { Setup } from './DesignSetup';
import { Input } from '../../ui/Field';

export function ProductPreview({
  productId,
  title,
  setup,
  adjust,
  onAdjust,
}: {
  productId: number;
  title: string;
  setup: Setup;
  adjust: Adjust | undefined;
  onAdjust: (a: Adjust) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState('');
  /** The settings key the canvas shows; marks a finished preview for the page and its tests. */
  const [drawn, setDrawn] = useState('');
  const a = adjust ?? NO_ADJUST;
  const key = JSON.stringify([setup.designs, setup.areas, setup.background, a]);

  useEffect(() => {
    let live = true;
    setError('');
    previewMockup(productId, setup, a).then(
      (bitmap) => {
        const c = canvas.current;
        if (!live || !c) return bitmap.close();
        c.width = bitmap.width;
        c.height = bitmap.height;
        c.getContext('2d')?.drawImage(bitmap, 0, 0);
        bitmap.close();
        setDrawn(key);
      },
      (err: unknown) => live && setError(err instanceof Error ? err.message : 'Data error'),
    );
    return () => {
      live = false;
    };
    // The key covers everything the picture depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, key]);

  const num = (label: string, field: keyof Adjust, min: number, max: number) => (
    <label>
      {label}
      <Input
        type="number"
        min={min}
        max={max}
        step={1}
        value={a[field]}
        aria-label={`${label} for ${title}`}
        onChange={(e) => onAdjust({ ...a, [field]: Math.min(max, Math.max(min, Number(e.target.value) || 0)) })}
      />
    </label>
  );

  return (
    <figure className="bulk-preview">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Preview of ${title}`}
        aria-busy={drawn !== key}
        data-drawn={drawn === key ? '' : undefined}
        width={360}
        height={360}
      />
      <figcaption>
        <span>{title}</span>
        {error && <span className="field-error">{error}</span>}
        <span className="bulk-adjust">
          {num('Size %', 'scalePct', 10, 300)}
          {num('Right %', 'offsetXPct', -50, 50)}
          {num('Down %', 'offsetYPct', -50, 50)}
        </span>
      </figcaption>
    </figure>
  );
}
