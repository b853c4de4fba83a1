/**
 * The branding project's calls (brandSupport): the packages (open to visitors: what each holds
 * and costs), and for the signed-in merchant the package records: read, save a customisation,
 * price it, submit it, pay it (balance, PayPal, card, Stripe, or the Shopify bill), and switch a
 * paid package in or out of use, with the check for unshipped orders that closing needs. Every
 * record is the caller's own: it is found by the session's merchant and the package id.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { enforce } from '../platform/rate-limit';
import { AppError, ok, okData } from '../platform/envelope';
import { aka, editText, id, int, isBlank, optionalId, optionalInt, requiredText } from '../platform/http-schema/fields';
import { dataReply, okReply } from '../platform/http-schema/replies';
import type { Gateways } from '../commerce/payments/gateways';
import { ProviderFlows } from '../commerce/payments/provider-flows';
import { PaymentLimits } from '../commerce/payments/routes';
import { idempotencyKeyField, idempotencyKeyOf } from '../commerce/fields';
import { shopTokenCipher } from '../shops/jobs';
import {
  checkedOptions,
  customsOf,
  findCustom,
  hasUnshippedOrders,
  listPackages,
  optionsOf,
  packageOrThrow,
  saveCustom,
  submitCustom,
  switchUse,
  toWire,
} from './customs';
import { currentRecord, customOfPayment, openBrandPayment, payBrandByBalance } from './payments';
import { payBrandWithShopify } from './shopify-charge';
import { brandCustom, brandPackage, brandPayReply, brandPrice as brandPriceReply } from './replies';
import { BRAND_ITEM_KINDS, BrandMessages, BRAND_TEXT_MAX, brandPrice, type BrandItemKind } from '../../contract/branding';
import { CommerceMessages } from '../../contract/commerce';

const tags = ['branding'];
const BASE = '/api/brandSupport';

const packageId = aka(id('package_id'), 'packageId').meta({ description: 'The package: 1 Starter_Pack, 2 Pro_Plan' });

/** The chosen option by item kind: an object of at most one entry per item. */
const optionsField = z
  .preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z
      .record(z.string().max(40), z.string({ error: 'options must map item kinds to choices' }).max(40), {
        error: 'options must map item kinds to choices',
      })
      .refine((o) => Object.keys(o).length <= BRAND_ITEM_KINDS.length, 'options must map item kinds to choices')
      .optional(),
  )
  .meta({ description: 'The chosen option value by item kind (diao_pai: coated or kraft, …)' });

const picture = (what: string) =>
  editText(what, 1000).meta({ description: `${what}: the URL of one of your uploaded pictures ('' clears it; absent leaves it)` });

const kaPian = optionalInt('ka_pian', 1, 2, BrandMessages.badKaPian).meta({ description: '1 one-sided card, 2 two-sided' });

const saveBody = z.object({
  package_id: packageId,
  logo: picture('logo'),
  order_pic: picture('order_pic'),
  diao_pai: picture('diao_pai'),
  biao_qian: picture('biao_qian'),
  bao_zhuang_dai: picture('bao_zhuang_dai'),
  zhi_xiang: picture('zhi_xiang'),
  jiao_zhi: picture('jiao_zhi'),
  ka_pian_pic: picture('ka_pian_pic'),
  ka_pian: kaPian,
  options: optionsField,
  skype: editText('skype', BRAND_TEXT_MAX.skype),
  whatsapp: editText('whatsapp', BRAND_TEXT_MAX.whatsapp),
  diao_pai_info: editText('diao_pai_info', BRAND_TEXT_MAX.diao_pai_info).meta({ description: 'The text printed on the hang tag' }),
});

const PAY_METHODS = ['balance', 'paypal', 'card', 'stripe'] as const;

