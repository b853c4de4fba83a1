/**
 * /activities/get-coupons-and-customize-personalized-products: the campaign page. Timed coupons
 * with the promotion countdown, claimed with a code e-mailed to the account's address
 * (sendCouponsEmailCode, then activateCouponStatus); personalized products to start from; the
 * merchant's share link for the campaign. Every visit is counted once a day (addShopClickIp),
 * and a visit through a share link (?code=) for that merchant (addShopCodeIp).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { activityApi } from '../../api/activities';
import { catalogApi, type ProductCard } from '../../api/catalog';
import { couponApi } from '../../api/commerce';
import { ProductGrid, GridSkeleton } from '../../components/catalog/ProductCard';
import { Field } from '../../components/Field';
import { EmailCodeButton } from '../../components/EmailCodeButton';
import { session } from '../../state/session';
import { requireLoginThen, toast } from '../../state/ui';
import { ShareClickType, campaignShareUrl, type Campaign, type CampaignItem } from '../../../contract/activities';
import { FormMessages } from '../../../contract/validation';
import { EMAIL_CODE_LENGTH } from '../../../contract/constants';
import { couponCondition } from '../commerce/logic';
import { COUPON_TYPE_PERCENT, formatUsd } from '../../../contract/commerce';
import { copyText } from '../commerce/InviteDialog';
import { Countdown } from './Countdown';
import '../../styles/catalog.css';
import '../../styles/activities.css';

const GIFTS_PATH = '/all-products/personalized-gifts-zone';

/** The ticket's big figure: "12%", "$6", "$7.50". */
const valueText = (c: { type: number; discount: number; money: number }) =>
  c.type === COUPON_TYPE_PERCENT ? `${c.discount}%` : c.money % 100 === 0 ? `$${c.money / 100}` : formatUsd(c.money);

