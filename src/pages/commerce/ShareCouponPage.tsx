/**
 * /share-coupon/{id}: the landing of an invite link. A visitor registers here (the same checks as
 * /register: e-mailed code, password rules) through user/shareRegister, and both merchants get
 * the invite coupon; the registration-success dialog (invite mode 3) follows.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Field } from '../../components/Field';
import { EmailCodeButton } from '../../components/EmailCodeButton';
import { useForm } from '../../components/useForm';
import { couponApi, type ShareLanding } from '../../api/commerce';
import { activityApi } from '../../api/activities';
import { ShareClickType } from '../../../contract/activities';
import { userApi } from '../../api/user';
import { loggedInWith, session } from '../../state/session';
import { toast } from '../../state/ui';
import { registerSchema, sendCodeSchema } from '../../../contract/validation';
import { couponCondition, couponValue } from './logic';
import { InviteDialog } from './InviteDialog';
import '../../styles/commerce.css';

export function ShareCouponPage() {
  const { id = '' } = useParams();
  const snap = useSnapshot(session);
  const [landing, setLanding] = useState<ShareLanding | null>(null);
  const [done, setDone] = useState(false);
  const f = useForm({ username: '', emailCode: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    if (!id) {
      setLanding({ valid: false, shareCode: null, reward: null });
      return;
    }
    void couponApi.shareLanding(id).then((res) => {
      if (live) setLanding(res.code === 200 && res.data ? res.data : { valid: false, shareCode: null, reward: null });
    });
    // Counted for the inviter: a visit through their link (once a day per visitor).
    void activityApi.countShareVisit(ShareClickType.SHARE_COUPON, id);
    return () => {
      live = false;
    };
  }, [id]);

  async function sendCode(): Promise<boolean> {
    f.setServerError('');
    if (!f.check({ username: sendCodeSchema.email! }, ['username'])) return false;
    const res = await userApi.sendEmailCode({ email: f.values.username.trim(), type: 'register' });
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
    if (!f.check(registerSchema) || !landing?.shareCode) return;
    setBusy(true);
    const res = await couponApi.shareRegister({ ...f.values, username: f.values.username.trim(), shareCode: landing.shareCode });
    if (res.code === 200 && (await loggedInWith())) {
      setBusy(false);
      setDone(true);
      return;
    }
    setBusy(false);
    f.setServerError(res.msg);
  }

  if (!landing)
    return (
      <div className="page-loading" role="status">
        Loading the invitation…
      </div>
    );
  const reward = landing.reward;

  return (
    <div className="commerce share-landing">
      <section className="auth-card" aria-labelledby="share-title">
        <h1 id="share-title">{landing.valid ? 'You are invited: get a coupon' : 'This invitation link is not valid'}</h1>
        {landing.valid && reward && (
          <p className="lead">
            Register through this link and you and your friend both get <strong>{reward.title}</strong> ({couponValue(reward)},{' '}
            {couponCondition(reward).toLowerCase()}), plus the sign-up coupon.
          </p>
        )}
        {!landing.valid && (
          <p>
            Ask your friend for a new link, or <Link to="/register">register</Link> for the sign-up coupon.
          </p>
        )}
        {landing.valid && snap.loggedIn && !done && (
          <p>
            You are already logged in. <Link to="/coupons">Invite your own friends</Link> and both of you get a coupon.
          </p>
        )}
        {landing.valid && !snap.loggedIn && !done && (
          <form className="auth-form" onSubmit={submit} noValidate aria-label="Register with invitation">
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
              {busy ? 'Creating account…' : 'Register and get coupons'}
            </button>
          </form>
        )}
      </section>
      <InviteDialog mode={done ? 3 : null} reward={reward ? { id: 0, ...reward } : null} onClose={() => setDone(false)} />
    </div>
  );
}
