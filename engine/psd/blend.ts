/** Photoshop layer blend modes → the engine's blend codes (1 lighter … 7 none, 8+ Photoshop's own). */
import { BLEND_MODES, type BlendCode } from '../model/constants';

const CODES = new Map<string, BlendCode>(
  (Object.entries(BLEND_MODES) as [string, string][])
    .filter(([, name]) => name !== 'lighter' && name !== 'none')
    .map(([code, name]) => [name, Number(code) as BlendCode]),
);
CODES.set('normal', 7);
CODES.set('pass through', 7);

/**
 * Every Photoshop mode has its code; 'lighter' (a premultiplied sum) is never chosen for linear
 * dodge, which Photoshop computes on straight colour. Dissolve draws as normal (inexact).
 */
export function blendCodeForPsd(mode: string | undefined): { code: BlendCode; exact: boolean } {
  const code = CODES.get((mode ?? 'normal').toLowerCase());
  return code ? { code, exact: true } : { code: 7, exact: false };
}
