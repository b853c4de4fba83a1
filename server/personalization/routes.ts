/**
 * Personalisation's calls:
 * - `GET /api/personalizer/product` (open): what the buyer's widget needs for a product a
 *   connected store sells: its title, the template, the design and its personalised fields. Found
 *   only through the store's own names (platform, store domain, the store's product id), only for
 *   products pushed there that offer personalisation; nothing of the merchant's account.
 * - `GET /api/personalizer/required` (open, any origin may read it): whether the product has a
 *   required field, so the store page's loader can hold the add-to-cart form until it is filled.
 * - `POST /api/personalizer/uploadImage` (open, multipart): a buyer's picture, checked by content
 *   and size, rate limited per address; answers its URL and pixel size.
 * - `GET /api/order/:id/personalizations` (signed in): the personalised lines of one of the
 *   merchant's orders, readable.
 * - `GET /api/order/:id/items/:itemId/printDesign` (signed in): the template and the design with
 *   the buyer's values put in, which the app renders into the print file.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { AppError, okData } from '../platform/envelope';
import { enforce } from '../platform/rate-limit';
import { dataReply } from '../platform/http-schema/replies';
import { id, requiredText } from '../platform/http-schema/fields';
import { requireUser } from '../accounts/session';
import { sessionSecurity as security } from '../accounts/signed-in';
import { customTemplate } from '../catalog/replies';
import { findOrder } from '../commerce/orders';
import { personalFields } from '@pod-studio/engine/model';
import { BUYER_IMAGE_MAX_BYTES, PERSONALIZER_PLATFORMS, PersonalizationMessages } from '../../contract/personalization';
import { designTemplate, publishedDesign } from './published';
import { storeBuyerImage } from './buyer-images';
import { orderItemPersonalizations } from './schema';
import { personalizedPrint } from './print-design';

const tags = ['personalization'];

/** Widget loads: a product page opened and re-opened; generous, but no scraping at line rate. */
const PRODUCT_READS_PER_IP = { max: 600, windowMs: 15 * 60_000 };
/** Buyer pictures: a few tries per personalisation, a handful of personalisations an hour. */
const UPLOADS_PER_IP = { max: 30, windowMs: 60 * 60_000 };

const designSchema = z
  .looseObject({ id: z.string(), flatDesignList: z.array(z.looseObject({})) })
  .meta({ description: 'A design (SkuDesign)' });
const fieldSchema = z.looseObject({
  localId: z.string(),
  flatId: z.string(),
  elementType: z.enum(['text', 'image']),
  rule: z.looseObject({ label: z.string(), required: z.boolean(), kind: z.enum(['input', 'choice']) }),
  designed: z.string(),
  font: z.string().nullable(),
  color: z.string().nullable(),
});
/** A product as a storefront names it. */
const storeProductQuery = z.object({
  platform: z.enum(PERSONALIZER_PLATFORMS, { error: 'platform must be shopify or woocommerce' }),
  shop: requiredText('shop', 255).meta({ description: 'The myshopify domain, or the WooCommerce site address' }),
  product: requiredText('product', 80).meta({ description: "The store's product id" }),
});
const linesSchema = z.array(z.object({ label: z.string(), value: z.string() }));

