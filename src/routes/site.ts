/**
 * Which site a window gets: the mobile site on windows up to the mobile breakpoint, the desktop
 * site above it. Chosen before the router starts, so a phone never paints the desktop page first,
 * and again whenever the window crosses the breakpoint.
 *
 * The mobile site lives in one of two places:
 * - on the mobile host (a host name beginning with "m.", e.g. m.pod.example), where its pages
 *   are served at the root and the desktop host is the same name without "m.";
 * - under /mobile on the desktop host, where no mobile host is set up (VITE_MOBILE_HOST unset at
 *   build, as in development and tests).
 *
 * Width is read through a media query, not `innerWidth`: on a phone a page wider than the screen
 * makes the browser zoom out, and `innerWidth` then reports the page's width (about 1100 px for
 * the desktop header), so a width test on it never picks the mobile site.
 */
import { MOBILE_BREAKPOINT_PX } from '../../contract/constants';

/** Paths with a mobile variant; other paths are shared by both sites. */
export const MOBILE_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/login$/,
  /^\/register$/,
  /^\/branding-project$/,
  /^\/contact-us$/,
  /^\/policy\//,
  /^\/reset-password\//,
  /^\/all-products/,
];

export const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** The mobile host this build was configured with (e.g. "m.pod.example"), or null. */
export const CONFIGURED_MOBILE_HOST: string | null = (import.meta.env.VITE_MOBILE_HOST as string | undefined) || null;

export const isMobileHost = (hostname: string): boolean => hostname.startsWith('m.');
const desktopHostOf = (host: string): string => host.replace(/^m\./, '');

const isPrefixed = (pathname: string) => pathname === '/mobile' || pathname.startsWith('/mobile/');

/** The desktop path a mobile path stands for ('/mobile/login' → '/login', '/mobile' → '/'). */
export function desktopPathOf(pathname: string): string {
  return isPrefixed(pathname) ? pathname.slice('/mobile'.length) || '/' : pathname;
}

const hasMobileVariant = (desktopPath: string) => MOBILE_PATHS.some((re) => re.test(desktopPath));
const prefixed = (desktopPath: string) => `/mobile${desktopPath === '/' ? '' : desktopPath}`;

/** The mobile path of a desktop path that has one (under /mobile), else null. */
export function mobilePathOf(pathname: string): string | null {
  if (isPrefixed(pathname)) return pathname;
  return hasMobileVariant(pathname) ? prefixed(pathname) : null;
}

/** Where a window of this width belongs when it is at `pathname` on the desktop host without a mobile host; null when there. */
export function sitePathFor(pathname: string, narrow: boolean): string | null {
  if (narrow) {
    const mobile = mobilePathOf(pathname);
    return mobile && mobile !== pathname ? mobile : null;
  }
  return isPrefixed(pathname) ? desktopPathOf(pathname) : null;
}

/**
 * Where a window belongs: `path` (a new path on this host, no reload) or `href` (another host),
 * or null when it is where it belongs.
 */
export type SiteMove = { path: string } | { href: string } | null;

export function siteMove(url: URL, narrow: boolean, mobileHost: string | null): SiteMove {
  const rest = `${url.search}${url.hash}`;
  const port = url.port ? `:${url.port}` : '';
  if (isMobileHost(url.hostname)) {
    const desktopPath = desktopPathOf(url.pathname);
    if (!narrow) return { href: `${url.protocol}//${desktopHostOf(url.hostname)}${port}${desktopPath}${rest}` };
    return desktopPath !== url.pathname ? { path: `${desktopPath}${rest}` } : null;
  }
  if (narrow && mobileHost && hasMobileVariant(desktopPathOf(url.pathname))) {
    return { href: `${url.protocol}//${mobileHost}${port}${desktopPathOf(url.pathname)}${rest}` };
  }
  const path = sitePathFor(url.pathname, narrow);
  return path ? { path: `${path}${rest}` } : null;
}

/** Whether the window is at or under the mobile breakpoint (its layout width, zoom aside). */
export const isNarrowWindow = (win: Pick<Window, 'matchMedia'> = window): boolean => win.matchMedia(NARROW_QUERY).matches;

/** Moves to the window's site before anything renders: a new path in place (no reload), or the other host. */
export function chooseSite(win: Pick<Window, 'location' | 'history' | 'matchMedia'> = window, mobileHost = CONFIGURED_MOBILE_HOST): void {
  const move = siteMove(new URL(win.location.href), isNarrowWindow(win), mobileHost);
  if (!move) return;
  if ('href' in move) win.location.replace(move.href);
  else win.history.replaceState(win.history.state, '', move.path);
}

/** A mobile page's address on this site: at the root on the mobile host, under /mobile elsewhere. */
export function mobileHref(desktopPath: string, hostname: string = window.location.hostname): string {
  return isMobileHost(hostname) ? desktopPath : prefixed(desktopPath);
}

/**
 * The canonical address of a page (its desktop address) and, for a page with a mobile variant,
 * that variant's address, for the page head: search engines then treat the two as one page.
 */
export function siteLinks(url: URL, mobileHost: string | null = CONFIGURED_MOBILE_HOST): { canonical: string; mobile: string | null } {
  const port = url.port ? `:${url.port}` : '';
  const onMobileHost = isMobileHost(url.hostname);
  const desktopOrigin = onMobileHost ? `${url.protocol}//${desktopHostOf(url.hostname)}${port}` : url.origin;
  const desktop = desktopPathOf(url.pathname);
  const canonical = desktopOrigin + desktop;
  if (!hasMobileVariant(desktop)) return { canonical, mobile: null };
  const mobileOrigin = onMobileHost ? url.origin : mobileHost ? `${url.protocol}//${mobileHost}${port}` : null;
  return { canonical, mobile: mobileOrigin ? mobileOrigin + desktop : url.origin + prefixed(desktop) };
}
