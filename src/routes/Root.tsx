import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Toasts, LoadingBar } from '../components/Toasts';
import { GlobalDialogs } from '../components/GlobalDialogs';
import { useRouteTitle } from '../layouts/Layouts';
import { adoptToken, refreshSession } from '../state/session';
import { handedToken } from '../api/handoff';
import { MOBILE_PATHS } from './table';
import { safeRedirect } from './safe-redirect';
import { MOBILE_BREAKPOINT_PX } from '../../contract/constants';

/** App-wide effects: session check, the podToken hand-off, titles and the mobile switch. */
export function Root() {
  const title = useRouteTitle();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useEffect(() => {
    document.title = `${title} | POD Studio`;
  }, [title]);

  useEffect(() => {
    // Taken out of the address bar by main.tsx (api/handoff.ts) before the router started.
    const podToken = handedToken('podToken');
    if (podToken) {
      void adoptToken(podToken).then((ok) => navigate(ok ? safeRedirect(params.get('link')) : '/login', { replace: true }));
    } else {
      void refreshSession();
    }
    // Only on first load: later navigations keep the session the app already knows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const check = () => {
      const narrow = window.innerWidth <= MOBILE_BREAKPOINT_PX;
      const path = location.pathname;
      if (narrow && !path.startsWith('/mobile') && MOBILE_PATHS.some((re) => re.test(path))) {
        navigate(`/mobile${path === '/' ? '' : path}${location.search}`, { replace: true });
      } else if (!narrow && path.startsWith('/mobile')) {
        navigate(`${path.slice('/mobile'.length) || '/'}${location.search}`, { replace: true });
      }
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [location.pathname, location.search, navigate]);

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <LoadingBar />
      <Outlet />
      <ScrollRestoration />
      <GlobalDialogs />
      <Toasts />
    </>
  );
}
