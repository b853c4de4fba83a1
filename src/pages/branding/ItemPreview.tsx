/**
 * A branded item as it will look: the item's picture (in the chosen option's colour) with the
 * merchant's artwork fitted into the item's print area, the hang tag's text under it, and the tape
 * carrying the artwork repeated along its length. Drawn as one SVG, so it scales crisply and
 * needs no rendering work; an item without artwork shows where the artwork goes.
 */
import { useId } from 'react';
import { BRAND_ITEMS, itemPictureFor, type BrandItemKind } from '../../../contract/branding';

const SIZE = 400;

export function ItemPreview({
  kind,
  choice,
  artwork,
  text = '',
  className = '',
}: {
  kind: BrandItemKind;
  /** The chosen option (its value or label). */
  choice?: string | undefined;
  artwork: string;
  /** The hang tag's line of text. */
  text?: string;
  className?: string;
}) {
  const def = BRAND_ITEMS[kind];
  const pid = `tape-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const a = {
    x: def.printArea.x * SIZE,
    y: def.printArea.y * SIZE,
    width: def.printArea.width * SIZE,
    height: def.printArea.height * SIZE,
  };
  const label = artwork ? `${def.name} with your artwork` : `${def.name}, artwork not added yet`;
  return (
    <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={label} className={`brand-preview ${className}`}>
      <image href={itemPictureFor(kind, choice)} width={SIZE} height={SIZE} />
      {artwork ? (
        kind === 'jiao_zhi' ? (
          <>
            <defs>
              <pattern id={pid} patternUnits="userSpaceOnUse" x={a.x} y={a.y} width={a.height * 1.8} height={a.height}>
                <image href={artwork} x={a.height * 0.1} y={a.height * 0.1} width={a.height * 1.6} height={a.height * 0.8} />
              </pattern>
            </defs>
            <rect {...a} fill={`url(#${pid})`} />
          </>
        ) : (
          <image href={artwork} {...a} preserveAspectRatio="xMidYMid meet" />
        )
      ) : (
        <g className="brand-preview-empty">
          <rect {...a} rx={6} />
          <text x={a.x + a.width / 2} y={a.y + a.height / 2} textAnchor="middle" dominantBaseline="middle">
            Your artwork
          </text>
        </g>
      )}
      {kind === 'diao_pai' && text && (
        <text className="brand-preview-text" x={SIZE / 2} y={318} textAnchor="middle">
          {text.length > 34 ? `${text.slice(0, 33)}…` : text}
        </text>
      )}
    </svg>
  );
}
