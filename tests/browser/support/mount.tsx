/**
 * Mounts a React tree into the test page, and takes it down after each test of the file that
 * imports this (the hook is registered on import).
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

let root: Root | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
});

/** Renders `node` into a fresh element on the page; `sync` renders before returning. */
export function mount(node: ReactNode, opts: { sync?: boolean } = {}): { rerender: (next: ReactNode) => void } {
  host = document.createElement('div');
  document.body.append(host);
  const r = createRoot(host);
  root = r;
  const render = (n: ReactNode) => (opts.sync ? flushSync(() => r.render(n)) : r.render(n));
  render(node);
  return { rerender: render };
}
