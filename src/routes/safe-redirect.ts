/**
 * Where to go after a login or a hand-off, from a `redirect`/`link` query parameter: only a path
 * of this site is followed, so a crafted link cannot send a merchant to another site.
 *
 * Browsers are lenient with what they are given: they read `\` as `/` and drop tabs and newlines
 * anywhere in a URL, so `/\evil.example`, `/\t/evil.example` and `\/evil.example` all mean
 * `//evil.example`. Anything with a backslash or a control character is refused outright, and the
 * rest must resolve, as the browser resolves it, to this site.
 */
const UNSAFE_CHARS = /[\\\u0000-\u001f\u007f]/;
const SAME = 'https://same-site.invalid';

export function safeRedirect(target: string | null, fallback = '/dashboard'): string {
  if (!target || UNSAFE_CHARS.test(target) || !target.startsWith('/') || target.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(target, SAME);
  } catch {
    return fallback;
  }
  return url.origin === SAME ? `${url.pathname}${url.search}${url.hash}` : fallback;
}
