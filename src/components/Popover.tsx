import { useId, useRef, useState, type ReactNode } from 'react';

/**
 * A mouse over it shows the panel as a preview; a click (or Enter) pins it open, and a click on
 * the pinned button closes it. So the click that follows a hover never closes what the merchant
 * just saw open. Escape closes and returns focus; focus or a click leaving it closes it.
 */
export function Popover({
  label,
  button,
  children,
  width,
  align = 'right',
}: {
  label: string;
  button: ReactNode;
  children: ReactNode;
  width?: number;
  align?: 'left' | 'right';
}) {
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  const id = useId();
  const btn = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = () => {
    if (timer.current) clearTimeout(timer.current);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setPinned(false);
  };
  const hide = () => {
    if (!pinned) timer.current = setTimeout(() => setOpen(false), 150);
  };
  return (
    <div
      className="popover"
      onMouseEnter={show}
      onMouseLeave={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          close();
          btn.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={btn}
        type="button"
        className="nav-btn"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (open && pinned) close();
          else {
            show();
            setPinned(true);
          }
        }}
      >
        {button}
      </button>
      {open && (
        <div
          id={id}
          className={`popover-panel ${align}`}
          style={width ? { width } : undefined}
          role="region"
          aria-label={label}
          // Focusable by script only: a click inside the panel keeps focus within the popover.
          tabIndex={-1}
        >
          {children}
        </div>
      )}
    </div>
  );
}
