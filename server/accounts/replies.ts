/**
 * Reply schemas of the account calls. Each is checked against the wire type the client reads
 * (contract/api.ts, contract/account.ts), so the two cannot drift apart. No secret is given an
 * example.
 */
import { z } from 'zod';
import type { CaptchaResponse, ShopSummary, UserInfo } from '../../contract/api';
import type { Rate } from '../../contract/account';

export const captcha = z.looseObject({
  captchaEnabled: z.boolean().meta({ description: 'False when the server asks for no image code; then nothing else is sent' }),
  uuid: z.string().optional().meta({ description: 'Names the image code; send it back with the login' }),
  img: z.string().optional().meta({ description: 'The image code as an SVG data URL' }),
}) satisfies z.ZodType<CaptchaResponse>;

/** The session token a login or sign-up answers with (also set as the session cookie). */
export const sessionToken = z.string().meta({ description: 'The session token, also set as the httpOnly session cookie' });

const shopSummary = z.looseObject({
  id: z.int(),
  myshopifyDomain: z.string().nullable(),
  simplename: z.string().nullable(),
  type: z.int().nullable(),
}) satisfies z.ZodType<ShopSummary>;

export const userInfo = z.looseObject({
  shopid: z.int().nullable().meta({ description: 'The current shop, or null when none is connected' }),
  sShopUser: z.looseObject({
    id: z.int(),
    email: z.looseObject({ email: z.string() }),
    taxNumber: z.string().nullable(),
    photoUserType: z.int(),
  }),
  sShops: z.array(shopSummary),
  apiType: z.int().nullable(),
  type: z.int().nullable(),
  currencyset: z.string(),
  currencysale: z.int(),
  haoping: z.int(),
  isEvaluation: z.int().meta({ description: '1 when the merchant has reviewed the service this calendar month' }),
  themeStyle: z.string().nullable(),
  domain: z.string().nullable(),
  employeeid: z.int().nullable(),
  gender: z.int().meta({ description: '0 not set, 1 male, 2 female' }),
  displayname: z.string(),
}) satisfies z.ZodType<UserInfo>;

export const rate = z.looseObject({
  id: z.int(),
  ratenameEN: z.string().meta({ description: 'Currency code (USD, EUR…)' }),
  rateStr: z.string().meta({ description: 'Units of the currency per US dollar, as text; for display only' }),
}) satisfies z.ZodType<Rate>;
