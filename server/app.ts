/**
 * Builds the Fastify app: envelope error handling, request ids and redacted logs, security
 * headers, sessions, the API under /prod-api and, when the client is built, the SPA with a
 * history fallback. The security policy is described in docs/security.md.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import type { AppContext } from './platform/context';
import { AppError } from './platform/envelope';
import { clearSessionCookies, sessionUserId, tokenFrom } from './accounts/session';
import { setPasswordCost } from './accounts/password';
import { sessionBeforeFields } from './accounts/signed-in';
import { healthRoutes } from './platform/health-routes';
import { userRoutes } from './accounts/user-routes';
import { supportRoutes } from './support/routes';
import { catalogRoutes } from './catalog/routes';
import { uploadRoutes } from './uploads/routes';
import { commerceRoutes } from './commerce/routes';
import { createGateways } from './commerce/payments/gateways';
import { materialRoutes } from './materials/routes';
import { shopRoutes } from './shops/routes';
import { shopThemeRoutes } from './shops/theme-routes';
import { productRoutes } from './products/routes';
import { accountRoutes } from './accounts/account-routes';
import { notificationRoutes } from './notifications/routes';
import { shopSettingsRoutes } from './shop-settings/routes';
import { blogApiRoutes, blogPageRoutes } from './blog/routes';
import { activityRoutes } from './activities/routes';
import { brandingRoutes } from './branding/routes';
import { personalizationRoutes } from './personalization/routes';
import multipart from '@fastify/multipart';
import { Code, Messages } from '../contract/envelope';
import {
  clientErrorAnswer,
  personalizerFrameAncestors,
  preAppSecurityHeaders,
  refuseCrossSiteWrites,
  securityHeaders,
  serializeRequest,
} from './platform/security';
import { registerSchemas, validationMessage } from './platform/http-schema/openapi';
import { serveClient } from './platform/client-files';
import { refuseNulText } from './platform/http-schema/nul-text';

export const API_PREFIX = '/prod-api';

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    // Secrets never reach the logs: tokens, cookies and passwords are redacted wherever they appear,
    // and so are the values of token-like query parameters in logged URLs (server/platform/security.ts).
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: { req: serializeRequest as never },
  };
}

export async function buildApp(ctx: AppContext, opts: { logger?: FastifyServerOptions['logger'] } = {}): Promise<FastifyInstance> {
  const preAppHeaders = preAppSecurityHeaders(ctx.config.security);
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(ctx.config.logLevel),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    // Answers made before any hook runs carry the security headers too.
    clientErrorHandler: clientErrorAnswer(preAppHeaders),
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'request refused by the router');
      // The router's reply is typed for no route in particular; the answer is the plain envelope.
      void (reply as FastifyReply)
        .headers(preAppHeaders)
        .status(error.statusCode ?? 400)
        .send({ code: Code.NOT_FOUND, msg: Messages.notFound });
    },
  });

  // A process-wide policy, like the crypto it configures: every hash made from here on uses it.
  setPasswordCost(ctx.config.passwordLogN);

  await app.register(cookie);
  await app.register(multipart);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', refuseCrossSiteWrites(ctx.config.shops.publicUrl));
  const withSecurityHeaders = securityHeaders(
    ctx.config.security,
    API_PREFIX,
    personalizerFrameAncestors(ctx.config.shops.allowPrivateShopHosts),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    await withSecurityHeaders(request, reply);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code, msg: error.message }, 'request refused');
      // A dead session also loses its cookies, so the page stops presenting them.
      if (error.code === Code.UNAUTHORIZED) clearSessionCookies(reply);
      return reply.status(error.httpStatus).send({ ...error.extra, code: error.code, msg: error.message });
    }
    const invalid = validationMessage(error);
    if (invalid !== null) {
      request.log.info({ msg: invalid }, 'request refused');
      return reply.status(200).send({ code: Code.ERROR, msg: invalid });
    }
    const err = error as { validation?: unknown; statusCode?: number; message?: string };
    if (err.validation || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      request.log.info({ err: error }, 'bad request');
      return reply.status(200).send({ code: Code.ERROR, msg: err.message || Messages.dataError });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 500, msg: Messages.systemException });
  });

  // Routes declare zod schemas: validated on the way in, checked on the way out, and described in
  // the OpenAPI document at /prod-api/docs.
  await registerSchemas(app, API_PREFIX);
  app.addHook('preValidation', sessionBeforeFields);
  // After the session check (a caller without one learns only that) and after the route's own
  // schema (its message for text it refuses, such as a store script's, comes first).
  app.addHook('preHandler', refuseNulText);

  // One set of payment gateways for every route that takes payments (orders, balance top-ups,
  // the Branding Project), made from the app's config.
  const gateways = createGateways(ctx.config.payments);
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        const token = tokenFrom(request);
        if (!token) return;
        const userId = await sessionUserId(ctx.db, token);
        if (userId) {
          request.userId = userId;
          request.sessionToken = token;
        }
      });
      healthRoutes(api, ctx);
      userRoutes(api, ctx);
      catalogRoutes(api, ctx);
      uploadRoutes(api, ctx);
      commerceRoutes(api, ctx, gateways);
      materialRoutes(api, ctx);
      shopRoutes(api, ctx);
      shopThemeRoutes(api, ctx);
      productRoutes(api, ctx);
      accountRoutes(api, ctx);
      notificationRoutes(api, ctx);
      shopSettingsRoutes(api, ctx);
      supportRoutes(api, ctx);
      blogApiRoutes(api, ctx);
      activityRoutes(api, ctx);
      brandingRoutes(api, ctx, gateways);
      personalizationRoutes(api, ctx);
      api.setNotFoundHandler((request, reply) => {
        reply.status(404).send({ code: Code.NOT_FOUND, msg: Messages.notFound });
      });
    },
    { prefix: API_PREFIX },
  );

  // The blog's pages rendered on the server (with or without a built client), its feed, the sitemap.
  blogPageRoutes(app, ctx);
  // The built client, pre-compressed, with the SPA's history fallback (platform/client-files.ts).
  await serveClient(app, ctx.config.clientDir);
  return app;
}
