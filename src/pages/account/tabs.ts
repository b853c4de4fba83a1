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
