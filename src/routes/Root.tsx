import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Toasts, LoadingBar } from '../components/Toasts';
import { GlobalDialogs } from '../components/GlobalDialogs';
import { useRouteTitle } from '../layouts/Layouts';
import { adoptToken, refreshSession } from '../state/session';
import { handedToken } from '../api/handoff';
import { safeRedirect } from './safe-redirect';
import { CONFIGURED_MOBILE_HOST, NARROW_QUERY, isNarrowWindow, siteLinks, siteMove } from './site';

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
    // The first choice was made before the router started (main.tsx); this follows the window
    // across the breakpoint (a rotated tablet, a resized desktop window).
    const check = () => {
      const move = siteMove(new URL(window.location.href), isNarrowWindow(), CONFIGURED_MOBILE_HOST);
      if (move && 'href' in move) window.location.replace(move.href);
      else if (move) navigate(move.path, { replace: true });
    };
    const narrow = window.matchMedia(NARROW_QUERY);
    narrow.addEventListener('change', check);
    return () => narrow.removeEventListener('change', check);
  }, [navigate]);

  useEffect(() => {
    const links = siteLinks(new URL(window.location.href));
    setHeadLink('canonical', links.canonical);
    setHeadLink('alternate', links.mobile, `only screen and ${NARROW_QUERY}`);
  }, [location.pathname]);

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

/** Sets (or, with no address, removes) the page head's `<link rel>` of that kind. */
function setHeadLink(rel: 'canonical' | 'alternate', href: string | null, media?: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  link.href = href;
  if (media) link.media = media;
}
