/** The merchant's unread message count, shared by the header badge and the /notification page. */
import { proxy } from 'valtio';
import { messageApi } from '../../api/account';

export const unread = proxy({ count: 0 });

export async function refreshUnread(): Promise<void> {
  const res = await messageApi.unreadCount();
  if (res.code === 200 && typeof res.data === 'number') unread.count = res.data;
}
