/**
 * Store login (POST /api/user/manyStoreLogin): the password login that also claims the store
 * waiting for it, in one step on the server, so a refused claim leaves nobody half logged in.
 * Same fields and image code as the login form.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { userApi } from '../../api/user';
import { storesApi } from '../../api/stores';
import { refreshSession } from '../../stores/session';
import { loginSchema } from '../../../contract/validation';

export function StoreLoginForm({ claimToken, email, onDone }: { claimToken: string; email: string; onDone: () => void }) {
  const f = useForm({ username: email, password: '', code: '' });
  const [captcha, setCaptcha] = useState<{ enabled: boolean; uuid?: string; img?: string }>({ enabled: false });
  const [busy, setBusy] = useState(false);

  const loadCaptcha = useCallback(async () => {
    const res = await userApi.captcha();
    if (res.code === 200) setCaptcha({ enabled: res.captchaEnabled === true, uuid: res.uuid, img: res.img });
  }, []);
  useEffect(() => { void loadCaptcha(); }, [loadCaptcha]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(loginSchema(captcha.enabled))) return;
    setBusy(true);
    const res = await storesApi.storeLogin({ ...f.values, username: f.values.username.trim(), uuid: captcha.uuid, claimToken });
    if (res.code === 200 && (await refreshSession())) {
      setBusy(false);
      onDone();
      return;
    }
    setBusy(false);
    f.setServerError(res.msg);
    // The image code is single-use: show a fresh one and keep everything else typed.
    f.setValues((v) => ({ ...v, code: '' }));
    if (captcha.enabled) void loadCaptcha();
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Store login">
      <Field label="Email" type="email" autoComplete="username" {...f.bind('username')} />
      <Field label="Password" type="password" autoComplete="current-password" {...f.bind('password')} />
      {captcha.enabled && (
        <Field label="Verification code" autoComplete="off" maxLength={4} {...f.bind('code')}
          suffix={<button type="button" className="captcha-btn" onClick={() => void loadCaptcha()} aria-label="Get a new verification code">
            {captcha.img ? <img src={captcha.img} alt="Verification code image" width={120} height={40} /> : 'Load code'}
          </button>} />
      )}
      {f.serverError && <div className="form-error" role="alert">{f.serverError}</div>}
      <button type="submit" className="btn primary block" disabled={busy}>{busy ? 'Logging in…' : 'Log in and add the store'}</button>
      <div className="auth-links"><Link to="/reset-password/send-code">Forgot password?</Link></div>
    </form>
  );
}
