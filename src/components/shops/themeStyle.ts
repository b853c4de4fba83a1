/**
 * Theme style save: the storefront script's settings kept as a JSON string with its scriptUrl. With
 * no style yet the script is uploaded first; mode -1 does nothing; otherwise the script is uploaded
 * again when its url is missing or the mode is 1, then the style is saved and kept on the user
 * info.
 */
import { storesApi } from '../../api/shops';
import { session } from '../../state/session';

export interface ThemeStylePlan {
  upload: boolean;
  save: boolean;
}

export function themeStylePlan(current: string | null, mode: number): ThemeStylePlan {
  if (!current) return { upload: true, save: true };
  if (mode === -1) return { upload: false, save: false };
  return { upload: mode === 1 || !parseStyle(current).scriptUrl, save: true };
}

export function parseStyle(text: string | null): Record<string, unknown> & { scriptUrl?: string } {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Runs the plan: `uploadScript` uploads the generated store script and answers its url (or null
 * when the upload failed, which stops here). Answers whether the style was saved.
 */
export async function saveThemeStyle(
  style: Record<string, unknown>,
  mode: number,
  uploadScript: () => Promise<string | null>,
): Promise<boolean> {
  const current = session.user?.themeStyle ?? null;
  const plan = themeStylePlan(current, mode);
  if (!plan.save) return false;
  const next: Record<string, unknown> = { ...parseStyle(current), ...style };
  if (plan.upload) {
    const url = await uploadScript();
    if (!url) return false;
    next.scriptUrl = url;
  }
  const text = JSON.stringify(next);
  const res = await storesApi.saveThemeStyle(text);
  if (res.code !== 200) return false;
  if (session.user) session.user.themeStyle = text;
  return true;
}
