/**
 * The product description's HTML, cut down to a small safe set before it is stored: it is shown
 * on our pages and pushed to the merchant's Shopify/Etsy/WooCommerce store as it is.
 *
 * The output is rebuilt from scratch rather than edited: text is re-escaped, only allow-listed
 * tags are written (without attributes, except a checked href on <a>), tags are balanced, and
 * the content of script-like elements is dropped. So whatever the tokenizer misreads, it can only
 * come out as escaped text, never as markup.
 */

const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'span',
  'div',
  'a',
]);
const VOID = new Set(['br']);
/** Elements whose whole content goes, not just the tags. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
]);
const SAFE_HREF = /^(https?:\/\/|mailto:)[^\s"'<>`]+$/i;
const MAX_DEPTH = 50;

const escapeText = (s: string) =>
  s
    .replace(/&(?!(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Decodes the few entities a URL scheme could hide behind (&#106;avascript:). */
function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&amp;/gi, '&');
}

function hrefOf(attrs: string): string | null {
  const m = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
  if (!m) return null;
  const raw = decodeEntities(m[1] ?? m[2] ?? m[3] ?? '').replace(/[\u0000-\u001f\u007f\s]/g, '');
  return SAFE_HREF.test(raw) ? raw : null;
}

// A tag: <name attrs> or </name>; attribute values may hold '>' inside quotes.
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/y;

export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  let i = 0;
  let text = '';
  const flushText = () => {
    if (text && !dropping) out.push(escapeText(text));
    text = '';
  };
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    if (lt === -1) {
      text += input.slice(i);
      break;
    }
    text += input.slice(i, lt);
    // Comments, doctypes and processing instructions vanish entirely.
    if (input.startsWith('<!--', lt)) {
      const end = input.indexOf('-->', lt + 4);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    if (input[lt + 1] === '!' || input[lt + 1] === '?') {
      const end = input.indexOf('>', lt);
      i = end === -1 ? input.length : end + 1;
      continue;
    }
    TAG_RE.lastIndex = lt;
    const m = TAG_RE.exec(input);
    if (!m) {
      // A lone '<' is text.
      text += '<';
      i = lt + 1;
      continue;
    }
    i = lt + m[0].length;
    const closing = m[1] === '/';
    const name = m[2]!.toLowerCase();
    if (dropping) {
      text = '';
      if (closing && name === dropping) dropping = null;
      continue;
    }
    flushText();
    if (DROP_CONTENT.has(name)) {
      if (!closing && !m[0].endsWith('/>')) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (VOID.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    if (open.length >= MAX_DEPTH) continue;
    if (name === 'a') {
      const href = hrefOf(m[3] ?? '');
      out.push(href ? `<a href="${escapeAttr(href)}" rel="noopener noreferrer nofollow" target="_blank">` : '<a>');
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  flushText();
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('').trim();
}
