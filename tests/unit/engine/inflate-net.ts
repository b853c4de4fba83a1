/**
 * The inflate(50) warp's control points as Photoshop placed them on a 1024 px source drawn at
 * 250x250: the measured document Photoshop cut 8x8 (engine/psd/README.md, "Tessellation").
 */
import type { Vec2 } from '../../../engine/geometry';

const third = 50 / 3;

export const INFLATE_NET: readonly Vec2[] = [
  [50, 50],
  [116.7, third],
  [183.3, third],
  [250, 50],
  [third, 116.7],
  [105.6, 105.6],
  [194.4, 105.6],
  [283.3, 116.7],
  [third, 183.3],
  [105.6, 194.4],
  [194.4, 194.4],
  [283.3, 183.3],
  [50, 250],
  [116.7, 283.3],
  [183.3, 283.3],
  [250, 250],
];
