/**
 * The coupons invite dialog: mode 1 share (the invite link, built only with a user id, and a copy
 * button answering 'Successful copy'), mode 2 discount obtained, mode 3 registration success.
 * Closing it goes on to /coupons, or replaces the route with /all-products.
 */
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { toast } from '../../state/ui';
import { Messages } from '../../../contract/envelope';
import type { ShareInfo } from '../../api/commerce';
import { couponCondition, couponValue } from './logic';

export type InviteMode = 1 | 2 | 3;

const TITLES: Readonly<Record<InviteMode, string>> = {
  1: 'Invite friends, both get a coupon',
  2: 'You got a discount',
  3: 'Registration successful',
};

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', Messages.successfulCopy);
  } catch {
    toast('error', 'Copying is not allowed here: select the link and copy it');
  }
}

export function InviteDialog({
  mode,
  link,
  reward,
  onClose,
}: {
  mode: InviteMode | null;
  /** The absolute invite link (mode 1); null when the user id is unknown. */
  link?: string | null;
  reward?: ShareInfo['reward'];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const closeTo = (to: '/coupons' | '/all-products') => {
    onClose();
    if (to === '/coupons') navigate('/coupons');
    else navigate('/all-products', { replace: true });
  };
  return (
    <Modal open={mode !== null} title={mode ? TITLES[mode] : ''} onClose={onClose} width={480}>
      {mode === 1 && (
        <>
          <p>Share your link. A friend who registers through it gets a coupon, and so do you{reward ? `: ${reward.title}` : ''}.</p>
          {link ? (
            <div className="share-link">
              <input readOnly value={link} aria-label="Your invite link" onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="btn primary" onClick={() => void copyText(link)}>
                Copy link
              </button>
            </div>
          ) : (
            <p className="form-error" role="alert">
              Your invite link is not available yet, please refresh the page.
            </p>
          )}
        </>
      )}
      {mode === 2 && (
        <p>
          A coupon was added to your account
          {reward ? `: ${reward.title} (${couponValue(reward)}, ${couponCondition(reward).toLowerCase()})` : ''}. Use it on the payment
          page.
        </p>
      )}
      {mode === 3 && (
        <p>Welcome to POD Studio! Your sign-up coupon{reward ? ` and your invite reward (${reward.title})` : ''} are in your account.</p>
      )}
      {mode !== null && (
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => closeTo('/all-products')}>
            Start designing
          </button>
          {mode !== 1 && (
            <button type="button" className="btn primary" onClick={() => closeTo('/coupons')}>
              View my coupons
            </button>
          )}
          {mode === 1 && (
            <button type="button" className="btn primary" onClick={onClose}>
              Done
            </button>
          )}
        </div>
      )}
    </Modal>
  );
}
