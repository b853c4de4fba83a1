/**
 * The account's profile: display name and gender (editable), the login e-mail (changed by a code
 * sent to the new address), and the current store. Saving reloads the user so the header follows.
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { session, refreshSession } from '../../state/session';
import { storeLabel, storeTypeName } from '../../components/shops/logic';
import { Field } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { EmailCodeButton } from '../../components/EmailCodeButton';
import { accountApi } from '../../api/account';
import { toast } from '../../state/ui';
import type { UserInfo } from '../../../contract/api';
import { changeEmailSchema, changeEmailSendSchema, DISPLAYNAME_MAX, GENDERS, profileSchema } from '../../../contract/account';

export function ProfileTab() {
  const user = useSnapshot(session).user;
  if (!user) return null;
  const current = user.sShops.find((s) => s.id === user.shopid);
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      {/* Keyed by the saved values so a reload of the user resets the form to what the server holds. */}
      <ProfileForm key={`${user.displayname}|${user.gender}`} user={user as UserInfo} />
      <EmailForm current={user.sShopUser.email.email} />
      <dl className="profile-list">
        <dt>Current store</dt>
        <dd>{current ? `${storeLabel(current)} (${storeTypeName(current.type)})` : 'No store connected'}</dd>
      </dl>
    </section>
  );
}

function ProfileForm({ user }: { user: UserInfo }) {
  const f = useForm({ displayname: user.displayname, gender: String(user.gender) });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(profileSchema)) return;
    setBusy(true);
    const res = await accountApi.updateProfile({ displayname: f.values.displayname.trim(), gender: Number(f.values.gender) });
    setBusy(false);
    if (res.code !== 200) {
      f.setServerError(res.msg);
      return;
    }
    toast('success', 'Profile saved');
    await refreshSession();
  }
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Profile">
      <Field label="Display name" autoComplete="nickname" maxLength={DISPLAYNAME_MAX} {...f.bind('displayname')} />
      <fieldset className="radio-row inline">
        <legend>Gender</legend>
        {GENDERS.map((g) => (
          <label key={g.value}>
            <input
              type="radio"
              name="gender"
              value={g.value}
              checked={f.values.gender === String(g.value)}
              onChange={() => f.setValues((v) => ({ ...v, gender: String(g.value) }))}
            />{' '}
            {g.label}
          </label>
        ))}
        {f.errors.gender && <div className="field-error">{f.errors.gender}</div>}
      </fieldset>
      {f.serverError && (
        <div className="form-error" role="alert">
          {f.serverError}
        </div>
      )}
      <button type="submit" className="btn primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}

function EmailForm({ current }: { current: string }) {
  const f = useForm({ email: '', emailCode: '' });
  const [busy, setBusy] = useState(false);
  async function sendCode(): Promise<boolean> {
    f.setServerError('');
    if (!f.check(changeEmailSendSchema, ['email'])) return false;
    const res = await accountApi.sendChangeEmailCode(f.values.email.trim());
    if (res.code === 200) {
      toast('success', res.msg);
      return true;
    }
    f.setServerError(res.msg);
    return false;
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(changeEmailSchema)) return;
    setBusy(true);
    const res = await accountApi.changeEmail({ email: f.values.email.trim(), emailCode: f.values.emailCode.trim() });
    setBusy(false);
    if (res.code !== 200) {
      f.setServerError(res.msg);
      return;
    }
    toast('success', res.msg);
    f.setValues({ email: '', emailCode: '' });
    await refreshSession();
  }
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Change email">
      <h3>Email</h3>
      <p className="muted">
        Current address: <strong>{current}</strong>. We send a code to the new address to check it is yours.
      </p>
      <Field
        label="New email address"
        type="email"
        autoComplete="email"
        {...f.bind('email')}
        suffix={<EmailCodeButton send={sendCode} />}
      />
      <Field label="Email verification code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...f.bind('emailCode')} />
      {f.serverError && (
        <div className="form-error" role="alert">
          {f.serverError}
        </div>
      )}
      <button type="submit" className="btn primary" disabled={busy}>
        {busy ? 'Saving…' : 'Change email'}
      </button>
    </form>
  );
}
