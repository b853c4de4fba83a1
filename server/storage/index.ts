import type { Config } from '../config';
import { localStore } from './local-store';
import { ossStore } from './oss-store';
import type { BlobStore } from './store';

export function createStore(config: Config): BlobStore {
  return config.oss ? ossStore(config.oss) : localStore(config.dataDir);
}
export type { BlobStore } from './store';
