/** Account calls: login image code, login, register, e-mailed codes, passwords, session hand-off and logout. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { issueCaptcha } from './captcha';
import { loginRefusal, passwordLogin } from './password-login';
import {
  clearSessionCookies,
  createSession,
  requireUser,
  revokeSession,
  revokeUserSessions,
  setSessionCookies,
  sessionUserId,
  tokenFrom,
} from './session';
import { createUser, findUserByEmail, findUserById, setPassword, userInfo } from './users';
import { consumeEmailCode, issueEmailCode, type CodePurpose } from './email-codes';
import { enforce, Limits } from '../platform/rate-limit';
import { AppError, ok } from '../platform/envelope';
import { Code, Messages } from '../../contract/envelope';
import {
  changePasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sendCodeSchema,
  setPasswordSchema,
} from '../../contract/validation';
import { verifyPassword } from './password';
import { onUserRegistered } from '../commerce/coupons';
import {
  confirmPasswordField,
  emailCodeField,
  emailField,
  formBody,
  formField,
  imageCodeField,
  optionalFormField,
  passwordField,
} from '../platform/http-schema/forms';
import { sessionSecurity as security } from './signed-in';
import { captcha, sessionToken, userInfo as userInfoReply } from './replies';
import { okReply } from '../platform/http-schema/replies';

const tags = ['accounts'];

/** The e-mail code and new password of a sign-up or a password reset. */
const codeAndPasswordFields = {
  emailCode: emailCodeField(),
  password: passwordField(),
  confirmPassword: confirmPasswordField(),
};

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/captchaImage',
    {
      schema: {
        tags,
        summary: 'A new login image code (when the server asks for one)',
        querystring: z.object({
          stepUp: z
            .preprocess((v) => v === '1' || v === 'true', z.boolean())
            .optional()
            .meta({
              description: 'A code for a login the server asked one of after repeated failures, even where it asks for none by default',
            }),
        }),
        response: { 200: okReply(captcha.shape) },
      },
    },
    async (request) => {
      if (!config.captcha && !request.query.stepUp) return ok({ captchaEnabled: false });
      await enforce(db, `captcha:ip:${request.ip}`, Limits.captchaPerIp);
      return ok({ captchaEnabled: true, ...(await issueCaptcha(db)) });
    },
  );

  api.post(
    '/api/user/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password (and the image code when asked for one)',
        body: formBody(loginSchema(config.captcha), {
          username: emailField('The e-mail address of the account'),
          password: passwordField('The password'),
          code: config.captcha ? imageCodeField() : optionalFormField({ description: 'The image code; not asked for on this server' }),
          uuid: optionalFormField({ description: 'The uuid captchaImage answered with, when it asked for an image code' }),
        }),
        response: { 200: okReply({ token: sessionToken }, loginRefusal) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const username = b.username.toLowerCase();
      const user = await passwordLogin(db, config.captcha, { ...b, ip: request.ip, username });
      const session = await createSession(db, user.id);
      setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
      request.log.info({ userId: user.id }, 'login');
      return ok({ token: session.token });
    },
  );

  api.post(
    '/api/user/sendEmailCode',
    {
      schema: {
        tags,
        summary: 'E-mail a verification code for a sign-up or a password reset',
        body: formBody(sendCodeSchema, {
          email: emailField('The address to send the code to'),
          // Anything but "reset" asks for a sign-up code.
          type: z
            .preprocess((v) => (v === 'reset' ? 'reset' : 'register'), z.enum(['register', 'reset']).optional())
            .meta({ description: 'register (the default; the address must be free) or reset (the address must have an account)' }),
        }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const b = request.body;
      const email = b.email.toLowerCase();
      const purpose: CodePurpose = b.type ?? 'register';
      await enforce(db, `code:ip:${request.ip}`, Limits.emailCodePerIp);
      await enforce(db, `code:addr:${email}`, Limits.emailCodePerAddress);
      const existing = await findUserByEmail(db, email);
      if (purpose === 'register' && existing) throw new AppError(Messages.emailTaken);
      if (purpose === 'reset' && !existing) throw new AppError(Messages.emailUnknown);
      const code = await issueEmailCode(db, email, purpose);
      const what = purpose === 'register' ? 'complete your registration' : 'reset your password';
      await ctx.mailer.send({
        to: email,
        tag: `email-code:${purpose}`,
        subject: `Your POD Studio verification code: ${code}`,
        text: `Your verification code is ${code}. Use it to ${what}. It expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
      });
      return ok(undefined, Messages.codeSent);
    },
  );

  api.post(
    '/api/user/add',
    {
      schema: {
        tags,
        summary: 'Register with the e-mailed code, and log in',
        body: formBody(registerSchema, {
          username: emailField('The e-mail address to register'),
          ...codeAndPasswordFields,
          // Only a text share code counts; anything else is ignored.
          inviteCode: z
            .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined), z.string().optional())
            .meta({ description: 'The share code of the merchant who sent the invite link, if any' }),
        }),
        response: { 200: okReply({ token: sessionToken }) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const email = b.username.toLowerCase();
      await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
      if (await findUserByEmail(db, email)) throw new AppError(Messages.emailTaken);
      await consumeEmailCode(db, email, 'register', b.emailCode);
      const user = await createUser(db, email, b.password);
      // The sign-up coupon, and the invite coupons for both parties when a share code came along.
      await onUserRegistered(db, user.id, b.inviteCode);
      const session = await createSession(db, user.id);
      setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
      request.log.info({ userId: user.id }, 'registered');
      return ok({ token: session.token }, Messages.registered);
    },
  );

  api.post(
    '/api/user/forgetPassword',
    {
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed reset code; ends every session',
        body: formBody(resetPasswordSchema, { username: emailField('The e-mail address of the account'), ...codeAndPasswordFields }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const b = request.body;
      const email = b.username.toLowerCase();
      await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
      const user = await findUserByEmail(db, email);
      if (!user) throw new AppError(Messages.emailUnknown);
      await consumeEmailCode(db, email, 'reset', b.emailCode);
      await setPassword(db, user.id, b.password);
      await revokeUserSessions(db, user.id);
      return ok(undefined, Messages.passwordChanged);
    },
  );

  api.post(
    '/api/user/changePassword',
    {
      schema: {
        tags,
        security,
        summary: "Change the password, given the current one; ends the account's other sessions",
        body: formBody(changePasswordSchema, {
          oldPassword: formField({ description: 'The current password', format: 'password' }),
          password: passwordField('The new password'),
          confirmPassword: confirmPasswordField(),
        }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      await enforce(db, `chpw:user:${userId}`, Limits.passwordChangePerAccount);
      const user = await findUserById(db, userId);
      if (!user || !(await verifyPassword(b.oldPassword, user.passwordHash))) throw new AppError(Messages.oldPasswordWrong);
      await setPassword(db, userId, b.password);
      await revokeUserSessions(db, userId, request.sessionToken ?? undefined);
      return ok(undefined, Messages.passwordChanged);
    },
  );

  /** Sets the first password of an account created through a store login (it has none yet). */
  api.post(
    '/api/user/changePasswordNotCheck',
    {
      schema: {
        tags,
        security,
        summary: 'Set the first password of an account created through a store login',
        body: formBody(setPasswordSchema, { password: passwordField(), confirmPassword: confirmPasswordField() }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(Messages.identityExpired, Code.UNAUTHORIZED, 401);
      if (user.passwordHash) throw new AppError('This account already has a password; change it in Account & Settings');
      await setPassword(db, userId, request.body.password);
      return ok(undefined, Messages.passwordChanged);
    },
  );

  api.get(
    '/api/user/getInfo',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in merchant: account, shops and settings',
        response: { 200: okReply({ user: userInfoReply }) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(Messages.identityExpired, Code.UNAUTHORIZED, 401);
      return ok({ user: await userInfo(db, user) });
    },
  );

  /** Turns a bearer token (the podToken hand-off) into the session cookies of this site. */
  api.post(
    '/api/user/session',
    {
      schema: {
        tags,
        security,
        summary: 'Trade the bearer token of a hand-off for the session cookies',
        response: { 200: okReply() },
      },
    },
    async (request, reply) => {
      const token = tokenFrom(request);
      const userId = token ? await sessionUserId(db, token) : null;
      if (!token || !userId) throw new AppError(Messages.identityExpired, Code.UNAUTHORIZED, 401);
      const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000);
      setSessionCookies(reply, token, expiresAt, config.secureCookies);
      return ok();
    },
  );

  // A POST: a link or an image tag on another site must not end the merchant's session.
  api.post(
    '/api/user/logout',
    {
      schema: {
        tags,
        // Without a session it only clears the cookies.
        security: [...security, {}],
        summary: 'End the session and clear its cookies',
        response: { 200: okReply() },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await revokeSession(db, request.sessionToken);
      clearSessionCookies(reply);
      return ok();
    },
  );
}
