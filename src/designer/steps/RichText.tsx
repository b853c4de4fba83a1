/**
 * A small rich-text box for the product description: bold, italic and a bulleted list, with
 * buttons reachable by keyboard. The server sanitises the HTML; this only edits it.
 */
import { useEffect, useId, useRef } from 'react';

export function RichText({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // The box owns its DOM while focused; outside values (a restored draft) are written only when they differ.
  useEffect(() => {
    const el = box.current;
    if (el && el.innerHTML !== value && document.activeElement !== el) el.innerHTML = value;
  }, [value]);
  const run = (command: 'bold' | 'italic' | 'insertUnorderedList') => {
    box.current?.focus();
    // execCommand is deprecated but still the one editing API every browser has for contenteditable.
    document.execCommand(command);
    onChange(box.current?.innerHTML ?? '');
  };
  return (
    <div className="dz-rich">
      <span id={`${id}-label`} className="dz-field">
        {label}
      </span>
      <div role="toolbar" aria-label={`${label} formatting`} className="dz-rich-bar">
        <button type="button" className="btn small" onMouseDown={(e) => e.preventDefault()} onClick={() => run('bold')}>
          <b>Bold</b>
        </button>
        <button type="button" className="btn small" onMouseDown={(e) => e.preventDefault()} onClick={() => run('italic')}>
          <i>Italic</i>
        </button>
        <button type="button" className="btn small" onMouseDown={(e) => e.preventDefault()} onClick={() => run('insertUnorderedList')}>
          Bulleted list
        </button>
      </div>
      <div
        ref={box}
        className="dz-rich-box"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
      />
    </div>
  );
}
