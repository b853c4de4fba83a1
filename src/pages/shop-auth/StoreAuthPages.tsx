/**
 * The /auth/* pages of store connections (open routes): the return from Shopify, Etsy and
 * WooCommerce, store login (claim a connected store with an existing account), set password (claim
 * it with a new account, or an account's first password) and the sister-platform login.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Field } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { ConnectStoreForm } from '../../components/shops/AddStoreDialog';
import { StoreLoginForm } from './StoreLoginForm';
import { SetPasswordPage } from '../AuthPages';
import { safeRedirect } from '../../routes/safe-redirect';
import { storesApi } from '../../api/shops';
import { adoptToken, refreshSession, session } from '../../state/session';
import { handedToken } from '../../api/handoff';
import { toast } from '../../state/ui';
import { useConnectFinish } from './useConnectFinish';
import { setPasswordSchema } from '../../../contract/validation';
import type { ShopPlatform } from '../../../contract/shops';
import '../../styles/shops.css';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="auth-card store-auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {children}
    </section>
  );
}

function ConnectReturn({ platform, title }: { platform: ShopPlatform; title: string }) {
  const state = useConnectFinish(platform);
  return (
    <Card title={title}>
      {state.phase === 'working' && <p role="status">Connecting your store, please wait…</p>}
      {state.phase === 'failed' && (
        <>
          <div className="form-error" role="alert">
            {state.message}
          </div>
          <p>You can try again:</p>
          <ConnectStoreForm initial={platform} />
        </>
      )}
      {state.phase === 'idle' && <ConnectStoreForm initial={platform} />}
    </Card>
  );
}

export const ShopifyAuthPage = () => <ConnectReturn platform="shopify" title="Connect Shopify" />;
export const EtsyAuthPage = () => <ConnectReturn platform="etsy" title="Connect Etsy" />;
export const WooCommerceAuthPage = () => <ConnectReturn platform="woocommerce" title="Connect WooCommerce" />;

/**
 * A store connected without a login whose e-mail has an account: log in (the shared login form,
 * image code included), then the store joins that account. Already logged in: one click.
 */
export function StoreLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useSnapshot(session).loggedIn;
  const claim = params.get('claim') ?? '';
  const shop = params.get('shop') ?? '';
  const email = params.get('email') ?? '';
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!claim) {
    return (
      <Card title="Log in with your store">
        <p className="lead">Connect your store and we log you in to the POD Studio account it belongs to.</p>
        <ConnectStoreForm />
      </Card>
    );
  }
  const done = () => {
    toast('success', `${shop || 'The store'} is now connected to your account`);
    navigate('/my-account?tabname=stores', { replace: true });
  };
  async function takeStore() {
    setBusy(true);
    setError('');
    const res = await storesApi.claimForAccount(claim);
    if (res.code === 200 && (await refreshSession())) {
      done();
      return;
    }
    setBusy(false);
    setError(res.msg);
  }
  return (
    <Card title="Store login">
      <p className="lead">
        {shop ? (
          <>
            <strong>{shop}</strong> is connected.{' '}
          </>
        ) : null}
        {loggedIn ? 'Add it to the account you are logged in to.' : 'Log in to your POD Studio account to add the store to it.'}
      </p>
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      {loggedIn ? (
        <button type="button" className="btn primary block" disabled={busy} onClick={() => void takeStore()}>
          Add the store to my account
        </button>
      ) : (
        loggedIn === false && <StoreLoginForm claimToken={claim} email={email} onDone={done} />
      )}
    </Card>
  );
}

/** With a claim: create the account for a store connected without one. Otherwise the account's first password. */
export function StoreSetPasswordPage() {
  const [params] = useSearchParams();
  return params.get('claim') ? <ClaimWithPassword claim={params.get('claim') ?? ''} /> : <SetPasswordPage />;
}

function ClaimWithPassword({ claim }: { claim: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const shop = params.get('shop') ?? '';
  const email = params.get('email') ?? '';
  const f = useForm({ password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(setPasswordSchema)) return;
    setBusy(true);
    const res = await storesApi.claimBySetPassword({ claimToken: claim, ...f.values });
    // The server set the session cookies; the token it also answers is the podToken hand-off.
    if (res.code === 200 && (await (res.token ? adoptToken(res.token) : refreshSession()))) {
      toast('success', res.msg);
      navigate('/dashboard', { replace: true });
      return;
    }
    setBusy(false);
    f.setServerError(res.msg);
  }
  return (
    <Card title="Set your password">
      <p className="lead">
        {shop ? (
          <>
            <strong>{shop}</strong> is connected.{' '}
          </>
        ) : null}
        Create your POD Studio account
        {email ? (
          <>
            {' '}
            for <strong>{email}</strong>
          </>
        ) : null}
        : choose the password you will log in with.
      </p>
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Set password">
        <Field label="Password" type="password" autoComplete="new-password" {...f.bind('password')} />
        <Field label="Confirm password" type="password" autoComplete="new-password" {...f.bind('confirmPassword')} />
        {f.serverError && (
          <div className="form-error" role="alert">
            {f.serverError}
          </div>
        )}
        <button type="submit" className="btn primary block" disabled={busy}>
          Save password
        </button>
        <div className="auth-links">
          <span>Already have an account?</span> <Link to={`/auth/store-login?${params.toString()}`}>Log in</Link>
        </div>
      </form>
    </Card>
  );
}

/**
 * The sister platform's login hand-off: it opens this page with the merchant's session token
 * (`?token=`, the only carrier a cross-site link has; main.tsx takes it out of the address bar at
 * once); we turn it into this site's session cookie with a POST and go on to the dashboard (or
 * the `link` path).
 */
export function EproloAuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useSnapshot(session).loggedIn;
  // Taken out of the address bar when the page loaded (api/handoff.ts).
  const token = handedToken('token') ?? '';
  const [failed, setFailed] = useState(false);
  const done = useRef(false);
  useEffect(() => {
    // Wait for the app's first session check: it would drop a token adopted while it runs.
    if (!token || done.current || loggedIn === null) return;
    done.current = true;
    void adoptToken(token).then((ok) => (ok ? navigate(safeRedirect(params.get('link')), { replace: true }) : setFailed(true)));
  }, [token, params, navigate, loggedIn]);
  return (
    <Card title="Dropshipping platform login">
      {token && !failed ? (
        <p role="status">Logging you in…</p>
      ) : (
        <>
          {failed && (
            <div className="form-error" role="alert">
              The login link has expired. Please log in again.
            </div>
          )}
          {loggedIn ? (
            <p>
              You are logged in. <Link to="/dashboard">Go to your dashboard</Link>
            </p>
          ) : (
            <p>
              Log in to POD Studio to continue. <Link to="/login">Log in</Link>
            </p>
          )}
        </>
      )}
    </Card>
  );
}
