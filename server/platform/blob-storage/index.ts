import type { Config } from '../config';
import { localBlobStorage } from './local';
import { ossBlobStorage } from './oss';
import type { BlobStorage } from './types';

export function createBlobStorage(config: Config): BlobStorage {
  return config.oss ? ossBlobStorage(config.oss) : localBlobStorage(config.dataDir);
}
export type { BlobStorage } from './types';
