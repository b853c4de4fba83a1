/**
 * Object keys for uploads: /CustomizedImages/{userId}/{date}/ with a random
 * 32-character name; path type 1 uses /customizedTemplate/customImages/…; branded photo users
 * (photoUserType 1) use /CustomizedImages/imagePhoto/…; thumbnails add a _thumbnail suffix.
 */
import { randomInt } from 'node:crypto';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const randomName = (length = 32): string => Array.from({ length }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** YYYY-MM-DD, or YYYYMMDD when dateType is 1 (UTC, so every instance names a day alike). */
export function dateSegment(now: Date, dateType = 0): string {
  const iso = now.toISOString().slice(0, 10);
  return dateType === 1 ? iso.replace(/-/g, '') : iso;
}

export interface KeyOptions {
  userId: number;
  ext: string;
  now?: Date;
  pathType?: number;
  dateType?: number;
  photoUserType?: number;
}

export function uploadKey(o: KeyOptions): string {
  const date = dateSegment(o.now ?? new Date(), o.dateType);
  const folder =
    o.pathType === 1
      ? `/customizedTemplate/customImages/${o.userId}`
      : o.photoUserType === 1
        ? `/CustomizedImages/imagePhoto/${o.userId}`
        : `/CustomizedImages/${o.userId}`;
  return `${folder}/${date}/${randomName()}.${o.ext}`;
}

export function withSuffix(key: string, suffix: string, ext?: string): string {
  const dot = key.lastIndexOf('.');
  const base = dot > key.lastIndexOf('/') ? key.slice(0, dot) : key;
  const oldExt = dot > key.lastIndexOf('/') ? key.slice(dot + 1) : '';
  return `${base}${suffix}.${ext ?? oldExt}`;
}
