/**
 * Account & Settings shapes and rules shared by the forms and the API: profile, e-mail change,
 * currency (Rate), tax number and the merchant's messages. Rules reuse contract/validation.ts so
 * the same input gets the same message on both sides.
 */
import { FormMessages, rules, sendCodeSchema, type Rule, type Schema } from './validation';
import { EMAIL_CODE_LENGTH } from './constants';

export const DISPLAYNAME_MAX = 50;
export const TAX_NUMBER_MAX = 30;
/**
 * Letters and digits, with single spaces, dots, dashes or slashes between them (VAT, GST, ABN,
 * EIN…); every such number has digits, so one without ("abc", "NaN", "Infinity") is refused.
 */
export const TAX_NUMBER_RE = /^[A-Za-z0-9]+([ .\/-][A-Za-z0-9]+)*$/;

/** Gender as users.gender stores it: 0 not set, 1 male, 2 female. */
export const GENDERS = [
  { value: 0, label: 'Not set' },
  { value: 1, label: 'Male' },
  { value: 2, label: 'Female' },
] as const;

export const AccountMessages = {
  displaynameRequired: 'Please enter a display name',
  displaynameTooLong: `The display name can be at most ${DISPLAYNAME_MAX} characters`,
  genderInvalid: 'Please choose Not set, Male or Female',
  sameEmail: 'This is already your email address',
  emailChanged: 'Your email address has been changed',
  currencyInvalid: 'Please choose a currency from the list',
  currencySaleInvalid: 'Please choose whether to show prices in this currency',
  taxNumberInvalid: `The tax number has digits and at most ${TAX_NUMBER_MAX} letters or digits, separated by single spaces, dots, dashes or slashes`,
  messageIdsInvalid: 'Please choose the messages to mark as read',
  messageNotFound: 'The message does not exist',
} as const;

const oneOf =
  (allowed: readonly string[], msg: string): Rule =>
  (v) =>
    allowed.includes(v) ? null : msg;

export const profileSchema: Schema = {
  displayname: [rules.required(AccountMessages.displaynameRequired), rules.maxLength(DISPLAYNAME_MAX, AccountMessages.displaynameTooLong)],
  gender: [
    oneOf(
      GENDERS.map((g) => String(g.value)),
      AccountMessages.genderInvalid,
    ),
  ],
};

/** Sending the code to the new address: the same e-mail rules as sign-up. */
export const changeEmailSendSchema: Schema = sendCodeSchema;

export const changeEmailSchema: Schema = {
  email: sendCodeSchema.email!,
  emailCode: [
    rules.required(FormMessages.emailCodeRequired),
    rules.length(EMAIL_CODE_LENGTH, FormMessages.emailCodeInvalid),
    rules.natural(FormMessages.emailCodeInvalid),
  ],
};

/** Empty clears the tax number, so only a filled value is checked. */
export const taxNumberSchema: Schema = {
  taxNumber: [
    (v) => (v === '' || (v.length <= TAX_NUMBER_MAX && TAX_NUMBER_RE.test(v) && /\d/.test(v)) ? null : AccountMessages.taxNumberInvalid),
  ],
};

/** A currency rate the merchant can pick: id, English name and the rate as text. */
export interface Rate {
  id: number;
  ratenameEN: string;
  rateStr: string;
}

export interface ProfileBody {
  displayname: string;
  gender: number;
}
export interface CurrencyBody {
  currencyset: string;
  currencysale: number;
}
export interface ChangeEmailBody {
  email: string;
  emailCode: string;
}

/** Types of the merchant's messages: 1 platform message, 2 notice, 3 product complete, 4 product details. */
export const MessageType = { PLATFORM: 1, NOTICE: 2, PRODUCT_COMPLETE: 3, PRODUCT_DETAILS: 4 } as const;
export type MessageTypeValue = (typeof MessageType)[keyof typeof MessageType];
export const MESSAGE_TYPE_NAMES: Record<MessageTypeValue, string> = {
  1: 'Platform message',
  2: 'Notice',
  3: 'Product complete',
  4: 'Product details',
};

export interface ShopMessage {
  id: number;
  type: MessageTypeValue;
  title: string;
  content: string;
  hasRead: boolean;
  createTime: string;
}

/** What a finished store push leaves in the merchant's messages. */
export const pushMessageTitle = (title: string, ok: boolean): string =>
  ok ? `«${title}» was pushed to your store` : `«${title}» could not be pushed to your store`;
