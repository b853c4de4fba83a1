/**
 * Photoshop's preset warps (arc, flag, inflate…) as the 16 control points of a bicubic patch.
 * The styles are recognised so a document using one gets a clear message; their meshes are
 * not generated here yet.
 */
import type { Vec2 } from './types';

const PRESETS = ['arc', 'arcLower', 'arcUpper', 'arch', 'bulge', 'shellLower', 'shellUpper', 'flag', 'wave', 'fish', 'rise', 'fisheye', 'inflate', 'squeeze', 'twist', 'cylinder'] as const;
export type WarpPresetStyle = (typeof PRESETS)[number];
export interface WarpPresetParams { bend: number; horizontal: number; vertical: number; orientation: 'horizontal' | 'vertical'; values?: readonly number[] }
export interface Rect { x: number; y: number; width: number; height: number }

export function isWarpPreset(style: string): style is WarpPresetStyle {
  return (PRESETS as readonly string[]).includes(style);
}

/** 16 control points (row-major 4x4) in the warp frame, for the source rectangle `bounds`. */
export function presetWarpPoints(style: WarpPresetStyle, _params: WarpPresetParams, _bounds: Rect): Vec2[] {
  throw new Error(`warp style '${style}' is a Photoshop preset this engine does not draw yet; convert it to a custom warp in Photoshop`);
}
