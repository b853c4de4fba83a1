/**
 * The Shopify storefront script: uploading the generated script answers a code and its URL, which
 * the theme style then names. The browser
 * generates the script from the merchant's button settings (src/components/shops/storeScript.ts)
 * and sends it here as text; it is stored under the merchant's own upload folder with a random
 * name and served as JavaScript. updateShopifyThemeStyle then only accepts a scriptUrl that this
 * check (./theme-script.ts) finds among the merchant's own scripts, so a style can never make storefronts load a
 * script from another merchant or from anywhere on the internet.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { okData } from '../platform/envelope';
import { enforce } from '../platform/rate-limit';
import { dataReply } from '../platform/http-schema/replies';
import { uploadKey } from '../uploads/object-keys';
import { SCRIPT_CONTENT_TYPE } from './theme-script';
import { storeScript } from './fields';
import { sessionSecurity as security } from '../accounts/signed-in';

const SCRIPT_UPLOAD_LIMIT = { max: 120, windowMs: 60 * 60_000 };

export function shopThemeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, blobs } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/shopifyOAuth/uploadThemeScript',
    {
      schema: {
        tags: ['shops'],
        security,
        summary: "Store the generated Shopify storefront script in the merchant's folder",
        body: z.object({ script: storeScript }),
        response: { 200: dataReply(z.looseObject({ url: z.string().meta({ description: 'Where the script is served from' }) })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const script = request.body.script;
      await enforce(db, `theme-script:user:${userId}`, SCRIPT_UPLOAD_LIMIT);
      const key = uploadKey({ userId, ext: 'js' });
      await blobs.put(key, Buffer.from(script, 'utf8'), SCRIPT_CONTENT_TYPE);
      request.log.info({ userId, bytes: Buffer.byteLength(script, 'utf8') }, 'store script uploaded');
      return okData({ url: blobs.publicUrl(key) }, 'Uploaded successfully');
    },
  );
}
