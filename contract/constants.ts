/** Business constants (timeouts, page sizes, breakpoints, limits), shared by client and server. */
export const HTTP_TIMEOUT_MS = 1_000_000;
export const LOADING_DEBOUNCE_MS = 300;
export const TOAST_MS = 3000;
export const PAGE_SIZES = [5, 10, 15, 25] as const;
export const MOBILE_BREAKPOINT_PX = 768;
export const BACK_TO_TOP_PX = 800;
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const POST_LOGIN_CALLBACK_DELAY_MS = 120;
export const USER_INFO_TTL_DAYS = 7;
export const IMAGE_CODE_LENGTH = 4;
export const EMAIL_CODE_LENGTH = 6;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** How long an e-mailed code stays valid (codes expire; the 10 minutes are our choice). */
export const EMAIL_CODE_TTL_S = 10 * 60;
/** How long an image code stays valid. */
export const CAPTCHA_TTL_S = 2 * 60;
/** Minimum gap between two e-mailed codes to the same address. */
export const EMAIL_CODE_RESEND_S = 60;
/** The store switcher shows a store's name cut to this many characters, then an ellipsis. */
export const STORE_NAME_CUT = 6;
export const CART_POPOVER_WIDTH = 388;
export const FREE_SHIPPING_EU = [
  'AT',
  'BE',
  'HR',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IS',
  'IT',
  'IE',
  'LV',
  'CY',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'GB',
] as const;
export const ORDER_TABS = {
  ORDER_PENDING: 'Pending Payment',
  ORDER_PROCESSING: 'Processing',
  ORDER_FULFILLED: 'Shipped',
} as const;
export const COPYRIGHT = 'Copyright 2015-2025';
export const FOOTER_TAGLINE = 'Create your products, production direct from factory, cheaper and delivery faster.';
