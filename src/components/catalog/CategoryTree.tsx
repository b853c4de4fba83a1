/** The catalogue sidebar's tree: categories with counts, each opening onto its subcategories. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MenuCategory } from './useCatalog';

export interface TreeNode {
  key: string;
  label: string;
  /** No link: the row only opens and closes its children (a group with no page of its own). */
  to?: string;
  count: number | null;
  active: boolean;
  children?: TreeNode[];
}

function Count({ n }: { n: number | null }) {
  return n === null ? null : (
    <span className="count" aria-label={`${n} products`}>
      {n}
    </span>
  );
}

function Node({ node }: { node: TreeNode }) {
  const hasChildren = (node.children?.length ?? 0) > 0;
  const childActive = node.children?.some((c) => c.active) ?? false;
  const [open, setOpen] = useState(node.active || childActive);
  useEffect(() => {
    if (node.active || childActive) setOpen(true);
  }, [node.active, childActive]);
  const listId = `tree-${node.key}`;
  return (
    <li className={node.active && !childActive ? 'current' : undefined}>
      <div className="tree-row">
        {node.to === undefined ? (
          <button type="button" className="tree-group" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
            <span className="tree-label">{node.label}</span> <Count n={node.count} />
          </button>
        ) : (
          <Link to={node.to} aria-current={node.active && !childActive ? 'page' : undefined}>
            <span className="tree-label">{node.label}</span> <Count n={node.count} />
          </Link>
        )}
        {hasChildren && node.to !== undefined && (
          <button
            type="button"
            className="tree-toggle"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={`${open ? 'Hide' : 'Show'} ${node.label} subcategories`}
            onClick={() => setOpen((o) => !o)}
          >
            <svg
              width="14"
              height="14"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2.2}
              aria-hidden="true"
              focusable="false"
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </button>
        )}
      </div>
      {hasChildren && open && (
        <ul id={listId}>
          {node.children?.map((c) => (
            <li key={c.key} className={c.active ? 'current' : undefined}>
              <Link to={c.to ?? '#'} aria-current={c.active ? 'page' : undefined}>
                <span className="tree-label">{c.label}</span> <Count n={c.count} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function CategoryTree({ title, nodes }: { title: string; nodes: readonly TreeNode[] }) {
  return (
    <nav className="cat-tree" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {nodes.map((n) => (
          <Node key={n.key} node={n} />
        ))}
      </ul>
    </nav>
  );
}

/** The all-products tree: every category (hot sellers second), with the current one opened. */
export function allProductsTree(
  categories: readonly MenuCategory[],
  base: string,
  search: string,
  current: { category?: string | undefined; subcategory?: string | undefined },
): TreeNode[] {
  const menu = categories.filter((c) => c.inMenu);
  const hot = categories.find((c) => !c.inMenu);
  const total = menu.every((c) => c.count !== null) ? menu.reduce((n, c) => n + (c.count ?? 0), 0) : null;
  const nodes: TreeNode[] = [
    { key: 'all', label: 'All products', to: `${base}/all-products${search}`, count: total, active: !current.category },
  ];
  if (hot)
    nodes.push({
      key: hot.slug,
      label: hot.title,
      to: `${base}${hot.path}${search}`,
      count: hot.count,
      active: current.category === hot.slug,
    });
  for (const c of menu) {
    nodes.push({
      key: c.slug,
      label: c.title,
      to: `${base}${c.path}${search}`,
      count: c.count,
      active: current.category === c.slug,
      children: c.subs.map((s) => ({
        key: `${c.slug}--${s.slug}`,
        label: s.title,
        to: `${base}${s.path}${search}`,
        count: s.count,
        active: current.category === c.slug && current.subcategory === s.slug,
      })),
    });
  }
  return nodes;
}
