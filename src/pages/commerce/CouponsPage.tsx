/**
 * /coupons (beta): the merchant's coupons by status (usable, used, expired), the coupons to
 * receive, and the invite programme (the share link, built only with a user id; 'Successful
 * copy'; how many friends joined).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { couponApi, type ReceivableCoupon, type ShareInfo } from '../../api/commerce';
import { session } from '../../state/session';
import { toast } from '../../state/ui';
import type { CouponReceipt } from '../../../contract/commerce';
import { absoluteShareLink, couponCondition, couponSourceName, couponValue, shortTime } from './logic';
import { copyText, InviteDialog, type InviteMode } from './InviteDialog';
import { Tabs } from '../../ui/Tabs';
import '../../styles/commerce.css';

const STATUS_TABS = [
  { status: 0, label: 'Usable' },
  { status: 1, label: 'Used' },
  { status: 2, label: 'Expired' },
] as const;

export function CouponsPage() {
  const snap = useSnapshot(session);
  const [status, setStatus] = useState<0 | 1 | 2>(0);
  const [mine, setMine] = useState<{ rows: CouponReceipt[]; total: number } | null>(null);
  const [receivable, setReceivable] = useState<ReceivableCoupon[] | null>(null);
  const [share, setShare] = useState<ShareInfo | null>(null);
  const [dialog, setDialog] = useState<{ mode: InviteMode; reward?: ShareInfo['reward'] } | null>(null);

  const loadMine = useCallback(async () => {
    const res = await couponApi.mine({ status, pageSize: 25 });
    if (res.code === 200) setMine({ rows: res.rows ?? [], total: res.total ?? 0 });
  }, [status]);
  const loadReceivable = useCallback(async () => {
    const res = await couponApi.receivable();
    if (res.code === 200) setReceivable(res.rows ?? []);
  }, []);
  useEffect(() => {
    void loadMine();
  }, [loadMine]);
  useEffect(() => {
    void loadReceivable();
    void couponApi.shareInfo().then((res) => {
      if (res.code === 200 && res.data) setShare(res.data);
    });
  }, [loadReceivable]);

  // The link is built only when the user id is known.
  const link = absoluteShareLink(window.location.origin, snap.user ? (share?.shareUrl ?? null) : null);

  return (
    <div className="commerce coupons-page">
      <h1>
        Coupons <span className="mark beta">beta</span>
      </h1>

      <section className="card invite-card" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite friends, both get a coupon</h2>
        <p>
          {share?.reward
            ? `Each friend who registers through your link gets "${share.reward.title}", and so do you.`
            : 'Each friend who registers through your link gets a coupon, and so do you.'}
        </p>
        {link ? (
          <div className="share-link">
            <input readOnly value={link} aria-label="Your invite link" onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn primary" onClick={() => void copyText(link)}>
              Copy link
            </button>
            <button type="button" className="btn" onClick={() => setDialog({ mode: 1, reward: share?.reward ?? null })}>
              Invite friends
            </button>
          </div>
        ) : (
          <p className="muted">Loading your invite link…</p>
        )}
        {share && <p className="muted small">Friends who joined through your link: {share.invitedCount}</p>}
      </section>

      <section aria-labelledby="mine-title">
        <h2 id="mine-title">My coupons</h2>
        <Tabs
          label="Coupon status"
          value={String(status)}
          onValueChange={(v) => setStatus(Number(v) as typeof status)}
          items={STATUS_TABS.map((t) => ({ value: String(t.status), label: t.label }))}
        >
          {mine === null ? (
            <p className="muted" role="status">
              Loading coupons…
            </p>
          ) : mine.rows.length === 0 ? (
            <p className="empty-state small">No coupons here.</p>
          ) : (
            <ul className="coupon-list" aria-label="My coupons">
              {mine.rows.map((c) => (
                <li key={c.id} className={`coupon status-${c.status}`}>
                  <span className="coupon-value">{couponValue(c)}</span>
                  <span className="coupon-body">
                    <strong>{c.title}</strong>
                    <span className="muted small">
                      {couponCondition(c)} · {couponSourceName(c.source)} · valid until {shortTime(c.expireTime)}
                    </span>
                    {c.orderId && c.status === 0 && <span className="small">Bound to an order waiting for payment</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Tabs>
      </section>

      <section aria-labelledby="get-title">
        <h2 id="get-title">Get coupons</h2>
        {receivable === null ? (
          <p className="muted">Loading…</p>
        ) : receivable.length === 0 ? (
          <p className="muted">No coupons to receive right now.</p>
        ) : (
          <ul className="coupon-list" aria-label="Coupons to receive">
            {receivable.map((c) => (
              <li key={c.id} className="coupon">
                <span className="coupon-value">{couponValue(c)}</span>
                <span className="coupon-body">
                  <strong>{c.title}</strong>
                  <span className="muted small">
                    {couponCondition(c)} · valid {c.validDays} days after receiving
                  </span>
                </span>
                {c.received ? (
                  <span className="tag">Received</span>
                ) : (
                  <button
                    type="button"
                    className="btn small primary"
                    aria-label={`Receive ${c.title}`}
                    onClick={async () => {
                      const res = await couponApi.receive(c.id);
                      if (res.code === 200 && res.data) {
                        toast('success', 'Coupon received');
                        setDialog({
                          mode: 2,
                          reward: {
                            id: res.data.id,
                            title: res.data.title,
                            type: res.data.type,
                            discount: res.data.discount,
                            money: res.data.money,
                            minAmount: res.data.minAmount,
                          },
                        });
                        await Promise.all([loadReceivable(), loadMine()]);
                      }
                    }}
                  >
                    Receive
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <InviteDialog mode={dialog?.mode ?? null} link={link} reward={dialog?.reward ?? null} onClose={() => setDialog(null)} />
    </div>
  );
}
