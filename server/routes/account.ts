/**
 * Account & Settings calls of spec section 7 "User and shop": profile, e-mail change, currency,
 * tax number and the merchant's messages. Logic lives in server/services/account-settings.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../auth/session';
import { ok, okData, page } from '../lib/envelope';
import { bodyOf, pagingOf, paramsOf, queryOf } from '../commerce/params';
import { Messages } from '../../contract/envelope';
import { AccountMessages } from '../../contract/account';
import {
  changeEmail, listMessages, markMessagesRead, parseMessageIds, RATES, sendChangeEmailCode, unreadCount, updateCurrency,
  updateProfile, updateTaxNumber,
} from '../services/account-settings';

const DEFAULT_MESSAGE_PAGE_SIZE = 10;

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

  app.get('/api/sMessgaeShop/list', async (request) => {
    const userId = await requireUser(request);
    const { rows, total } = await listMessages(db, userId, pagingOf(queryOf(request), DEFAULT_MESSAGE_PAGE_SIZE));
    return page(rows, total);
  });

  app.put('/api/sMessgaeShop/updateRead/:ids', async (request) => {
    const userId = await requireUser(request);
    const updated = await markMessagesRead(db, userId, parseMessageIds(String(paramsOf(request).ids ?? '')));
    return ok({ updated });
  });

  app.get('/api/shops/getUnReadMsgByShopid', async (request) => {
    const userId = await requireUser(request);
    return okData(await unreadCount(db, userId));
  });
}
