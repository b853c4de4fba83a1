/**
 * The return from a store platform to /auth/{platform}: hand the query to the server once (its
 * state is single use), then act on what it answers: the store joined this account, the store's
 * owner is logged in, or the connection waits to be claimed by logging in or setting a password.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { storesApi } from '../../api/shops';
import { adoptToken, refreshSession, session } from '../../state/session';
import { toast } from '../../state/ui';
import { callbackKind, queryObject, shopifyQueryObject } from '../../components/shops/logic';
import { goTo } from '../../components/shops/connect';
import { claimPath } from './claim';
import type { ShopPlatform } from '../../../contract/shops';

export type FinishState = { phase: 'working' } | { phase: 'failed'; message: string } | { phase: 'idle' };

const NAMES: Record<ShopPlatform, string> = { shopify: 'Shopify', etsy: 'Etsy', woocommerce: 'WooCommerce' };

/** Queries already sent: React may mount twice in development and the state only works once. */
const sent = new Set<string>();

export function useConnectFinish(platform: ShopPlatform): FinishState {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useSnapshot(session).loggedIn;
  const kind = callbackKind(platform, params);
  const [state, setState] = useState<FinishState>(kind === 'invalid' ? { phase: 'idle' } : { phase: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // Which call finishes (bind to this account or connect now) depends on the session: wait for it.
    if (loggedIn === null || started.current || kind === 'invalid') return;
    started.current = true;
    const query = queryObject(params);
    const key = `${platform}?${params.toString()}`;
    if (sent.has(key)) return;
    sent.add(key);
    void (async () => {
      if (kind === 'denied') {
        setState({ phase: 'failed', message: `The ${NAMES[platform]} authorization was cancelled.` });
        return;
      }
      const res =
        kind === 'install'
          ? await storesApi.shopifyLaunch(shopifyQueryObject(params))
          : platform === 'shopify'
            ? await storesApi.shopifyFinish(shopifyQueryObject(params), loggedIn)
            : platform === 'etsy'
              ? await storesApi.etsyFinish(query, loggedIn)
              : await storesApi.wooFinish(query);
      const r = res.data;
      if (res.code !== 200 || !r) {
        setState({ phase: 'failed', message: res.msg });
        return;
      }
      // Opened from the Shopify admin by a store not connected yet: install it.
      if (r.status === 'authorize') {
        goTo(r.url);
        return;
      }
      if (r.status === 'claim') {
        navigate(claimPath(r), { replace: true });
        return;
      }
      const ok = r.status === 'login' && r.token ? await adoptToken(r.token) : await refreshSession();
      if (!ok) {
        setState({ phase: 'failed', message: res.msg });
        return;
      }
      toast('success', `Your ${NAMES[platform]} store is connected`);
      navigate(r.status === 'bound' ? '/my-account?tabname=stores' : '/dashboard', { replace: true });
    })();
  }, [loggedIn, kind, params, platform, navigate]);

  return state;
}
