/**
 * Account & Settings (/my-account?tabname=…): profile, password, connected stores, the
 * pricing rule, currency & tax, and shipping defaults & IOSS. The tab lives in the URL so "Setting" and links can open a given tab.
 */
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_TABS, nextTab, tabFromQuery, type AccountTab } from './tabs';
import { ProfileTab } from './ProfileTab';
import { PasswordTab } from './PasswordTab';
import { StoresTab } from './StoresTab';
import { PricingTab } from './PricingTab';
import { CurrencyTaxTab } from './CurrencyTaxTab';
import { ShippingTab } from './ShippingTab';
import '../../styles/account.css';

export function AccountPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tabname'));
  const refs = useRef<Partial<Record<AccountTab, HTMLButtonElement | null>>>({});

  const open = (name: AccountTab, focus = false) => {
    setParams(
      (p) => {
        p.set('tabname', name);
        return p;
      },
      { replace: true },
    );
    if (focus) refs.current[name]?.focus();
  };

  return (
    <div className="account-page">
      <h1>Account &amp; Settings</h1>
      <div
        role="tablist"
        aria-label="Account settings"
        className="account-tabs"
        onKeyDown={(e) => {
          const to = nextTab(tab, e.key);
          if (to) {
            e.preventDefault();
            open(to, true);
          }
        }}
      >
        {ACCOUNT_TABS.map((t) => (
          <button
            key={t.name}
            ref={(el) => {
              refs.current[t.name] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.name}`}
            aria-selected={tab === t.name}
            aria-controls={`panel-${t.name}`}
            tabIndex={tab === t.name ? 0 : -1}
            className={tab === t.name ? 'active' : undefined}
            onClick={() => open(t.name)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="account-panel" tabIndex={0}>
        {tab === 'profile' && <ProfileTab />}
        {tab === 'password' && <PasswordTab />}
        {tab === 'stores' && <StoresTab />}
        {tab === 'pricing_rules' && <PricingTab />}
        {tab === 'currency' && <CurrencyTaxTab />}
        {tab === 'shipping' && <ShippingTab />}
      </div>
    </div>
  );
}
