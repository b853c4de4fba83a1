/** Changing the password: the current one, then the new one twice (6-20 characters, no spaces, both the same). */
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { accountApi } from '../../api/account';
import { toast } from '../../state/ui';
import { changePasswordSchema } from '../../../contract/validation';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

export function PasswordTab() {
  const f = useForm(EMPTY);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(changePasswordSchema)) return;
    setBusy(true);
    const res = await accountApi.changePassword(f.values);
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg);
      f.setValues(EMPTY);
    } else f.setServerError(res.msg);
  }
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <p className="muted">Other devices logged in to this account are logged out when the password changes.</p>
      <form className="account-form" onSubmit={submit} noValidate aria-label="Change password">
        <Field label="Current password" type="password" autoComplete="current-password" {...f.bind('oldPassword')} />
        <Field label="New password" type="password" autoComplete="new-password" placeholder="6-20 characters" {...f.bind('password')} />
        <Field label="Confirm new password" type="password" autoComplete="new-password" {...f.bind('confirmPassword')} />
        {f.serverError && (
          <div className="form-error" role="alert">
            {f.serverError}
          </div>
        )}
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
