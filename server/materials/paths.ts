/**
 * Where material files live and the URLs they are served under. They sit in a `materials`
 * folder inside the catalogue's file root, so the catalogue's file route
 * (server/catalog/files-routes.ts) serves them unchanged: safe paths, size presets, widths, year-long immutable
 * caching and ETags. The catalogue's own pruning only touches its `v<version>-<size>` folders.
 *
 * A build id (made by the generator, demo/materials/build-id.ts) names one image set; every URL
 * carries it, so a different seed or size gets new URLs and never a stale cached picture.
 */
import path from 'node:path';
import { FILES_URL_PREFIX, catalogRoot } from '../catalog/paths';

export const MATERIALS_FOLDER = 'materials';
export const CLIPART_FOLDER = 'clipart';
export const BACKGROUND_FOLDER = 'backgrounds';
export const MARKER_FILE = 'build.json';

/** Clip-art thumbnails: the product's image preset 1 (200 x 200, padded). */
export const CLIPART_THUMB = 200;
export const BACKGROUND_THUMB = 240;

export function materialsRoot(dataDir: string): string {
  return path.join(catalogRoot(dataDir), MATERIALS_FOLDER);
}

export function materialsBuildDir(dataDir: string, build: string): string {
  return path.join(materialsRoot(dataDir), build);
}

/**
 * File names use underscores: the catalogue route derives colour versions for names shaped like
 * '<view>-<RRGGBB>.jpg', and an underscore can never match that shape.
 */
export const clipartName = (id: number): string => `m_${String(id).padStart(4, '0')}.png`;
export const clipartThumbName = (id: number): string => `m_${String(id).padStart(4, '0')}_thumb.png`;
export const backgroundName = (id: number): string => `bg_${String(id).padStart(3, '0')}.jpg`;
export const backgroundThumbName = (id: number): string => `bg_${String(id).padStart(3, '0')}_thumb.jpg`;

export function materialUrl(build: string, folder: string, name: string): string {
  return [FILES_URL_PREFIX, MATERIALS_FOLDER, build, folder, name].join('/');
}
