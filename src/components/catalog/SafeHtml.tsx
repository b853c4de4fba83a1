/**
 * A product's bodyHtml as React elements, keeping only text and a few harmless tags (no
 * attributes, no scripts, no links): product text may one day come from merchants' stores.
 */
import { createElement, useMemo, type ReactNode } from 'react';

const ALLOWED = new Set(['p', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'br', 'h3', 'h4']);

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  const children = Array.from(node.childNodes).map((c, i) => convert(c, `${key}.${i}`));
  if (!ALLOWED.has(tag)) return children;
  return tag === 'br' ? createElement('br', { key }) : createElement(tag, { key }, ...children);
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return Array.from(doc.body.childNodes).map((n, i) => convert(n, String(i)));
  }, [html]);
  return <div className={className}>{content}</div>;
}
