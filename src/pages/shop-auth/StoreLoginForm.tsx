/**
 * Store login (POST /api/user/manyStoreLogin): the password login that also claims the store
 * waiting for it, in one step on the server, so a refused claim leaves nobody half logged in.
 * The login form itself, with that call.
 */
import { LoginForm } from '../../components/LoginForm';
import { storesApi } from '../../api/shops';

export function StoreLoginForm({ claimToken, email, onDone }: { claimToken: string; email: string; onDone: () => void }) {
  return (
    <LoginForm
      onDone={onDone}
      email={email}
      formLabel="Store login"
      submitLabel="Log in and add the store"
      offerRegister={false}
      submitLogin={(body) => storesApi.storeLogin({ ...body, claimToken })}
    />
  );
}
