import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import { LOGIN_REDIRECT_DELAY_MS } from '../../contract/constants';

/**
 * Login-required routes: a logged-out visitor sees why, and about 1 s later goes to
 * /login?redirect={path}, so logging in brings them back.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const snap = useSnapshot(session);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (snap.loggedIn !== false) return;
    const target = `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    const t = setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [snap.loggedIn, location.pathname, location.search, navigate]);
  if (snap.loggedIn === null)
    return (
      <div className="page-loading" role="status">
        Loading…
      </div>
    );
  if (!snap.loggedIn)
    return (
      <div className="page-loading" role="status">
        Please log in to continue. Taking you to the login page…
      </div>
    );
  return <>{children}</>;
}
