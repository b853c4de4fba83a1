import type { RouteObject } from 'react-router-dom';

/**
 * The route table as the mobile host serves it: the mobile site's pages at the root (its layouts
 * and their children, '/mobile' dropped), ahead of the shared pages so that a path both sites
 * have (/login, /all-products/...) shows the mobile page; dashboard, cart and other shared pages
 * stay as they are.
 */
export function mobileHostRoutes(table: readonly RouteObject[]): RouteObject[] {
  const mobile = table.find((r) => r.path === '/mobile');
  if (!mobile) return [...table];
  return [...(mobile.children ?? []), ...table.filter((r) => r !== mobile)];
}
