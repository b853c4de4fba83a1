/** Request and response shapes of the account calls (spec section 7 "User and shop"). */
export interface CaptchaResponse { captchaEnabled: boolean; uuid?: string; img?: string }

export interface LoginBody { username: string; password: string; code?: string; uuid?: string }
export interface SendEmailCodeBody { email: string; type?: 'register' | 'reset' }
export interface RegisterBody { username: string; emailCode: string; password: string; confirmPassword: string; inviteCode?: string }
export interface ResetPasswordBody { username: string; emailCode: string; password: string; confirmPassword: string }
export interface ChangePasswordBody { oldPassword: string; password: string; confirmPassword: string }

export interface ShopSummary { id: number; myshopifyDomain: string | null; simplename: string | null; type: number | null }

/** The User of spec section 3 as getInfo answers it. */
export interface UserInfo {
  shopid: number | null;
  sShopUser: { id: number; email: { email: string }; taxNumber: string | null; photoUserType: number };
  sShops: ShopSummary[];
  apiType: number | null;
  type: number | null;
  currencyset: string;
  currencysale: number;
  haoping: number;
  themeStyle: string | null;
  domain: string | null;
  employeeid: number | null;
  gender: number;
  displayname: string;
}
