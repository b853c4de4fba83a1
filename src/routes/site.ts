/**
 * Which site a window gets: the mobile site (under /mobile) on windows up to the mobile
 * breakpoint, the desktop site above it. Chosen before the router starts, so a phone never paints
 * the desktop page first, and again whenever the window crosses the breakpoint.
 *
 * Width is read through a media query, not `innerWidth`: on a phone a page wider than the screen
 * makes the browser zoom out, and `innerWidth` then reports the page's width (about 1100 px for
 * the desktop header), so a width test on it never picks the mobile site.
 */
import { MOBILE_BREAKPOINT_PX } from '../../contract/constants';

/** Paths with a mobile variant under /mobile; other paths are shared by both sites. */
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

const isMobilePath = (pathname: string) => pathname === '/mobile' || pathname.startsWith('/mobile/');

/** The desktop path a mobile path stands for ('/mobile/login' → '/login', '/mobile' → '/'). */
export function desktopPathOf(pathname: string): string {
  return isMobilePath(pathname) ? pathname.slice('/mobile'.length) || '/' : pathname;
}

/** The mobile path of a desktop path that has one, else null. */
export function mobilePathOf(pathname: string): string | null {
  if (isMobilePath(pathname)) return pathname;
  return MOBILE_PATHS.some((re) => re.test(pathname)) ? `/mobile${pathname === '/' ? '' : pathname}` : null;
}

/** Where a window of this width belongs when it is at `pathname`; null when it is there already. */
export function sitePathFor(pathname: string, narrow: boolean): string | null {
  if (narrow) {
    const mobile = mobilePathOf(pathname);
    return mobile && mobile !== pathname ? mobile : null;
  }
  return isMobilePath(pathname) ? desktopPathOf(pathname) : null;
}

/** Whether the window is at or under the mobile breakpoint (its layout width, zoom aside). */
export const isNarrowWindow = (win: Pick<Window, 'matchMedia'> = window): boolean => win.matchMedia(NARROW_QUERY).matches;

/** Moves the address to the window's site before anything renders (history.replaceState, no reload). */
export function chooseSite(win: Pick<Window, 'location' | 'history' | 'matchMedia'> = window): void {
  const target = sitePathFor(win.location.pathname, isNarrowWindow(win));
  if (target) win.history.replaceState(win.history.state, '', `${target}${win.location.search}${win.location.hash}`);
}

/**
 * The canonical address of a page (its desktop address) and, for a page with a mobile variant,
 * that variant's address, for the page head: search engines then treat the two as one page.
 */
export function siteLinks(origin: string, pathname: string): { canonical: string; mobile: string | null } {
  const desktop = desktopPathOf(pathname);
  const mobile = mobilePathOf(desktop);
  return { canonical: origin + desktop, mobile: mobile ? origin + mobile : null };
}
