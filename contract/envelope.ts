/**
 * The response envelope, response codes and wording shared by client and server.
 * Every API answer is `{ code, msg, ...payload }`; HTTP status stays 200 for business errors,
 * as in the RuoYi family of back ends this API follows, so the client reads `code` first.
 */
export const Code = {
  /** Client-side only: a cancelled request resolves with this code. */
  BREAK: 100,
  SUCCESS: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ERROR: 10000,
  STORE_NOT_INSTALLED: 10003,
  PERMISSIONS_UPDATED: 10004,
  WARN: 10010,
  IGNORED: 10301,
  INTERNAL_WARNING: 11000,
  DATA_ERROR: 20000,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  rows?: T extends unknown[] ? T : unknown[];
  total?: number;
  token?: string;
  user?: unknown;
  [extra: string]: unknown;
}

export interface PageEnvelope<Row> {
  code: number;
  msg: string;
  rows: Row[];
  total: number;
}

/** Wording the product shows, in its established texts. */
export const Messages = {
  success: 'Operation successful',
  generalError: 'Some error may have occurred. Please try again later,or contact customer care.',
  identityExpired: 'Identity expired, please login again!',
  systemException: 'System exception, please try again later!',
  networkError: 'Network error, please try again later!',
  storeNotInstalled: 'Your account has not installed the APP yet.Go ahead and install it.',
  permissionsUpdated: 'Shopify has updated the permissions. It needs to take a few seconds to authorize again.',
  dataError: 'Data error',
  dataErrorRefresh: 'Data error, please refresh',
  loadSvgError: 'Load svg error',
  loadingWait: 'Loading… Please wait a few seconds.',
  refreshPage: 'Please refresh the page',
  fontError: 'Error loading font',
  maxTiling: 'Maximum 150 tiling',
  logoutConfirm: 'Are you sure you want to log out?',
  pageNotAvailable: 'Oops! This page is not available.',
  pageNotExist: 'Sorry, the page you visited does not exist.',
  successfulCopy: 'Successful copy',
  uploadFailed: 'Upload failed',
  cancelUpload: 'Cancel upload',
  uploadedSuccessfully: 'Uploaded successfully',
  submitting: 'Submitting, Please do not refresh.',
  // Server-side wording of our own, for cases with no established text.
  wrongCredentials: 'Incorrect email address or password',
  captchaError: 'Verification code error',
  captchaExpired: 'The verification code has expired, please get a new one',
  emailCodeError: 'Email verification code error',
  emailCodeExpired: 'The email verification code has expired, please send a new one',
  emailTaken: 'This email address is already registered',
  emailUnknown: 'No account is registered with this email address',
  tooManyRequests: 'Too many attempts, please try again later',
  codeSent: 'The verification code has been sent to your email',
  registered: 'Registration successful',
  passwordChanged: 'Password changed successfully',
  oldPasswordWrong: 'The current password is incorrect',
  notFound: 'The requested resource does not exist',
} as const;

/** A refused login that will be heard again after a wait (the login throttle's growing delay). */
export const tryAgainIn = (ms: number) => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return `Too many attempts, please try again in ${s} second${s === 1 ? '' : 's'}`;
};
