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
import type { ServiceReviewBody } from '../../contract/support';

export const userApi = {
  /** `stepUp`: a code for a login the server asked one of, even where it asks for none by default. */
  captcha: (stepUp = false) =>
    call<never, CaptchaResponse>('get', 'captchaImage', {
      hideLoading: true,
      dedupe: false,
      ...(stepUp ? { searchParams: { stepUp: 1 } } : {}),
    }),
  login: (body: LoginBody) => call<never>('post', 'api/user/login', { json: body, showError: false }),
  register: (body: RegisterBody) => call<never>('post', 'api/user/add', { json: body, showError: false }),
  sendEmailCode: (body: SendEmailCodeBody) => call<never>('post', 'api/user/sendEmailCode', { json: body, showError: false }),
  forgetPassword: (body: ResetPasswordBody) => call<never>('post', 'api/user/forgetPassword', { json: body, showError: false }),
  changePassword: (body: ChangePasswordBody) => call<never>('post', 'api/user/changePassword', { json: body, showError: false }),
  setPassword: (body: { password: string; confirmPassword: string }) =>
    call<never>('post', 'api/user/changePasswordNotCheck', { json: body, showError: false }),
  getInfo: () => call<never, { user: UserInfo }>('get', 'api/user/getInfo', { searchParams: { time: Date.now() }, hideLoading: true }),
  adoptSession: () => call<never>('post', 'api/user/session', { showError: false }),
  logout: () => call<never>('post', 'api/user/logout'),
  saveEvaluation: (body: ServiceReviewBody) => call<never>('post', 'api/saveEvaluation', { json: body, showError: false }),
  closeReviewPrompt: () => call<never>('post', 'api/user/closeHaopingPop', { hideLoading: true }),
};
