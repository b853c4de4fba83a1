/**
 * The tabs of Account & Settings and their `tabname` query values. profile, pricing_rules and
 * currency are the values links to this page already use; password, stores and shipping were added here.
 * An unknown value opens Profile.
 */
export const ACCOUNT_TABS = [
  { name: 'profile', label: 'Profile' },
  { name: 'password', label: 'Password' },
  { name: 'stores', label: 'Stores' },
  { name: 'currency', label: 'Currency & Tax' },
  { name: 'shipping', label: 'Shipping & IOSS' },
  { name: 'pricing_rules', label: 'Pricing' },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]['name'];

export function tabFromQuery(value: string | null): AccountTab {
  return ACCOUNT_TABS.find((t) => t.name === value)?.name ?? 'profile';
}

/** Arrow keys move between tabs (WAI-ARIA tabs pattern), wrapping at both ends; Home/End jump. */
export function nextTab(current: AccountTab, key: string): AccountTab | null {
  const i = ACCOUNT_TABS.findIndex((t) => t.name === current);
  const n = ACCOUNT_TABS.length;
  const to = key === 'ArrowRight' ? (i + 1) % n : key === 'ArrowLeft' ? (i - 1 + n) % n : key === 'Home' ? 0 : key === 'End' ? n - 1 : -1;
  return to < 0 ? null : ACCOUNT_TABS[to]!.name;
}
