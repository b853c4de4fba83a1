import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStorage } from './types';
import { KEY_RE } from './object-key';

export const LOCAL_FILES_PREFIX = '/prod-api/storage';

/** Files under DATA_DIR/files, served by the API at /prod-api/storage/{key}. */
export function localBlobStorage(dataDir: string): BlobStorage {
  const root = path.join(dataDir, 'files');
  const fileOf = (key: string) => {
    // Keys come from uploadKey; the pattern check keeps a crafted key from leaving the root.
    if (!KEY_RE.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async read(key) {
      if (!KEY_RE.test(key)) return null;
      return readFile(fileOf(key)).catch(() => null);
    },
    async remove(keys) {
      await Promise.all(keys.filter((k) => KEY_RE.test(k)).map((k) => rm(fileOf(k), { force: true })));
    },
    publicUrl: (key) => `${LOCAL_FILES_PREFIX}${key}`,
  };
}
