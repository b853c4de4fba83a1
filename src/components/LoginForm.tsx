import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from './Field';
import { useForm } from './useForm';
import { userApi } from '../api/user';
import { loggedInWith } from '../state/session';
import { loginSchema } from '../../contract/validation';
import type { LoginBody } from '../../contract/api';

export interface LoginFormProps {
  onDone: () => void;
  /** Another login call with the same fields (the store login, which also claims a store). */
  submitLogin?: (body: LoginBody) => Promise<{ code: number; msg: string; captcha?: unknown }>;
  email?: string;
  formLabel?: string;
  submitLabel?: string;
  /** Offer "Create an account" (off where the account is being made some other way). */
  offerRegister?: boolean;
}

function captchaOf(v: unknown): { uuid: string; img: string } | null {
  if (!v || typeof v !== 'object') return null;
  const { uuid, img } = v as Record<string, unknown>;
  return typeof uuid === 'string' && typeof img === 'string' ? { uuid, img } : null;
}

/**
 * Login with e-mail, password and the 4-character image code; used by the page, the dialog and
 * the store login.
 */
export function LoginForm({
  onDone,
  submitLogin = userApi.login,
  email = '',
  formLabel = 'Log in',
  submitLabel = 'Log in',
  offerRegister = true,
}: LoginFormProps) {
  const f = useForm({ username: email, password: '', code: '' });
  // stepUp: the server asked for a code after repeated failures (it may ask for none otherwise).
  const [captcha, setCaptcha] = useState<{ enabled: boolean; stepUp?: boolean; uuid?: string; img?: string }>({ enabled: false });
  const [busy, setBusy] = useState(false);

  const loadCaptcha = useCallback(async (stepUp = false) => {
    const res = await userApi.captcha(stepUp);
    if (res.code === 200) setCaptcha({ enabled: res.captchaEnabled === true, stepUp, uuid: res.uuid, img: res.img });
  }, []);
  useEffect(() => {
    void loadCaptcha();
  }, [loadCaptcha]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(loginSchema(captcha.enabled))) return;
    setBusy(true);
    const res = await submitLogin({ ...f.values, username: f.values.username.trim(), uuid: captcha.uuid });
    if (res.code === 200 && (await loggedInWith())) {
      setBusy(false);
      onDone();
      return;
    }
    setBusy(false);
    f.setServerError(res.msg);
    // The image code is single-use on the server: show a fresh one and keep everything else typed.
    f.setValues((v) => ({ ...v, code: '' }));
    // After repeated failures the server asks for an image code even where it otherwise asks for
    // none, and sends it with the refusal.
    const stepUp = captchaOf(res.captcha);
    if (stepUp) setCaptcha({ enabled: true, stepUp: true, ...stepUp });
    else if (captcha.enabled) void loadCaptcha(captcha.stepUp);
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={formLabel}>
      <Field label="Email" type="email" autoComplete="username" placeholder="Email address" {...f.bind('username')} />
      <Field label="Password" type="password" autoComplete="current-password" placeholder="Password" {...f.bind('password')} />
      {captcha.enabled && (
        <Field
          label="Verification code"
          autoComplete="off"
          maxLength={4}
          placeholder="Verification code"
          {...f.bind('code')}
          suffix={
            <button
              type="button"
              className="captcha-btn"
              onClick={() => void loadCaptcha(captcha.stepUp)}
              aria-label="Get a new verification code"
            >
              {captcha.img ? <img src={captcha.img} alt="Verification code image" width={120} height={40} /> : 'Load code'}
            </button>
          }
        />
      )}
      {f.serverError && (
        <div className="form-error" role="alert">
          {f.serverError}
        </div>
      )}
      <button type="submit" className="btn primary block" disabled={busy}>
        {busy ? 'Logging in…' : submitLabel}
      </button>
      <div className="auth-links">
        <Link to="/reset-password/send-code">Forgot password?</Link>
        {offerRegister && <Link to="/register">Create an account</Link>}
      </div>
    </form>
  );
}
