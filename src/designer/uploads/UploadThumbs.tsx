/**
 * The merchant's uploaded pictures as a grid of thumbnails, the one the Photo and Images panels
 * share: a named list whose every picture is a button named for what a press does with it (Tab
 * reaches each one, Enter or Space presses it), with an optional Remove button beside it. While the
 * list loads, and when it is empty, it says so in words.
 */
export interface UploadThumb {
  id: number;
  url: string;
  thumbnailUrl: string | null;
  fileName: string;
}

export function UploadThumbs<T extends UploadThumb>({
  label,
  items,
  empty,
  disabled = false,
  pickName,
  onPick,
  removeName,
  onRemove,
}: {
  /** The list's accessible name ("My uploads"). */
  label: string;
  /** null while loading. */
  items: readonly T[] | null;
  /** The sentence shown for an empty list. */
  empty: string;
  /** The pictures cannot be used here (a print area that takes no images). */
  disabled?: boolean;
  /** The accessible name of a picture's button: what pressing it does ("Add x.png to the design"). */
  pickName: (item: T) => string;
  onPick: (item: T) => void;
  /** With both, each picture gets a Remove button of this name. */
  removeName?: (item: T) => string;
  onRemove?: (item: T) => void;
}) {
  if (items === null) return <p role="status">Loading…</p>;
  if (items.length === 0) return <p className="muted small">{empty}</p>;
  return (
    <ul className="dz-thumbs" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" className="dz-thumb" disabled={disabled} aria-label={pickName(item)} onClick={() => onPick(item)}>
            <img src={item.thumbnailUrl ?? item.url} alt="" loading="lazy" />
          </button>
          {removeName && onRemove && (
            <button type="button" className="link-btn small" aria-label={removeName(item)} onClick={() => onRemove(item)}>
              Remove
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
