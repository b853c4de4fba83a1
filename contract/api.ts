/** Request and response shapes of the account calls: captcha, login, e-mail codes, register, password, user info. */
export interface CaptchaResponse {
  captchaEnabled: boolean;
  uuid?: string;
  img?: string;
}

export interface LoginBody {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}
export interface SendEmailCodeBody {
  email: string;
  type?: 'register' | 'reset';
}
export interface RegisterBody {
  username: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string;
}
export interface ResetPasswordBody {
  username: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
}
export interface ChangePasswordBody {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export interface ShopSummary {
  id: number;
  myshopifyDomain: string | null;
  simplename: string | null;
  type: number | null;
}

/** The logged-in user as getInfo answers it: current shop, shop user, all shops and account settings. */
export interface UserInfo {
  shopid: number | null;
  sShopUser: { id: number; email: { email: string }; taxNumber: string | null; photoUserType: number };
  sShops: ShopSummary[];
  apiType: number | null;
  type: number | null;
  currencyset: string;
  currencysale: number;
  /** 0 until the merchant closes the prompt to review the service (closeHaopingPop), then 1. */
  haoping: number;
  /** 1 when the merchant has reviewed the service this calendar month (UTC): another is refused. */
  isEvaluation: number;
  themeStyle: string | null;
  domain: string | null;
  employeeid: number | null;
  gender: number;
  displayname: string;
}
