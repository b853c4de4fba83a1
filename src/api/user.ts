import { call } from './http';
import type {
  CaptchaResponse,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SendEmailCodeBody,
  UserInfo,
} from '../../contract/api';

export const userApi = {
  captcha: () => call<never, CaptchaResponse>('get', 'captchaImage', { hideLoading: true }),
  login: (body: LoginBody) => call<never>('post', 'api/user/login', { json: body, showError: false }),
  register: (body: RegisterBody) => call<never>('post', 'api/user/add', { json: body, showError: false }),
  sendEmailCode: (body: SendEmailCodeBody) => call<never>('post', 'api/user/sendEmailCode', { json: body, showError: false }),
  forgetPassword: (body: ResetPasswordBody) => call<never>('post', 'api/user/forgetPassword', { json: body, showError: false }),
  changePassword: (body: ChangePasswordBody) => call<never>('post', 'api/user/changePassword', { json: body, showError: false }),
  setPassword: (body: { password: string; confirmPassword: string }) =>
    call<never>('post', 'api/user/changePasswordNotCheck', { json: body, showError: false }),
  getInfo: () => call<never, { user: UserInfo }>('get', 'api/user/getInfo', { searchParams: { time: Date.now() }, hideLoading: true }),
  adoptSession: () => call<never>('post', 'api/user/session', { showError: false }),
  logout: () => call<never>('get', 'api/user/logout'),
};
