/**
 * Account & Settings calls: profile, e-mail change (with a code sent to the new address),
 * currency and tax number. Logic lives in ./account-settings.ts; the merchant's messages are
 * server/notifications/.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { requireUser } from './session';
import { ok, okData } from '../platform/envelope';
import { bodyOf } from '../platform/request-fields';
import { Messages } from '../../contract/envelope';
import { AccountMessages } from '../../contract/account';
import { changeEmail, RATES, sendChangeEmailCode, updateCurrency, updateProfile, updateTaxNumber } from './account-settings';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer } = ctx;

  app.put('/api/shops/update', async (request) => {
    const userId = await requireUser(request);
    await updateProfile(db, userId, bodyOf(request));
    return ok();
  });

  app.post('/api/user/updateShopUserEmailSendCode', async (request) => {
    const userId = await requireUser(request);
    await sendChangeEmailCode(db, mailer, userId, bodyOf(request), request.ip);
    return ok(undefined, Messages.codeSent);
  });

  app.post('/api/user/updateShopUserEmail', async (request) => {
    const userId = await requireUser(request);
    const email = await changeEmail(db, mailer, userId, bodyOf(request));
    request.log.info({ userId }, 'email changed');
    return ok({ email }, AccountMessages.emailChanged);
  });

  app.get('/api/shops/rateList', async (request) => {
    await requireUser(request);
    return okData(RATES);
  });

  app.put('/api/shops/updateCurrencySETAndCurrencySale', async (request) => {
    const userId = await requireUser(request);
    await updateCurrency(db, userId, bodyOf(request));
    return ok();
  });

  // The spec posts taxNumber form-encoded; the parser is scoped to this route's plugin.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scoped.post('/api/shops/updateTaxNumber', async (request) => {
      const userId = await requireUser(request);
      const taxNumber = await updateTaxNumber(db, userId, bodyOf(request));
      return ok({ taxNumber });
    });
  });
}
