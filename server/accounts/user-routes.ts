/** Account calls: login image code, login, register, e-mailed codes, passwords, session hand-off and logout. */
import { randomUUID } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { captchas } from './schema';
import { captchaSvg, checkCaptcha, newCaptchaCode } from './captcha';
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
import { authenticate, createUser, findUserByEmail, findUserById, setPassword, userInfo } from './users';
import { consumeEmailCode, issueEmailCode, type CodePurpose } from './email-codes';
import { enforce, Limits, limitFailures, loginFailureKeys } from '../platform/rate-limit';
import { AppError, ok } from '../platform/envelope';
import { Code, Messages } from '../../contract/envelope';
import { CAPTCHA_TTL_S } from '../../contract/constants';
import {
  changePasswordSchema,
  firstError,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sendCodeSchema,
  setPasswordSchema,
  type Schema,
} from '../../contract/validation';
import { verifyPassword } from './password';
import { onUserRegistered } from '../commerce/coupons';

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function check(schema: Schema, body: Body): void {
  const msg = firstError(schema, body);
  if (msg) throw new AppError(msg);
}

function bodyOf(request: FastifyRequest): Body {
  const b = request.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Body) : {};
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;

  app.get('/captchaImage', async (request) => {
    if (!config.captcha) return ok({ captchaEnabled: false });
    await enforce(db, `captcha:ip:${request.ip}`, Limits.captchaPerIp);
    const uuid = randomUUID();
    const code = newCaptchaCode();
    await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
    await db.insert(captchas).values({ uuid, code, expiresAt: new Date(Date.now() + CAPTCHA_TTL_S * 1000) });
    return ok({ captchaEnabled: true, uuid, img: captchaSvg(code) });
  });

  app.post('/api/user/login', async (request, reply) => {
    const body = bodyOf(request);
    check(loginSchema(config.captcha), body);
    const username = str(body.username).toLowerCase();
    const user = await limitFailures(db, loginFailureKeys(request.ip, username), async () => {
      if (config.captcha) await checkCaptcha(db, body);
      return authenticate(db, username, str(body.password));
    });
    const session = await createSession(db, user.id);
    setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
    request.log.info({ userId: user.id }, 'login');
    return ok({ token: session.token });
  });

  app.post('/api/user/sendEmailCode', async (request) => {
    const body = bodyOf(request);
    check(sendCodeSchema, body);
    const email = str(body.email).toLowerCase();
    const purpose: CodePurpose = body.type === 'reset' ? 'reset' : 'register';
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
  });

  app.post('/api/user/add', async (request, reply) => {
    const body = bodyOf(request);
    check(registerSchema, body);
    const email = str(body.username).toLowerCase();
    await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
    if (await findUserByEmail(db, email)) throw new AppError(Messages.emailTaken);
    await consumeEmailCode(db, email, 'register', str(body.emailCode));
    const user = await createUser(db, email, str(body.password));
    // The sign-up coupon, and the invite coupons for both parties when a share code came along.
    await onUserRegistered(db, user.id, str(body.inviteCode) || undefined);
    const session = await createSession(db, user.id);
    setSessionCookies(reply, session.token, session.expiresAt, config.secureCookies);
    request.log.info({ userId: user.id }, 'registered');
    return ok({ token: session.token }, Messages.registered);
  });

  app.post('/api/user/forgetPassword', async (request) => {
    const body = bodyOf(request);
    check(resetPasswordSchema, body);
    const email = str(body.username).toLowerCase();
    await enforce(db, `verify:addr:${email}`, Limits.codeCheckPerAddress);
    const user = await findUserByEmail(db, email);
    if (!user) throw new AppError(Messages.emailUnknown);
    await consumeEmailCode(db, email, 'reset', str(body.emailCode));
    await setPassword(db, user.id, str(body.password));
    await revokeUserSessions(db, user.id);
    return ok(undefined, Messages.passwordChanged);
  });

  app.post('/api/user/changePassword', async (request) => {
    const userId = await requireUser(request);
    const body = bodyOf(request);
    check(changePasswordSchema, body);
    await enforce(db, `chpw:user:${userId}`, Limits.loginPerAccount);
    const user = await findUserById(db, userId);
    if (!user || !(await verifyPassword(str(body.oldPassword), user.passwordHash))) throw new AppError(Messages.oldPasswordWrong);
    await setPassword(db, userId, str(body.password));
    await revokeUserSessions(db, userId, request.sessionToken ?? undefined);
    return ok(undefined, Messages.passwordChanged);
  });

  /** Sets the first password of an account created through a store login (it has none yet). */
  app.post('/api/user/changePasswordNotCheck', async (request) => {
    const userId = await requireUser(request);
    const body = bodyOf(request);
    check(setPasswordSchema, body);
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(Messages.identityExpired, Code.UNAUTHORIZED, 401);
    if (user.passwordHash) throw new AppError('This account already has a password; change it in Account & Settings');
    await setPassword(db, userId, str(body.password));
    return ok(undefined, Messages.passwordChanged);
  });

  app.get('/api/user/getInfo', async (request) => {
    const userId = await requireUser(request);
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(Messages.identityExpired, Code.UNAUTHORIZED, 401);
    return ok({ user: await userInfo(db, user) });
  });

  /** Turns a bearer token (the podToken hand-off) into the session cookies of this site. */
  app.post('/api/user/session', async (request, reply) => {
    const token = tokenFrom(request);
    const userId = token ? await sessionUserId(db, token) : null;
    if (!token || !userId) throw new AppError(Messages.identityExpired, Code.UNAUTHORIZED, 401);
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    setSessionCookies(reply, token, expiresAt, config.secureCookies);
    return ok();
  });

  app.get('/api/user/logout', async (request, reply) => {
    if (request.sessionToken) await revokeSession(db, request.sessionToken);
    clearSessionCookies(reply);
    return ok();
  });
}
