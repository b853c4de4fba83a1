/**
 * Account & Settings calls: profile, e-mail change (with a code sent to the new address),
 * currency and tax number. Logic lives in ./account-settings.ts; the merchant's messages are
 * server/notifications/.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from './session';
import { ok, okData } from '../platform/envelope';
import { Messages } from '../../contract/envelope';
import {
  AccountMessages,
  changeEmailSchema,
  changeEmailSendSchema,
  DISPLAYNAME_MAX,
  profileSchema,
  TAX_NUMBER_MAX,
  taxNumberSchema,
} from '../../contract/account';
import { changeEmail, currencyRules, RATES, sendChangeEmailCode, updateCurrency, updateProfile, updateTaxNumber } from './account-settings';
import { emailCodeField, emailField, formBody, formField } from '../platform/http-schema/forms';
import { sessionSecurity as security } from './signed-in';
import { rate } from './replies';
import { dataReply, okReply } from '../platform/http-schema/replies';

const tags = ['accounts'];

/** A currency field as the old form reader took it: text or a number; anything else is ''. */
const currencyValue = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/shops/update',
    {
      schema: {
        tags,
        security,
        summary: 'Change the display name and gender',
        body: formBody(profileSchema, {
          displayname: formField({ description: 'The display name', maxLength: DISPLAYNAME_MAX }),
          gender: formField({ description: '0 not set, 1 male, 2 female', type: ['integer', 'string'], enum: [0, 1, 2, '0', '1', '2'] }),
        }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await updateProfile(db, userId, { displayname: request.body.displayname, gender: Number(request.body.gender) });
      return ok();
    },
  );

  api.post(
    '/api/user/updateShopUserEmailSendCode',
    {
      schema: {
        tags,
        security,
        summary: 'E-mail a code to the new address of the account',
        body: formBody(changeEmailSendSchema, { email: emailField('The new address') }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await sendChangeEmailCode(db, mailer, userId, request.body.email, request.ip);
      return ok(undefined, Messages.codeSent);
    },
  );

  api.post(
    '/api/user/updateShopUserEmail',
    {
      schema: {
        tags,
        security,
        summary: "Change the account's e-mail address with the code sent to it",
        body: formBody(changeEmailSchema, { email: emailField('The new address'), emailCode: emailCodeField() }),
        response: { 200: okReply({ email: z.string().meta({ description: 'The new address' }) }) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const email = await changeEmail(db, mailer, userId, request.body);
      request.log.info({ userId }, 'email changed');
      return ok({ email }, AccountMessages.emailChanged);
    },
  );

  api.get(
    '/api/shops/rateList',
    { schema: { tags, security, summary: 'The currencies prices can be shown in', response: { 200: dataReply(z.array(rate)) } } },
    async (request) => {
      await requireUser(request);
      return okData(RATES);
    },
  );

  api.put(
    '/api/shops/updateCurrencySETAndCurrencySale',
    {
      schema: {
        tags,
        security,
        summary: 'Choose the currency prices are shown in',
        body: formBody(currencyRules, {
          currencyset: z
            .preprocess(currencyValue, z.string())
            .meta({ description: 'A currency of rateList (ratenameEN), in any case', enum: RATES.map((r) => r.ratenameEN) }),
          currencysale: z.preprocess(currencyValue, z.string()).meta({
            description: '1 to show prices in the currency, 0 not',
            type: ['integer', 'string'],
            enum: [0, 1, '0', '1'],
          }),
        }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await updateCurrency(db, userId, { currencyset: request.body.currencyset, currencysale: Number(request.body.currencysale) });
      return ok();
    },
  );

  // The page posts taxNumber form-encoded; the parser is scoped to this route's plugin.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/api/shops/updateTaxNumber',
      {
        schema: {
          tags,
          security,
          summary: 'Set the tax number (VAT, GST, ABN, EIN…); empty clears it',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: formBody(taxNumberSchema, {
            taxNumber: formField({ description: 'The tax number, or empty to clear it', maxLength: TAX_NUMBER_MAX }),
          }),
          response: { 200: okReply({ taxNumber: z.string().nullable().meta({ description: 'The saved number, or null when cleared' }) }) },
        },
      },
      async (request) => {
        const userId = await requireUser(request);
        const taxNumber = await updateTaxNumber(db, userId, request.body.taxNumber);
        return ok({ taxNumber });
      },
    );
  });
}
