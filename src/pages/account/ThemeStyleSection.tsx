/**
 * Theme style of the current Shopify store: the storefront "Personalize" button's text, colour and
 * position. The script carries the settings, so Save re-uploads it (mode 1) when they changed and
 * otherwise only keeps the style (mode 0: uploaded only when there is none yet); "Re-upload script"
 * forces mode 1. The form starts from the user info's themeStyle, so saved values come back after a
 * reload.
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { toast } from '../../state/ui';
import { storesApi } from '../../api/shops';
import { parseStyle, saveThemeStyle } from '../../components/shops/themeStyle';
import {
  BUTTON_POSITIONS,
  BUTTON_TEXT_MAX,
  buttonSettingsError,
  buttonSettingsOf,
  storeScript,
  type ButtonPosition,
  type ThemeButtonSettings,
} from '../../components/shops/storeScript';
import { Field } from '../../components/Field';
import { ShopMessages } from '../../../contract/shops';

const POSITION_LABEL: Record<ButtonPosition, string> = { below: 'Below the Add to cart button', above: 'Above the Add to cart button' };

export function ThemeStyleSection() {
  const themeStyle = useSnapshot(session).user?.themeStyle ?? null;
  const [form, setForm] = useState<ThemeButtonSettings>(() => buttonSettingsOf(parseStyle(themeStyle)));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(mode: 0 | 1) {
    const problem = buttonSettingsError(form);
    setError(problem ?? '');
    if (problem) return;
    setBusy(true);
    const settings: ThemeButtonSettings = { ...form, buttonText: form.buttonText.trim() };
    try {
      const saved = await saveThemeStyle({ ...settings }, mode, async () => {
        const res = await storesApi.uploadThemeScript(storeScript(settings, window.location.origin));
        return res.code === 200 && res.data ? res.data.url : null;
      });
      // Failures already showed the server's message (src/api/http.ts).
      if (saved) toast('success', mode === 1 ? 'Script re-uploaded and theme style saved' : ShopMessages.themeStyleSaved);
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const saved = buttonSettingsOf(parseStyle(themeStyle));
    const changed = JSON.stringify(saved) !== JSON.stringify({ ...form, buttonText: form.buttonText.trim() });
    void run(changed ? 1 : 0);
  }

  return (
    <section aria-labelledby="theme-style-title" className="theme-style">
      <h3 id="theme-style-title">Theme style</h3>
      <p className="muted small">
        The Personalize button your Shopify product pages show. Saving changed settings uploads a new store script; "Re-upload script"
        uploads it again as it is.
      </p>
      <form className="account-form" onSubmit={submit} noValidate aria-label="Theme style">
        {error && (
          <div className="form-error" role="alert">
            {error}
          </div>
        )}
        <Field
          label="Button text"
          value={form.buttonText}
          maxLength={BUTTON_TEXT_MAX}
          onChange={(e) => setForm({ ...form, buttonText: e.target.value })}
        />
        <Field
          label="Button colour"
          type="color"
          value={form.buttonColor}
          onChange={(e) => setForm({ ...form, buttonColor: e.target.value })}
        />
        <div className="field">
          <label htmlFor="theme-style-position">Position</label>
          <div className="field-row">
            <select
              id="theme-style-position"
              value={form.position}
              onChange={(e) => setForm({ ...form, position: BUTTON_POSITIONS.find((p) => p === e.target.value) ?? form.position })}
            >
              {BUTTON_POSITIONS.map((p) => (
                <option key={p} value={p}>
                  {POSITION_LABEL[p]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn primary" disabled={busy}>
            Save
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void run(1)}>
            Re-upload script
          </button>
        </div>
      </form>
    </section>
  );
}
