/** Photoshop layer blend modes → the spec's blend codes (1 lighter … 7 none). */
import type { BlendCode } from '../model/constants';

const CODES: Record<string, BlendCode> = {
  'linear dodge': 1,
  'color dodge': 1,
  color: 2,
  darken: 3,
  'darker color': 3,
  lighten: 4,
  'lighter color': 4,
  overlay: 5,
  'soft light': 5,
  multiply: 6,
  normal: 7,
  'pass through': 7,
};

/** Modes without a spec code fall back to the closest one; the reason names the substitution. */
export function blendCodeForPsd(mode: string | undefined): { code: BlendCode; exact: boolean } {
  const key = (mode ?? 'normal').toLowerCase();
  const code = CODES[key];
  return code ? { code, exact: key === 'linear dodge' || key === 'color' || key === 'darken' || key === 'lighten' || key === 'overlay' || key === 'multiply' || key === 'normal' || key === 'pass through' } : { code: 7, exact: false };
}
