/** The dashboard top bar's way to /notification, with the unread count. */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { refreshUnread, unread } from './unread';

export function NotificationLink() {
  const userId = useSnapshot(session).user?.sShopUser.id;
  const { count } = useSnapshot(unread);
  useEffect(() => {
    if (userId) void refreshUnread();
  }, [userId]);
  if (!userId) return null;
  return (
    <Link to="/notification" className="notification-link" aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}>
      Notifications
      {count > 0 && (
        <span className="badge" aria-hidden>
          {count}
        </span>
      )}
    </Link>
  );
}
