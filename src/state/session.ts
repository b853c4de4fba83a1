/** Who is logged in. The token lives in an httpOnly cookie; the page only knows the user. */
import { proxy } from 'valtio';
import type { UserInfo } from '../../contract/api';
import { setBearer, setUnauthorizedHandler } from '../api/http';
import { userApi } from '../api/user';

export const session = proxy({
  /** null until the first check finished. */
  loggedIn: null as boolean | null,
  user: null as UserInfo | null,
});

const USER_KEY = 'pod.user';
const USER_TTL_MS = 7 * 24 * 3600 * 1000;

function remember(user: UserInfo | null): void {
  if (user) localStorage.setItem(USER_KEY, JSON.stringify({ user, at: Date.now() }));
  else localStorage.removeItem(USER_KEY);
}

function clearLocal(): void {
  remember(null);
  session.user = null;
  session.loggedIn = false;
  setBearer(null);
}

setUnauthorizedHandler(clearLocal);

const hasLoginFlag = () => document.cookie.split('; ').some((c) => c === 'pod_login=1');

/** Loads the user when the login flag says a session may exist; otherwise logged out at once. */
export async function refreshSession(): Promise<boolean> {
  if (!hasLoginFlag()) {
    clearLocal();
    return false;
  }
  const res = await userApi.getInfo();
  if (res.code === 200 && res.user) {
    session.user = res.user;
    session.loggedIn = true;
    remember(res.user);
    return true;
  }
  if (res.code === 401 || res.code === 403) clearLocal();
  else {
    // A network failure is not a logout: keep the remembered user so nothing is lost.
    const cached = localStorage.getItem(USER_KEY);
    const parsed = cached ? (JSON.parse(cached) as { user: UserInfo; at: number }) : null;
    if (parsed && Date.now() - parsed.at < USER_TTL_MS) {
      session.user = parsed.user;
      session.loggedIn = true;
    } else session.loggedIn = false;
  }
  return session.loggedIn === true;
}

/** After login/register answered a token: the cookie is already set by the server. */
export async function loggedInWith(): Promise<boolean> {
  return refreshSession();
}

/** The podToken hand-off: adopt a token from a link, then load the user. */
export async function adoptToken(token: string): Promise<boolean> {
  setBearer(token);
  const res = await userApi.adoptSession();
  setBearer(null);
  if (res.code !== 200) {
    clearLocal();
    return false;
  }
  return refreshSession();
}

export async function logout(): Promise<void> {
  await userApi.logout();
  clearLocal();
  localStorage.removeItem('pod.billingAddress');
}
