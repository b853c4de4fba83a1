/**
 * Where catalogue files live on disk and the URLs they are served under. A build id names the
 * image set (generator version and image size); it is part of every URL, so files can be cached
 * as immutable and a new generator version gets new URLs instead of stale browser caches.
 */
import path from 'node:path';

/** The API prefix (server/app.ts API_PREFIX) plus the files route; kept literal to avoid an import cycle. */
export const FILES_URL_PREFIX = '/prod-api/files/catalog';

/** Bump when drawings, photography or templates change: a new build replaces the old files. */
export const GENERATOR_VERSION = 5;

export function buildId(imageSize: number): string {
  return `v${GENERATOR_VERSION}-${imageSize}`;
}

export function catalogRoot(dataDir: string): string {
  return path.join(dataDir, 'catalog');
}

export function buildDir(dataDir: string, build: string): string {
  return path.join(catalogRoot(dataDir), build);
}

export function fileUrl(build: string, ...segments: string[]): string {
  return [FILES_URL_PREFIX, build, ...segments].join('/');
}

/** A colour version of a view photo; made on first request (server/catalog/files.ts). */
export function tintName(viewId: string, hex: string): string {
  return `${viewId}-${hex.replace('#', '').toUpperCase()}.jpg`;
}

export const TINT_NAME_RE = /^([a-z0-9-]+)-([0-9A-F]{6})\.jpg$/;

export function iconName(slug: string): string {
  return `${slug}.png`;
}

export function flatOutlineName(flatId: string): string {
  return `flat-${flatId}.png`;
}

export const MARKER_FILE = 'build.json';
