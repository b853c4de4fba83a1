import { useState } from 'react';

const KEY = 'pod.bookmarkBanner';

/** Asks visitors to bookmark the site; once closed it stays closed (remembered locally). */
export function BookmarkBanner() {
  const [shown, setShown] = useState(() => localStorage.getItem(KEY) !== 'closed');
  if (!shown) return null;
  return (
    <div className="bookmark-banner" role="region" aria-label="Bookmark this site">
      <span>
        Bookmark POD Studio so your designs are one click away. Press <kbd>Ctrl</kbd> + <kbd>D</kbd>.
      </span>
      {/* Browsers give pages no bookmark API: the button can only tell the shortcut. */}
      <button type="button" className="btn small" onClick={() => window.alert('Please use Ctrl + D to add')}>
        Add to Bookmarks
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label="Close bookmark banner"
        onClick={() => {
          localStorage.setItem(KEY, 'closed');
          setShown(false);
        }}
      >
        ×
      </button>
    </div>
  );
}
