/**
 * The "get coupons and customize personalized products" campaign, as client and server see it:
 * its timed items (a coupon each), the promotion countdown's rule, claiming a coupon with an
 * e-mailed code, and the share-click tracking types.
 */
import type { CouponTerms } from './commerce';

export const ACTIVITY_PATH = '/activities/get-coupons-and-customize-personalized-products';

/** The countdown runs only inside this window before its moment (48 hours); further off, a date range shows. */
export const COUNTDOWN_WINDOW_S = 172_800;
/** How often one item's countdown may call back when it reaches zero (a clock that disagrees with the server's would otherwise call forever). */
export const COUNTDOWN_CALLBACK_CAP = 10;

/** A timed item's status: -1 not started yet, 0 running (both count down), 1 over. */
export type TimedStatus = -1 | 0 | 1;

/** A timed item (promotion): its window and the server's clock when it answered. */
export interface TimedItem {
  id: number;
  /** ISO times. */
  startTime: string;
  endTime: string;
  systemTime: string;
  status: TimedStatus;
}

/** An item of the campaign: a coupon to claim in its window. */
export interface CampaignItem extends TimedItem, CouponTerms {
  couponId: number;
  title: string;
  /** What the coupon is for, in a sentence. */
  blurb: string;
  /** Days the coupon stays usable once claimed. */
  validDays: number;
  /** 1 when the signed-in merchant claimed it in this window; always 0 for visitors. */
  claimed: 0 | 1;
}

export interface Campaign {
  title: string;
  systemTime: string;
  items: CampaignItem[];
  /** The signed-in merchant's share code, when one was made (shareInfo makes it); null otherwise. */
  shareCode: string | null;
  /** Visitors who opened the campaign through the merchant's share link (distinct per day); 0 without a code. */
  shareVisitors: number;
}

export type Countdown =
  | {
      kind: 'countdown';
      /** What the count leads to. */ towards: 'start' | 'end';
      remainingS: number;
      days: number;
      hours: number;
      minutes: number;
      seconds: number;
    }
  | { kind: 'range'; startTime: string; endTime: string };

/**
 * What an item shows at `nowMs` (the browser's clock, corrected by `skewMs`, the server's clock
 * minus the browser's when the item arrived): a countdown when its status is 0 or -1 and its
 * moment (the end when running, the start when not started) is within 172800 s; otherwise the
 * start–end range. A countdown at zero stays at zero until the item is fetched again.
 */
export function countdownOf(item: Pick<TimedItem, 'startTime' | 'endTime' | 'status'>, nowMs: number, skewMs = 0): Countdown {
  const towards = item.status === -1 ? 'start' : 'end';
  const target = Date.parse(towards === 'start' ? item.startTime : item.endTime);
  const remainingS = Math.max(0, Math.ceil((target - (nowMs + skewMs)) / 1000));
  if ((item.status !== 0 && item.status !== -1) || !Number.isFinite(target) || remainingS > COUNTDOWN_WINDOW_S) {
    return { kind: 'range', startTime: item.startTime, endTime: item.endTime };
  }
  return {
    kind: 'countdown',
    towards,
    remainingS,
    days: Math.floor(remainingS / 86_400),
    hours: Math.floor((remainingS % 86_400) / 3600),
    minutes: Math.floor((remainingS % 3600) / 60),
    seconds: remainingS % 60,
  };
}

/**
 * Counts the callbacks each item's countdown has made, at most COUNTDOWN_CALLBACK_CAP each:
 * `take(id)` says whether one more may run (and counts it).
 */
export function callbackLimiter(cap = COUNTDOWN_CALLBACK_CAP) {
  const used = new Map<number, number>();
  return {
    take(id: number): boolean {
      const n = used.get(id) ?? 0;
      if (n >= cap) return false;
      used.set(id, n + 1);
      return true;
    },
    count: (id: number) => used.get(id) ?? 0,
  };
}

/** Where a share click or share-code visit happened (shareCodeIp calls' `type`). */
export const ShareClickType = {
  /** The invite landing, /share-coupon/{code}. */
  SHARE_COUPON: 1,
  /** This campaign's page. */
  CAMPAIGN: 2,
} as const;
export const SHARE_CLICK_TYPES: readonly number[] = Object.values(ShareClickType);

/** The campaign page's address with a merchant's share code, for sharing. */
export const campaignShareUrl = (origin: string, code: string) => `${origin}${ACTIVITY_PATH}?code=${encodeURIComponent(code)}`;

export const ActivityMessages = {
  itemNotFound: 'This offer does not exist',
  notStarted: 'This offer has not started yet',
  ended: 'This offer has ended',
  alreadyClaimed: 'You have already claimed this coupon',
  claimed: 'Coupon activated: it is in your coupons now',
  badType: 'type must be 1 (share link) or 2 (campaign page)',
} as const;
