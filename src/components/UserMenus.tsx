/**
 * The user menus, loaded on first use: the site header's account menu (the user menu's links,
 * each in a new tab, and Log out) and the dashboard top bar's (Setting and Log out).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import { orderApi } from '../api/commerce';
import { userMenu } from '../nav';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '../ui/Menu';
import { LogoutConfirm } from './LogoutConfirm';

export function AccountMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const snap = useSnapshot(session);
  const [confirm, setConfirm] = useState(false);
  const [pending, setPending] = useState(0);
  const userId = snap.user?.sShopUser.id;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void orderApi.statistics().then((res) => {
      if (live && res.code === 200 && res.data) setPending(res.data.pendingOrder);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (!snap.user) return null;
  return (
    <>
      <Menu
        defaultOpen={defaultOpen}
        label="Account menu"
        button={
          <>
            <span className="avatar" aria-hidden>
              {snap.user.displayname.slice(0, 1).toUpperCase()}
            </span>{' '}
            <span className="account-name">{snap.user.displayname}</span>
          </>
        }
      >
        {userMenu.map((m) => (
          <MenuLink key={m.to}>
            <a href={m.to} target="_blank" rel="noopener">
              {m.label}
              {m.label === 'Orders' && pending > 0 ? (
                <span className="badge" aria-label={`${pending} pending`}>
                  {pending}
                </span>
              ) : null}
            </a>
          </MenuLink>
        ))}
        <MenuSeparator />
        <MenuItem onSelect={() => setConfirm(true)}>Log out</MenuItem>
      </Menu>
      <LogoutConfirm open={confirm} onClose={() => setConfirm(false)} />
    </>
  );
}

export function DashboardUserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const snap = useSnapshot(session);
  const [confirm, setConfirm] = useState(false);
  const user = snap.user;
  return (
    <>
      <Menu
        defaultOpen={defaultOpen}
        label="User menu"
        button={
          <>
            <span className="avatar" aria-hidden>
              {user?.displayname.slice(0, 1).toUpperCase()}
            </span>{' '}
            <span className="account-name">{user?.displayname}</span>
          </>
        }
      >
        <MenuLink>
          <Link to="/my-account?tabname=profile">Setting</Link>
        </MenuLink>
        <MenuItem onSelect={() => setConfirm(true)}>Log out</MenuItem>
      </Menu>
      <LogoutConfirm open={confirm} onClose={() => setConfirm(false)} />
    </>
  );
}
