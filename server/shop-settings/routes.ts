/**
 * Shop-settings calls: shipping defaults per destination and warehouse (getLogistics,
 * getShopLogistics, setShopLogistics, deleteShopLogistics), the IOSS number (getIOSSparam,
 * updateIOSSparam), the bonus list and its export (getHonglilist, exportHonglilist), the
 * merchant's downloads (common/download), parsing a pasted address (address/getAddressInfo) and
 * the merchant's Shopify domain (user/getShopifyDomain). Every call acts on the caller's own rows.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { ok, okData } from '../platform/envelope';
import { enforce } from '../platform/rate-limit';
import { aka, flag, id, offsetOf, optionalId, optionalText, paging, text } from '../platform/http-schema/fields';
import { formBody, formField } from '../platform/http-schema/forms';
import { dataReply, fileReply, okReply, refusal } from '../platform/http-schema/replies';
import { rules, type Schema } from '../../contract/validation';
import { Code } from '../../contract/envelope';
import { ShopType } from '../../contract/shops';
import { ALL_DESTINATIONS, iossSchema, ShopSettingsMessages, WAREHOUSES } from '../../contract/shop-settings';
import type { ShipFromCode } from '../catalog/shipping-rules';
import { shops } from '../shops/schema';
import { currentShop, ownShop } from '../shops/merchant-shops';
import { deleteShopLogistics, destinationOrThrow, listShopLogistics, logisticsMethods, setShopLogistics } from './logistics';
import { iossParam, setIossNumber } from './ioss';
import { bonusCsv, listBonuses } from './bonus';
import { deleteDownload, DOWNLOAD_NAME_MAX, DOWNLOAD_NAME_RE, readDownload, saveDownload } from './downloads';
import { parseAddress } from './address-info';
import { addressInfo, bonusRow, iossParamReply, logisticsMethod, shopifyDomain, shopLogisticsRow } from './replies';

const tags = ['shop-settings'];

/** The longest pasted address getAddressInfo reads. */
const ADDRESS_TEXT_MAX = 500;
/** Exports are cheap but each one is stored: this only stops a script from filling the table. */
const EXPORT_LIMIT = { max: 30, windowMs: 60 * 60_000 };

const warehouseSpellings: Readonly<Record<string, ShipFromCode>> = Object.fromEntries(
  WAREHOUSES.flatMap((w) => [
    [w.code.toLowerCase(), w.code],
    [w.name.toLowerCase(), w.code],
  ]),
);

/** The setShopLogistics form, checked in order as the settings page checks it. */
const setLogisticsRules: Schema = {
  countryCode: [rules.required(ShopSettingsMessages.destinationRequired)],
  shipFrom: [
    rules.required(ShopSettingsMessages.warehouseRequired),
    (v) => (warehouseSpellings[v.toLowerCase()] ? null : ShopSettingsMessages.unknownWarehouse),
  ],
  logisticsId: [
    rules.required(ShopSettingsMessages.methodRequired),
    (v) => (/^\d{1,9}$/.test(v) ? null : ShopSettingsMessages.unknownMethod),
  ],
};

/** A download's name: required, and one of the names downloads are given (no path of any kind). */
const fileNameField = text('fileName', DOWNLOAD_NAME_MAX)
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: ShopSettingsMessages.fileNameRequired });
    else if (!DOWNLOAD_NAME_RE.test(v)) ctx.addIssue({ code: 'custom', message: ShopSettingsMessages.fileNameInvalid });
  })
  .meta({ description: 'The file name exportHonglilist (or another export) answered', pattern: DOWNLOAD_NAME_RE.source });