export function brandingRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  const { db, blobs, config } = ctx;
  const flows = new ProviderFlows(db, gateways, app.log);
  const cipher = shopTokenCipher(config.shops, config.dataDir);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const wire = async (userId: number, pkg: number) => toWire(await currentRecord(db, userId, pkg));

  api.get(
    `${BASE}/packageList`,
    {
      schema: {
        tags,
        summary: 'The branding packages (Starter_Pack, Pro_Plan) with their items, options and prices',
        response: { 200: dataReply(z.array(brandPackage)) },
      },
    },
    async () => okData(listPackages()),
  );

  api.get(
    `${BASE}/getPackageInfo`,
    {
      schema: {
        tags,
        summary: 'One branding package with its items, options and price',
        querystring: z.object({ package_id: packageId }),
        response: { 200: dataReply(brandPackage) },
      },
    },
    async (request) => {
      const pkg = packageOrThrow(request.query.package_id);
      return okData(listPackages().find((p) => p.package_id === pkg.package_id)!);
    },
  );

  api.get(
    `${BASE}/getCurrentCustomInfo`,
    {
      schema: {
        tags,
        security,
        summary: "The merchant's package records: data is the one asked for (or the one in use, else the latest), rows all of them",
        querystring: z.object({ package_id: aka(optionalId('package_id'), 'packageId') }),
        response: { 200: okReply({ data: brandCustom.nullable(), rows: z.array(brandCustom) }) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const asked = request.query.package_id;
      if (asked !== undefined) packageOrThrow(asked);
      const rows = (await customsOf(db, userId)).map(toWire);
      const data = asked !== undefined ? (rows.find((r) => r.package_id === asked) ?? null) : (rows[0] ?? null);
      return ok({ data, rows });
    },
  );

  api.post(
    `${BASE}/savePackageInfo`,
    {
      schema: {
        tags,
        security,
        summary: "Save the merchant's customisation of a package: artwork, options, contacts, the hang tag's text",
        description:
          'Pictures must be your own uploads (uploadsImg/uploadCustomized). A change after submitting puts the record back to draft. A paid package can no longer be changed.',
        body: saveBody,
        response: { 200: dataReply(brandCustom) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const artwork: Partial<Record<BrandItemKind, string>> = {};
      for (const kind of BRAND_ITEM_KINDS) {
        const given = kind === 'ka_pian' ? b.ka_pian_pic : b[kind];
        if (given !== undefined) artwork[kind] = given;
      }
      const row = await saveCustom(db, blobs, userId, {
        packageId: b.package_id,
        logo: b.logo,
        orderPic: b.order_pic,
        artwork,
        options: b.options,
        kaPian: b.ka_pian,
        skype: b.skype,
        whatsapp: b.whatsapp,
        diaoPaiInfo: b.diao_pai_info,
      });
      return okData(toWire(row), 'Saved successfully');
    },
  );

  api.post(
    `${BASE}/getPackagePrice`,
    {
      schema: {
        tags,
        security,
        summary: 'The price of a package with options: those given, else the saved ones, else the defaults',
        body: z.object({ package_id: packageId, options: optionsField, ka_pian: kaPian }),
        response: { 200: dataReply(brandPriceReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const pkg = packageOrThrow(b.package_id);
      const asked = checkedOptions(pkg, b.options, b.ka_pian);
      return okData(brandPrice(pkg, { ...optionsOf(pkg, await findCustom(db, userId, pkg.package_id)), ...asked }));
    },
  );

  api.post(
    `${BASE}/submitPackageInfo`,
    {
      schema: {
        tags,
        security,
        summary: 'Submit a saved customisation: every item needs its artwork and the logo; the price is fixed and payment can follow',
        body: z.object({ package_id: packageId }),
        response: { 200: dataReply(brandCustom) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(toWire(await submitCustom(db, userId, request.body.package_id)), 'Submitted successfully');
    },
  );

  api.post(
    `${BASE}/payment_brand`,
    {
      schema: {
        tags,
        security,
        summary: 'Pay a submitted package: by balance at once, or start a PayPal, card or Stripe payment',
        description:
          'Each attempt carries an Idempotency-Key (header or idempotencyKey): a retry is answered as the first time. A paid package is not charged again.',
        body: z.object({
          package_id: packageId,
          method: z.preprocess(
            (v) => (isBlank(v) ? undefined : v),
            z.enum(PAY_METHODS, { error: "method must be 'balance', 'paypal', 'card' or 'stripe'" }).default('balance'),
          ),
          idempotencyKey: idempotencyKeyField,
        }),
        response: { 200: dataReply(brandPayReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const pkg = packageOrThrow(b.package_id);
      const key = idempotencyKeyOf(request, b);
      await enforce(db, `paycreate:user:${userId}`, PaymentLimits.createPerUser);
      if (b.method === 'balance') {
        const r = await payBrandByBalance(db, userId, pkg.package_id, key);
        return okData(
          {
            paymentId: r.payment.id,
            method: 'balance',
            amount: r.payment.amount,
            status: r.payment.status,
            replayed: r.replayed,
            balance: r.balance,
            custom: toWire(r.row),
          },
          'Payment successful',
        );
      }
      // Refused before a payment row is opened: a method without keys leaves nothing behind.
      if (b.method === 'paypal' && !gateways.paypal) throw new AppError(`PayPal: ${CommerceMessages.paymentNotConfigured}`);
      if (b.method !== 'paypal' && !gateways.stripe) throw new AppError(`Stripe: ${CommerceMessages.paymentNotConfigured}`);
      const p = await openBrandPayment(db, userId, pkg.package_id, b.method, key);
      const started = b.method === 'paypal' ? await flows.paypalStart(p) : await flows.stripeStart(userId, b.method, p);
      return okData({ ...started, custom: await wire(userId, pkg.package_id) });
    },
  );

  api.post(
    `${BASE}/onAuthorize_brand`,
    {
      schema: {
        tags,
        security,
        summary: "PayPal's approval of a package payment: capture it, and the package is paid",
        body: z.object({
          package_id: packageId,
          paypalOrderId: aka(requiredText('paypalOrderId', 64), 'orderID', 'token'),
        }),
        response: { 200: dataReply(brandPayReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const pkg = packageOrThrow(b.package_id);
      if (!b.paypalOrderId) throw new AppError('paypalOrderId is required');
      const p = await flows.paypalPaymentFor(userId, b.paypalOrderId);
      if (p.purpose !== 'brand' || !(await customOfPayment(db, userId, p.id, pkg.package_id)))
        throw new AppError(CommerceMessages.paymentNotFound);
      const r = await flows.paypalCapture(p, `merchant:${userId}`);
      return okData({ ...r, custom: await wire(userId, pkg.package_id) }, r.status === 'succeeded' ? 'Payment successful' : undefined);
    },
  );

  api.post(
    `${BASE}/shopify_payment_brand`,
    {
      schema: {
        tags,
        security,
        summary: "Pay a submitted package on the current Shopify store's bill (a one-time app charge)",
        description:
          "The first call answers Shopify's confirmation page (confirmationUrl); after the merchant approved it there, the same call settles it and the package is paid.",
        body: z.object({ package_id: packageId }),
        response: { 200: dataReply(brandPayReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const pkg = packageOrThrow(request.body.package_id);
      await enforce(db, `paycreate:user:${userId}`, PaymentLimits.createPerUser);
      const r = await payBrandWithShopify(
        {
          db,
          shopify: config.shops.shopify,
          cipher,
          returnUrl: (n) => `${config.shops.publicUrl}/branding-project?package_id=${n}&shopify=1`,
        },
        userId,
        pkg.package_id,
      );
      return okData({ ...r, method: 'shopify', custom: await wire(userId, pkg.package_id) });
    },
  );

  api.post(
    `${BASE}/beforeSwitchIsUse`,
    {
      schema: {
        tags,
        security,
        summary: 'Before closing a package: 1 when orders with its branded items are still unshipped (closing is refused), else 0',
        body: z.object({ package_id: packageId }),
        response: { 200: dataReply(z.union([z.literal(0), z.literal(1)])) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const row = await currentRecord(db, userId, packageOrThrow(request.body.package_id).package_id);
      return okData((await hasUnshippedOrders(db, row.id)) ? 1 : 0);
    },
  );

  api.post(
    `${BASE}/switchIsUse`,
    {
      schema: {
        tags,
        security,
        summary: "Switch a paid package in (is_use 1) or out (0) of use: while in use its items go into the merchant's orders",
        description: 'One package is in use at a time. Closing is refused while orders with its items are unshipped.',
        body: z.object({ package_id: packageId, is_use: aka(int('is_use', 0, 1, BrandMessages.badIsUse), 'isUse') }),
        response: { 200: dataReply(brandCustom) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      return okData(toWire(await switchUse(db, userId, b.package_id, b.is_use === 1 ? 1 : 0)), BrandMessages.success);
    },
  );
}
