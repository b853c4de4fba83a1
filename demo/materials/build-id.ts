/**
 * The build id of a generated material library: generator version, seed, counts and sizes. Every
 * material URL carries it (server/materials/paths.ts), so a different seed or size gets new URLs
 * and never a stale cached picture.
 */
import { hash32 } from '../prng';

/** Bump when a drawing changes: a new build replaces the old files and URLs. */
export const MATERIALS_VERSION = 1;

export interface BuildKey {
  seed: string;
  materialCount: number;
  backgroundCount: number;
  clipartSize: number;
  backgroundSize: number;
}

export function materialsBuildId(k: BuildKey): string {
  return `v${MATERIALS_VERSION}-${hash32(k.seed).toString(36)}-${k.materialCount}x${k.backgroundCount}-${k.clipartSize}-${k.backgroundSize}`;
}

export const BUILD_RE = /^v\d+-[0-9a-z]+-\d+x\d+-\d+-\d+$/;