export function personalizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, blobs } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/personalizer/product',
    {
      schema: {
        tags,
        summary: "A store product's personalisation: its template, design and the fields a buyer fills in",
        querystring: storeProductQuery,
        response: {
          200: dataReply(z.object({ title: z.string(), template: customTemplate, design: designSchema, fields: z.array(fieldSchema) })),
        },
      },
    },
    async (request) => {
      await enforce(db, `personalizer:read:ip:${request.ip}`, PRODUCT_READS_PER_IP);
      const { platform, shop, product } = request.query;
      const found = await publishedDesign(db, blobs, platform, shop, product);
      if (!found) throw new AppError(PersonalizationMessages.productNotFound);
      const template = await designTemplate(db, found.productId, found.doc.customTemplateId);
      if (!template) throw new AppError(PersonalizationMessages.productNotFound);
      const design = found.doc.design;
      return okData({ title: found.title, template, design, fields: personalFields(design) });
    },
  );

  api.get(
    '/api/personalizer/required',
    {
      schema: {
        tags,
        summary: "Whether a store product must be personalised before it goes into the cart (the store page's loader asks)",
        querystring: storeProductQuery,
        response: { 200: dataReply(z.object({ required: z.boolean() })) },
      },
    },
    async (request, reply) => {
      // Asked by the loader from the store's own origin: an open, cookie-less answer naming nothing but a yes or no.
      reply.header('access-control-allow-origin', '*');
      await enforce(db, `personalizer:required:ip:${request.ip}`, PRODUCT_READS_PER_IP);
      const { platform, shop, product } = request.query;
      const found = await publishedDesign(db, blobs, platform, shop, product);
      if (!found) throw new AppError(PersonalizationMessages.productNotFound);
      return okData({ required: personalFields(found.doc.design).some((f) => f.rule.required) });
    },
  );

  api.post(
    '/api/personalizer/uploadImage',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary: "A buyer's picture for a personalised product (JPEG or PNG, judged by content, at most 15 MB)",
        response: { 200: dataReply(z.object({ url: z.string(), width: z.int(), height: z.int() })) },
      },
    },
    async (request) => {
      await enforce(db, `personalizer:upload:ip:${request.ip}`, UPLOADS_PER_IP);
      if (!request.isMultipart()) throw new AppError(PersonalizationMessages.missing);
      const part = await request.file({ limits: { fileSize: BUYER_IMAGE_MAX_BYTES, files: 1, fields: 5 } });
      if (!part) throw new AppError(PersonalizationMessages.missing);
      let body: Buffer;
      try {
        body = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(PersonalizationMessages.tooLarge);
        throw err;
      }
      if (part.file.truncated || body.length > BUYER_IMAGE_MAX_BYTES) throw new AppError(PersonalizationMessages.tooLarge);
      if (body.length === 0) throw new AppError(PersonalizationMessages.missing);
      const stored = await storeBuyerImage(db, blobs, body);
      request.log.info({ bytes: body.length, width: stored.width, height: stored.height }, 'buyer picture uploaded');
      return okData(stored, 'Uploaded successfully');
    },
  );

  api.get(
    '/api/order/:id/personalizations',
    {
      schema: {
        tags,
        security,
        summary: "The personalised lines of an order: each item's buyer values, readable",
        params: z.object({ id: id('id') }),
        response: {
          200: dataReply(z.array(z.object({ orderItemId: z.int(), lines: linesSchema, problem: z.string().nullable() }))),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const order = await findOrder(db, request.params.id, userId);
      const rows = await db
        .select({
          orderItemId: orderItemPersonalizations.orderItemId,
          lines: orderItemPersonalizations.lines,
          problem: orderItemPersonalizations.problem,
        })
        .from(orderItemPersonalizations)
        .where(and(eq(orderItemPersonalizations.orderId, order.id), eq(orderItemPersonalizations.userId, userId)))
        .orderBy(asc(orderItemPersonalizations.orderItemId));
      return okData(rows.map((r) => ({ ...r, lines: r.lines as { label: string; value: string }[] })));
    },
  );

  api.get(
    '/api/order/:id/items/:itemId/printDesign',
    {
      schema: {
        tags,
        security,
        summary: "An order line's print design: the template and the design with the buyer's values put in",
        params: z.object({ id: id('id'), itemId: id('itemId') }),
        response: {
          200: dataReply(z.object({ template: customTemplate, design: designSchema, flatIds: z.array(z.string()), lines: linesSchema })),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const order = await findOrder(db, request.params.id, userId);
      const found = await personalizedPrint(db, request.params.itemId);
      if (!found || found.orderId !== order.id || found.userId !== userId) throw new AppError(PersonalizationMessages.notPersonalised);
      const template = await designTemplate(db, found.productId, found.customTemplateId);
      if (!template) throw new AppError(PersonalizationMessages.notPersonalised);
      const design = found.design;
      // The print areas that hold something: each is one print file.
      const flatIds = design.flatDesignList.filter((f) => f.designList.length > 0).map((f) => f.flatId);
      return okData({ template, design, flatIds, lines: found.lines });
    },
  );
}
