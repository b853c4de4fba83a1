/**
 * The cover picture of an article without one of its own: an SVG drawn from its title and
 * category (1200 x 630, the size link previews use). The category picks the colours; the title
 * is wrapped into at most three lines. Every text is escaped: an SVG is XML.
 */
import type { BlogSummary } from '../../contract/blog';

/** Background and accent per category; white text on each background reaches 4.5:1. */
const PALETTE: Record<string, { bg: string; accent: string; shape: string }> = {
  'getting-started': { bg: '#9a3412', accent: '#fdba74', shape: '#c2410c' },
  stores: { bg: '#1e3a8a', accent: '#93c5fd', shape: '#1d4ed8' },
  'orders-shipping': { bg: '#14532d', accent: '#86efac', shape: '#15803d' },
  design: { bg: '#581c87', accent: '#d8b4fe', shape: '#7e22ce' },
  branding: { bg: '#1d2433', accent: '#fcd34d', shape: '#374151' },
};
const FALLBACK = { bg: '#1d2433', accent: '#fdba74', shape: '#374151' };

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Words into lines of about `width` characters (a longer word keeps its own line); past `maxLines` the last line ends in an ellipsis. */
export function wrapTitle(title: string, width = 20, maxLines = 4): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.:;]+$/, '')}…`;
  return kept;
}

export function coverSvg(article: Pick<BlogSummary, 'title' | 'category'>): string {
  const c = PALETTE[article.category.slug] ?? FALLBACK;
  const lines = wrapTitle(article.title);
  // The title keeps to the left 700 px, clear of the drawing on the right.
  const top = 330 - ((lines.length - 1) * 70) / 2;
  const title = lines
    .map((l, i) => `<text x="80" y="${top + i * 70}" font-size="56" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" font-family="system-ui, 'DejaVu Sans', Arial, sans-serif" role="img" aria-label="${escapeXml(article.title)}">`,
    `<rect width="1200" height="630" fill="${c.bg}"/>`,
    // A printed tee and a mug in outline: what the product makes, drawn in the category's colours.
    `<g fill="none" stroke="${c.shape}" stroke-width="14" stroke-linejoin="round">`,
    '<path d="M880 170 l70 -40 h80 q20 30 60 30 q40 0 60 -30 h80 l70 40 l-40 90 l-50 -20 v250 h-300 v-250 l-50 20 z" transform="translate(-90 0)"/>',
    '<rect x="960" y="470" width="120" height="110" rx="14"/><path d="M1080 495 q50 0 50 32 q0 32 -50 32"/>',
    '</g>',
    `<circle cx="1010" cy="290" r="58" fill="${c.accent}" opacity="0.9"/>`,
    `<rect x="80" y="90" width="${Math.min(520, 40 + article.category.name.length * 18)}" height="48" rx="24" fill="${c.accent}"/>`,
    `<text x="104" y="122" font-size="26" font-weight="700" fill="#1d2433">${escapeXml(article.category.name)}</text>`,
    title,
    '<text x="80" y="560" font-size="28" fill="#ffffff" opacity="0.92">POD Studio blog</text>',
    '</svg>',
  ].join('');
}
