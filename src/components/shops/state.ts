/**
 * State of the store dialogs any page can open (mounted once by StoreDialogs in GlobalDialogs),
 * and of the push queue the push button and the queue panel share.
 */
import { proxy } from 'valtio';
import type { PushQueueItem } from '../../../contract/shops';

export type StoreAuthMode = 1 | 2;

export const storeDialogs = proxy({
  /** The store authorisation dialog: type 1 manual, 2 automatic, with the store name. */
  auth: null as null | { type: StoreAuthMode; storeName: string },
  /** The old private-token prompt: 'Upgrade Now' or Cancel. */
  upgrade: false,
});

/** Opens the store authorisation dialog; mode 2 needs the store it re-authorises. */
export function openStoreAuth(type: StoreAuthMode, storeName = ''): void {
  storeDialogs.auth = { type: type === 2 && storeName ? 2 : 1, storeName };
}

export const pushQueue = proxy({
  items: [] as PushQueueItem[],
  /** null until the first load answered. */
  loaded: false,
  /** Bumped by a push so a mounted queue panel reloads at once. */
  version: 0,
});

export function queueChanged(): void {
  pushQueue.version++;
}