export function shopSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------------------------------------
  // Shipping defaults
  // ------------------------------------------------------------------------------------------

  api.get(
    '/api/shops/getLogistics',
    {
      schema: {
        tags,
        security,
        summary: 'The shipping methods of each warehouse, or of one warehouse, or those that reach a country',
        querystring: z.object({
          countryCode: aka(optionalText('countryCode', 8), 'country_code', 'countrycode').meta({
            description: `Only methods whose warehouse ships to this country (ISO code; ${ALL_DESTINATIONS} for all)`,
          }),
          shipFrom: optionalText('shipFrom', 16)
            .superRefine((v, ctx) => {
              if (v !== undefined && !warehouseSpellings[v.toLowerCase()])
                ctx.addIssue({ code: 'custom', message: ShopSettingsMessages.unknownWarehouse });
            })
            .transform((v) => (v === undefined ? undefined : warehouseSpellings[v.toLowerCase()]))
            .meta({ description: 'Only this warehouse: CN, US or AU' }),
        }),
        response: { 200: dataReply(z.array(logisticsMethod)) },
      },
    },
    async (request) => {
      await requireUser(request);
      const { countryCode, shipFrom } = request.query;
      const destination = countryCode === undefined ? ALL_DESTINATIONS : destinationOrThrow(countryCode);
      return okData(logisticsMethods({ shipFrom, countryCode: destination === ALL_DESTINATIONS ? undefined : destination }));
    },
  );

  api.get(
    '/api/shops/getShopLogistics',
    {
      schema: {
        tags,
        security,
        summary: "The merchant's default shipping method per destination and warehouse",
        response: { 200: dataReply(z.array(shopLogisticsRow)) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await listShopLogistics(db, userId));
    },
  );

  // The settings page posts these forms form-encoded (JSON is taken too); the parser is scoped to
  // this plugin's routes.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const forms = scoped.withTypeProvider<ZodTypeProvider>();
    const consumes = ['application/x-www-form-urlencoded', 'application/json'];

    forms.post(
      '/api/shops/setShopLogistics',
      {
        schema: {
          tags,
          security,
          summary: 'Set the default shipping method for a destination and warehouse (replaces the one there)',
          consumes,
          body: formBody(setLogisticsRules, {
            countryCode: formField({ description: `The destination: an ISO country code, or ${ALL_DESTINATIONS} for every other country` }),
            shipFrom: formField({ description: 'The warehouse: CN (China), US (USA) or AU (Australia)', enum: ['CN', 'US', 'AU'] }),
            logisticsId: formField({ description: 'A shipping method of that warehouse (getLogistics)', type: ['integer', 'string'] }),
          }),
          response: { 200: dataReply(shopLogisticsRow) },
        },
      },
      async (request) => {
        const userId = await requireUser(request);
        const b = request.body;
        const saved = await setShopLogistics(db, userId, {
          countryCode: b.countryCode,
          shipFrom: warehouseSpellings[b.shipFrom.toLowerCase()]!,
          logisticsId: Number(b.logisticsId),
        });
        return okData(saved, 'Shipping default saved');
      },
    );

    forms.post(
      '/api/shops/deleteShopLogistics',
      {
        config: { fieldsFromQuery: true },
        schema: {
          tags,
          security,
          summary: 'Delete one of the shipping defaults',
          consumes,
          body: z.object({ id: id('id').meta({ description: 'The id getShopLogistics answered' }) }),
          response: { 200: okReply() },
        },
      },
      async (request) => {
        const userId = await requireUser(request);
        await deleteShopLogistics(db, userId, request.body.id);
        return ok(undefined, 'Shipping default deleted');
      },
    );

    forms.post(
      '/api/shops/updateIOSSparam',
      {
        schema: {
          tags,
          security,
          summary: 'Set the IOSS number (IM and 10 digits) for orders to the EU; empty clears it',
          consumes,
          body: formBody(iossSchema, {
            iossNumber: formField({ description: 'IM followed by 10 digits (spaces and case are forgiven), or empty to clear it' }),
          }),
          response: { 200: okReply({ iossNumber: z.string().nullable().meta({ description: 'The saved number, or null when cleared' }) }) },
        },
      },
      async (request) => {
        const userId = await requireUser(request);
        const iossNumber = await setIossNumber(db, userId, request.body.iossNumber);
        return ok({ iossNumber }, iossNumber ? 'IOSS number saved' : 'IOSS number removed');
      },
    );
  });

  api.get(
    '/api/shops/getIOSSparam',
    {
      schema: {
        tags,
        security,
        summary: "The merchant's IOSS number and the scheme's terms (EU countries, 150 EUR)",
        response: { 200: dataReply(iossParamReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await iossParam(db, userId));
    },
  );

  // ------------------------------------------------------------------------------------------
  // Bonuses and downloads
  // ------------------------------------------------------------------------------------------

  api.get(
    '/api/shops/getHonglilist',
    {
      schema: {
        tags,
        security,
        summary: 'The bonuses credited to the balance (cash back, rebates), newest first, with their sum',
        querystring: z.object(paging(10)),
        response: {
          200: okReply({
            rows: z.array(bonusRow),
            total: z.int().min(0),
            totalAmount: z.int().meta({ description: 'The sum of every bonus, cents' }),
          }),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const q = request.query;
      return ok(await listBonuses(db, userId, { pageSize: q.pageSize, offset: offsetOf(q) }));
    },
  );

  api.post(
    '/api/shops/exportHonglilist',
    {
      schema: {
        tags,
        security,
        summary: 'The bonus list as a CSV file, kept a day for common/download',
        response: { 200: dataReply(z.looseObject({ fileName: z.string() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await enforce(db, `export:user:${userId}`, EXPORT_LIMIT);
      const fileName = await saveDownload(db, userId, {
        base: 'bonuses',
        ext: 'csv',
        contentType: 'text/csv; charset=utf-8',
        content: await bonusCsv(db, userId),
      });
      return okData({ fileName });
    },
  );

  api.get(
    '/common/download',
    {
      schema: {
        tags,
        security,
        summary: "One of the merchant's downloads (an export), by the name its export answered; never deletes it",
        querystring: z.object({
          fileName: fileNameField,
          delete: flag('delete').meta({ description: 'Refused when true: a download is deleted with DELETE' }),
        }),
        response: {
          200: fileReply('text/csv', 'The file, as an attachment'),
          404: refusal,
          405: refusal,
        },
      },
    },
    async (request, typedReply) => {
      // The file goes out as text of its own type, which the typed reply (a binary string) does not spell.
      const reply = typedReply as FastifyReply;
      const userId = await requireUser(request);
      if (request.query.delete === true) {
        return reply
          .status(405)
          .header('allow', 'GET, HEAD, DELETE')
          .send({ code: Code.ERROR, msg: ShopSettingsMessages.deleteNeedsDelete });
      }
      const file = await readDownload(db, userId, request.query.fileName);
      if (!file) return reply.status(404).send({ code: Code.NOT_FOUND, msg: ShopSettingsMessages.fileNotFound });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  api.delete(
    '/common/download',
    {
      schema: {
        tags,
        security,
        summary: "Delete one of the merchant's downloads",
        querystring: z.object({ fileName: fileNameField }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await deleteDownload(db, userId, request.query.fileName);
      return ok();
    },
  );

  // ------------------------------------------------------------------------------------------
  // Address parsing, Shopify domain
  // ------------------------------------------------------------------------------------------

  api.post(
    '/api/address/getAddressInfo',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'The parts of an address pasted as one text (address lines, city, state, postcode, country)',
        body: z.object({
          address: text('address', ADDRESS_TEXT_MAX)
            .refine((v) => v !== '', ShopSettingsMessages.addressRequired)
            .meta({ description: 'The whole address, parts separated by commas or line breaks' }),
        }),
        response: { 200: dataReply(addressInfo) },
      },
    },
    async (request) => {
      await requireUser(request);
      return okData(parseAddress(request.body.address));
    },
  );

  api.get(
    '/api/user/getShopifyDomain',
    {
      schema: {
        tags,
        security,
        summary: "The myshopify domain of the merchant's Shopify store: the one asked for, else the current one, else the first",
        querystring: z.object({ shopId: aka(optionalId('shopId'), 'id') }),
        response: { 200: dataReply(shopifyDomain) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const asked = request.query.shopId;
      let shop = asked !== undefined ? await ownShop(db, userId, asked) : await currentShop(db, userId);
      if (asked === undefined && (shop?.type !== ShopType.SHOPIFY || !shop.myshopifyDomain)) {
        const [first] = await db
          .select()
          .from(shops)
          .where(and(eq(shops.userId, userId), eq(shops.type, ShopType.SHOPIFY)))
          .orderBy(asc(shops.id))
          .limit(1);
        shop = first ?? null;
      }
      if (!shop || shop.type !== ShopType.SHOPIFY || !shop.myshopifyDomain) return okData(null);
      return okData({ shopId: shop.id, myshopifyDomain: shop.myshopifyDomain, simplename: shop.simplename });
    },
  );
}
