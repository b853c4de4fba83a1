/**
 * Session tokens handed over in the address bar: `podToken` on any page (a login link) and
 * `token` on /auth/eprolo (the sister platform's hand-off). Both are taken out of the URL before
 * the router or anything else reads it, so the token does not stay in the address bar, the
 * history, bookmarks or later Referer headers; the page then trades it for this site's session
 * cookie with a POST (adoptToken → POST /api/user/session with an Authorization header).
 * See docs/security.md.
 */
const HANDED: readonly { param: string; path?: RegExp }[] = [
  { param: 'podToken' },
  { param: 'token', path: /^(\/mobile)?\/auth\/eprolo\/?$/ },
];

const taken = new Map<string, string>();

/** Moves the hand-off tokens from the address bar into memory (history.replaceState). Call once, first. */
export function takeHandedTokens(win: Pick<Window, 'location' | 'history'> = window): void {
  const url = new URL(win.location.href);
  let changed = false;
  for (const { param, path } of HANDED) {
    if (!url.searchParams.has(param) || (path && !path.test(url.pathname))) continue;
    const value = url.searchParams.get(param) ?? '';
    if (value) taken.set(param, value);
    url.searchParams.delete(param);
    changed = true;
  }
  if (changed) win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The token handed over as `param` when the page loaded, if any. */
export function handedToken(param: 'podToken' | 'token'): string | null {
  return taken.get(param) ?? null;
}
