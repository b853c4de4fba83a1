import { useId, useRef, useState, type ReactNode } from 'react';

/** Opens on hover and on click/Enter for keyboards; Escape closes and returns focus. */
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
  const id = useId();
  const btn = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = () => {
    if (timer.current) clearTimeout(timer.current);
    setOpen(true);
  };
  const hide = () => {
    timer.current = setTimeout(() => setOpen(false), 150);
  };
  return (
    <div
      className="popover"
      onMouseEnter={show}
      onMouseLeave={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          btn.current?.focus();
        }
      }}
    >
      <button
        ref={btn}
        type="button"
        className="nav-btn"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
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
          onBlur={(e) => {
            if (!e.currentTarget.parentElement?.contains(e.relatedTarget as Node)) setOpen(false);
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