/** The claim form of one coupon: send the code to the account's address, type it, activate. */
function ClaimForm({
  item,
  email,
  onClaimed,
  onCancel,
}: {
  item: CampaignItem;
  email: string;
  onClaimed: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLDivElement>(null);

  async function send(): Promise<boolean> {
    setError('');
    const res = await activityApi.sendCode(item.id);
    if (res.code === 200) {
      toast('success', res.msg);
      input.current?.querySelector('input')?.focus();
      return true;
    }
    setError(res.msg);
    return false;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.trim();
    if (!value) return setError(FormMessages.emailCodeRequired);
    if (!new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(value)) return setError(FormMessages.emailCodeInvalid);
    setBusy(true);
    const res = await activityApi.activate(item.id, value);
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg);
      onClaimed();
    } else setError(res.msg);
  }

  return (
    <form className="act-claim" onSubmit={submit} noValidate aria-label={`Activate ${item.title}`}>
      <p className="small">
        We e-mail a {EMAIL_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it here to activate the coupon.
      </p>
      <div ref={input}>
        <Field
          label="Email verification code"
          inputMode="numeric"
          maxLength={EMAIL_CODE_LENGTH}
          autoComplete="one-time-code"
          placeholder="6-digit code"
          value={code}
          error={error || undefined}
          onChange={(e) => setCode(e.target.value)}
          suffix={<EmailCodeButton send={send} />}
        />
      </div>
      <div className="act-claim-actions">
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? 'Activating…' : 'Activate coupon'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CouponCard({
  item,
  skewMs,
  loggedIn,
  email,
  onRefresh,
}: {
  item: CampaignItem;
  skewMs: number;
  loggedIn: boolean;
  email: string;
  onRefresh: () => void;
}) {
  const [claiming, setClaiming] = useState(false);
  const claimed = item.claimed === 1;
  return (
    <li className={`act-coupon${claimed ? ' claimed' : ''}${item.status === -1 ? ' upcoming' : ''}`}>
      <div className="act-coupon-value" aria-hidden="true">
        {valueText(item)}
        <span>off</span>
      </div>
      <div className="act-coupon-body">
        <h3>{item.title}</h3>
        <p className="act-coupon-terms">
          {couponCondition(item)} · usable for {item.validDays} days after you claim it
        </p>
        <p className="muted">{item.blurb}</p>
        <Countdown item={item} skewMs={skewMs} onEnd={onRefresh} />
        {claimed ? (
          <p className="act-claimed" role="status">
            Claimed. <Link to="/coupons">See it in your coupons</Link>
          </p>
        ) : item.status === -1 ? (
          <button type="button" className="btn" disabled>
            Not started yet
          </button>
        ) : item.status !== 0 ? (
          <button type="button" className="btn" disabled>
            Ended
          </button>
        ) : claiming && loggedIn ? (
          <ClaimForm
            item={item}
            email={email}
            onCancel={() => setClaiming(false)}
            onClaimed={() => {
              setClaiming(false);
              onRefresh();
            }}
          />
        ) : (
          <button type="button" className="btn primary" onClick={() => requireLoginThen(loggedIn, () => setClaiming(true))}>
            {loggedIn ? 'Claim coupon' : 'Log in to claim'}
          </button>
        )}
      </div>
    </li>
  );
}

function ShareSection({ campaign, loggedIn }: { campaign: Campaign | null; loggedIn: boolean }) {
  const [busy, setBusy] = useState(false);
  async function copyLink() {
    setBusy(true);
    // shareInfo makes the merchant's share code the first time it is asked for.
    const res = campaign?.shareCode ? { code: 200, data: { shareCode: campaign.shareCode } } : await couponApi.shareInfo();
    setBusy(false);
    if (res.code === 200 && res.data) await copyText(campaignShareUrl(window.location.origin, res.data.shareCode));
  }
  return (
    <section className="act-share" aria-labelledby="act-share-title">
      <h2 id="act-share-title">Share the campaign</h2>
      <p>Send your link to other sellers: they get the same coupons, and you see how many came through it.</p>
      {loggedIn ? (
        <>
          <button type="button" className="btn primary" onClick={() => void copyLink()} disabled={busy}>
            Copy my campaign link
          </button>
          {campaign?.shareCode && (
            <p className="muted" role="status">
              {campaign.shareVisitors === 1 ? '1 visitor' : `${campaign.shareVisitors} visitors`} came through your link.
            </p>
          )}
        </>
      ) : (
        <button type="button" className="btn" onClick={() => requireLoginThen(false, () => {})}>
          Log in to get your link
        </button>
      )}
    </section>
  );
}

export function ActivityPage() {
  const snap = useSnapshot(session);
  const loggedIn = snap.loggedIn === true;
  const email = snap.user?.sShopUser.email.email ?? '';
  const [params] = useSearchParams();
  const shareCode = params.get('code');
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [skewMs, setSkewMs] = useState(0);
  const [failed, setFailed] = useState('');
  const [gifts, setGifts] = useState<ProductCard[] | null>(null);

  const load = useCallback(async () => {
    const asked = Date.now();
    const res = await activityApi.campaign();
    if (res.code === 200 && res.data) {
      // The server's clock minus ours, halfway through the call: the countdowns run on the server's time.
      setSkewMs(Date.parse(res.data.systemTime) - (asked + Date.now()) / 2);
      setCampaign(res.data);
      setFailed('');
    } else setFailed(res.msg);
  }, []);

  // Again when the login state settles or changes: a merchant sees what they claimed.
  useEffect(() => {
    if (snap.loggedIn === null) return;
    void load();
  }, [load, snap.loggedIn]);

  useEffect(() => {
    void activityApi.countVisit(ShareClickType.CAMPAIGN);
    if (shareCode) void activityApi.countShareVisit(ShareClickType.CAMPAIGN, shareCode);
  }, [shareCode]);

  useEffect(() => {
    let live = true;
    void catalogApi.list({ gift: 1, pageSize: 8 }).then((res) => {
      if (live) setGifts(res.code === 200 ? (res.rows ?? []) : []);
    });
    return () => {
      live = false;
    };
  }, []);

  const refresh = useCallback(() => void load(), [load]);

  return (
    <div className="activity">
      <header className="act-hero">
        <p className="act-kicker">Campaign · new coupons every 48 hours</p>
        <h1>Get coupons and customize personalized products</h1>
        <p className="lead">
          Claim this round&rsquo;s coupons for your samples and stock orders, then start from a personalized product: names, photos and
          dates printed on demand, with no minimum order quantity.
        </p>
        <p>
          <a className="btn primary large" href="#act-coupons-title">
            Get coupons
          </a>{' '}
          <Link className="btn large" to={GIFTS_PATH}>
            Browse personalized gifts
          </Link>
        </p>
      </header>

      <section aria-labelledby="act-coupons-title">
        <h2 id="act-coupons-title">Coupons to claim</h2>
        {failed && (
          <p className="form-error" role="alert">
            {failed}{' '}
            <button type="button" className="link-btn" onClick={refresh}>
              Try again
            </button>
          </p>
        )}
        {!campaign && !failed && <p role="status">Loading the coupons…</p>}
        {campaign && (
          <ul className="act-coupons">
            {campaign.items.map((item) => (
              <CouponCard key={item.id} item={item} skewMs={skewMs} loggedIn={loggedIn} email={email} onRefresh={refresh} />
            ))}
          </ul>
        )}
        <p className="muted small">
          Each coupon is claimed once per round with a code sent to your account&rsquo;s e-mail address, and shows up in{' '}
          <Link to="/coupons">your coupons</Link> at once. Use it on an order whose product subtotal reaches its minimum.
        </p>
      </section>

      <section aria-labelledby="act-gifts-title">
        <h2 id="act-gifts-title">Personalized products to start from</h2>
        <p>
          Pick a product, open it in the design tool and leave room for your customer&rsquo;s name or photo. Our guide{' '}
          <Link to="/blog/selling-personalized-gifts">Selling personalized gifts</Link> shows how.
        </p>
        {gifts === null ? (
          <GridSkeleton count={4} />
        ) : gifts.length > 0 ? (
          <ProductGrid products={gifts} label="Personalized products" />
        ) : (
          <p className="muted">No personalized products to show right now.</p>
        )}
        <p>
          <Link className="btn" to={GIFTS_PATH}>
            See the whole Personalized Gifts Zone
          </Link>
        </p>
      </section>

      <ShareSection campaign={campaign} loggedIn={loggedIn} />

      <section aria-labelledby="act-how-title">
        <h2 id="act-how-title">How it works</h2>
        <ol className="act-steps">
          <li>
            <strong>Claim</strong>: press Claim coupon and enter the code we e-mail you.
          </li>
          <li>
            <strong>Design</strong>: personalize a product from the gifts zone and save it to My Products.
          </li>
          <li>
            <strong>Order</strong>: order samples or stock and choose the coupon at checkout.
          </li>
        </ol>
      </section>
    </div>
  );
}
