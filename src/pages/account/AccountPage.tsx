/**
 * Account & Settings (/my-account?tabname=…): profile, password, connected stores, the
 * pricing rule, currency & tax, and shipping defaults & IOSS. The tab lives in the URL so "Setting" and links can open a given tab.
 */
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_TABS, tabFromQuery, type AccountTab } from './tabs';
import { Tabs } from '../../ui/Tabs';
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

  const open = (name: AccountTab) => {
    setParams(
      (p) => {
        p.set('tabname', name);
        return p;
      },
      { replace: true },
    );
  };

  return (
    <div className="account-page">
      <h1>Account &amp; Settings</h1>
      <Tabs label="Account settings" value={tab} onValueChange={open} items={ACCOUNT_TABS.map((t) => ({ value: t.name, label: t.label }))}>
        <div className="account-panel">
          {tab === 'profile' && <ProfileTab />}
          {tab === 'password' && <PasswordTab />}
          {tab === 'stores' && <StoresTab />}
          {tab === 'pricing_rules' && <PricingTab />}
          {tab === 'currency' && <CurrencyTaxTab />}
          {tab === 'shipping' && <ShippingTab />}
        </div>
      </Tabs>
    </div>
  );
}
