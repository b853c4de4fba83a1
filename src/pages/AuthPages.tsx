/** Login, register, reset-password (send code, reset) and set-password pages. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LoginForm } from '../components/LoginForm';
import { Field } from '../components/Field';
import { EmailCodeButton } from '../components/EmailCodeButton';
import { useForm } from '../components/useForm';
import { userApi } from '../api/user';
import { loggedInWith } from '../state/session';
import { toast } from '../state/ui';
import { safeRedirect } from '../routes/safe-redirect';
import { registerSchema, resetPasswordSchema, sendCodeSchema, setPasswordSchema } from '../../contract/validation';

type CodeForm = Pick<ReturnType<typeof useForm<'username'>>, 'check' | 'setServerError'> & { values: { username: string } };

/** Checks the e-mail field, asks the server for a code, and says how it went; true when one was sent. */
async function sendEmailCodeFor(f: CodeForm, type: 'register' | 'reset'): Promise<boolean> {
  f.setServerError('');
  if (!f.check({ username: sendCodeSchema.email! }, ['username'])) return false;
  const res = await userApi.sendEmailCode({ email: f.values.username.trim(), type });
  if (res.code === 200) {
    toast('success', res.msg);
    return true;
  }
  f.setServerError(res.msg);
  return false;
}

function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {children}
    </section>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthCard title="Log in">
      <LoginForm onDone={() => navigate(safeRedirect(params.get('redirect')), { replace: true })} />
    </AuthCard>
  );
}

export function RegisterPage() {
  const navigate = useNavigate();
  const f = useForm({ username: '', emailCode: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);

  const sendCode = () => sendEmailCodeFor(f, 'register');

  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(registerSchema)) return;
    setBusy(true);
    const res = await userApi.register({ ...f.values, username: f.values.username.trim() });
    if (res.code === 200 && (await loggedInWith())) {
      toast('success', res.msg);
      navigate('/dashboard', { replace: true });
      return;
    }
    setBusy(false);
    f.setServerError(res.msg);
  }

  return (
    <AuthCard title="Create your account">
      <p className="lead">Design products, push them to your store, and get a sign-up coupon.</p>
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Register">
        <Field label="Email" type="email" autoComplete="email" placeholder="Email address" {...f.bind('username')} />
        <Field
          label="Email verification code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          placeholder="6-digit code"
          {...f.bind('emailCode')}
          suffix={<EmailCodeButton send={sendCode} />}
        />
        <Field label="Password" type="password" autoComplete="new-password" placeholder="6-20 characters" {...f.bind('password')} />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat the password"
          {...f.bind('confirmPassword')}
        />
        {f.serverError && (
          <div className="form-error" role="alert">
            {f.serverError}
          </div>
        )}
        <button type="submit" className="btn primary block" disabled={busy}>
          {busy ? 'Creating account…' : 'Register'}
        </button>
        <div className="auth-links">
          <span>Already have an account?</span> <Link to="/login">Log in</Link>
        </div>
      </form>
    </AuthCard>
  );
}

export function ResetSendCodePage() {
  const navigate = useNavigate();
  const f = useForm({ email: '' });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(sendCodeSchema)) return;
    setBusy(true);
    const res = await userApi.sendEmailCode({ email: f.values.email.trim(), type: 'reset' });
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg);
      navigate(`/reset-password/reset?email=${encodeURIComponent(f.values.email.trim())}`);
    } else f.setServerError(res.msg);
  }
  return (
    <AuthCard title="Reset your password">
      <p className="lead">Enter the e-mail address of your account and we will send you a verification code.</p>
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Send reset code">
        <Field label="Email" type="email" autoComplete="email" {...f.bind('email')} />
        {f.serverError && (
          <div className="form-error" role="alert">
            {f.serverError}
          </div>
        )}
        <button type="submit" className="btn primary block" disabled={busy}>
          {busy ? 'Sending…' : 'Send code'}
        </button>
        <div className="auth-links">
          <Link to="/login">Back to log in</Link>
        </div>
      </form>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const f = useForm({ username: params.get('email') ?? '', emailCode: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const resend = () => sendEmailCodeFor(f, 'reset');
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(resetPasswordSchema)) return;
    setBusy(true);
    const res = await userApi.forgetPassword({ ...f.values, username: f.values.username.trim() });
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg);
      navigate('/login', { replace: true });
    } else f.setServerError(res.msg);
  }
  return (
    <AuthCard title="Set a new password">
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Reset password">
        <Field label="Email" type="email" autoComplete="email" {...f.bind('username')} />
        <Field
          label="Email verification code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          {...f.bind('emailCode')}
          suffix={<EmailCodeButton send={resend} />}
        />
        <Field label="New password" type="password" autoComplete="new-password" {...f.bind('password')} />
        <Field label="Confirm password" type="password" autoComplete="new-password" {...f.bind('confirmPassword')} />
        {f.serverError && (
          <div className="form-error" role="alert">
            {f.serverError}
          </div>
        )}
        <button type="submit" className="btn primary block" disabled={busy}>
          {busy ? 'Saving…' : 'Reset password'}
        </button>
      </form>
    </AuthCard>
  );
}

export function SetPasswordPage() {
  const navigate = useNavigate();
  const f = useForm({ password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(setPasswordSchema)) return;
    setBusy(true);
    const res = await userApi.setPassword(f.values);
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg);
      navigate('/dashboard', { replace: true });
    } else f.setServerError(res.msg);
  }
  return (
    <AuthCard title="Set your password">
      <p className="lead">Your account was created through your store. Choose a password to log in to POD Studio directly.</p>
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
      </form>
    </AuthCard>
  );
}
