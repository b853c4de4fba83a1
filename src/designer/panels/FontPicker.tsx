/**
 * The typeface picker: every bundled font (fonts/manifest.json) shown in itself. The faces are
 * loaded into the page with the engine's loader, so the names draw in their own font.
 */
import { useEffect, useId, useState } from 'react';
import { BUNDLED_FONTS, loadFont } from '@pod-studio/engine';

export function FontPicker({ value, onChange }: { value: string; onChange: (family: string) => void }) {
  const name = useId();
  const [failed, setFailed] = useState<Record<string, true>>({});
  useEffect(() => {
    for (const face of BUNDLED_FONTS) {
      loadFont(face.id).catch(() => setFailed((f) => ({ ...f, [face.id]: true })));
    }
  }, []);
  const current = faceOf(value);
  return (
    <fieldset className="dz-fonts">
      <legend>Typeface</legend>
      <div className="dz-font-list" role="radiogroup" aria-label="Typeface">
        {BUNDLED_FONTS.map((face) => (
          <label
            key={face.id}
            className={`dz-font${current?.id === face.id ? ' checked' : ''}`}
            title={face.substitute ? `${face.displayName} (for ${face.specName})` : face.displayName}
          >
            <input
              type="radio"
              name={name}
              value={face.displayName}
              checked={current?.id === face.id}
              onChange={() => onChange(face.displayName)}
            />
            <span style={{ fontFamily: `"${face.family}", sans-serif`, fontWeight: face.weight, fontStyle: face.style }}>
              {face.displayName}
            </span>
            {failed[face.id] && <span className="muted small"> (Error loading font)</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// Saved designs spell one font several ways ('Comfortaa-Bold', 'Comfortaa Bold'): match loosely, as the engine does.
const key = (name: string) => name.toLowerCase().replace(/[\s\-_'"]+/g, '');

export function faceOf(family: string) {
  const k = key(family);
  return (
    BUNDLED_FONTS.find((f) => [f.id, f.displayName, f.specName, ...f.aliases].some((n) => key(n) === k)) ??
    BUNDLED_FONTS.find((f) => key(f.family) === k)
  );
}
