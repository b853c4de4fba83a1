/**
 * The password check every login form goes through (the login page and the store login): the
 * throttle's wait, the image code when the server or the throttle asks for one, the password,
 * and the counting of failures (./login-throttle.ts).
 *
 * When the throttle asks for an image code on a server that otherwise asks for none, the refusal
 * carries a fresh one (`captcha: { uuid, img }`) for the form to show: the login page cannot get
 * one from `captchaImage`, which answers for the server's own setting.
 */
import { z } from 'zod';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import { refusal } from '../platform/http-schema/replies';
import { checkCaptcha, issueCaptcha } from './captcha';
import { clearLoginFailures, loginGate, recordLoginFailure } from './login-throttle';
import { authenticate, type UserRow } from './users';
import { Code, tryAgainIn } from '../../contract/envelope';
import { FormMessages } from '../../contract/validation';

export interface PasswordLoginInput {
  /** The client's address (behind a trusted proxy, the one it forwarded). */
  ip: string;
  /** The account's e-mail, lower-cased. */
  username: string;
  password: string;
  uuid?: string | undefined;
  code?: string | undefined;
}

/** A login refusal: the reason and, when the next attempt needs one, a fresh image code. */
export const loginRefusal = refusal
  .extend({
    captcha: z
      .object({ uuid: z.string(), img: z.string() })
      .optional()
      .meta({ description: 'A fresh image code, when the next attempt must carry one (after repeated failures)' }),
  })
  .meta({ description: 'A refused login (code is not 200), with a fresh image code when the next attempt needs one' });

async function refusedWithCaptcha(db: Db, message: string): Promise<AppError> {
  return new AppError(message, Code.ERROR, 200, { captcha: await issueCaptcha(db) });
}

/**
 * The account whose password this is, or an AppError saying why not. `alwaysCaptcha` is the
 * server's own setting: then every attempt carries an image code and the form fetches its own.
 */
export async function passwordLogin(db: Db, alwaysCaptcha: boolean, input: PasswordLoginInput): Promise<UserRow> {
  const { ip, username } = input;
  const gate = await loginGate(db, ip, username);
  const stepUp = gate.captcha && !alwaysCaptcha;
  if (gate.waitMs > 0) {
    const message = tryAgainIn(gate.waitMs);
    throw stepUp ? await refusedWithCaptcha(db, message) : new AppError(message);
  }
  if (alwaysCaptcha || gate.captcha) {
    // A step-up the form could not know about is not a failure: it is asked for, nothing counted.
    if (stepUp && !input.uuid) throw await refusedWithCaptcha(db, FormMessages.imageCodeRequired);
    try {
      await checkCaptcha(db, { uuid: input.uuid, code: input.code });
    } catch (err) {
      if (stepUp && err instanceof AppError) throw await refusedWithCaptcha(db, err.message);
      throw err;
    }
  }
  let user: UserRow;
  try {
    user = await authenticate(db, username, input.password);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await recordLoginFailure(db, ip, username);
    if (!alwaysCaptcha && (await loginGate(db, ip, username)).captcha) throw await refusedWithCaptcha(db, err.message);
    throw err;
  }
  await clearLoginFailures(db, ip, username);
  return user;
}
