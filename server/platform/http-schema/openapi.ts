/**
 * The API document: OpenAPI 3.1 generated from the routes' zod schemas, served at
 * `/prod-api/docs`. A copy is kept in `docs/api/openapi.json`; a server test fails when the two
 * differ, so a change to a route's schema shows in review (`npm run openapi` rewrites it).
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { normaliseFields } from './aliases';

export async function registerSchemas(app: FastifyInstance, prefix: string): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', normaliseFields);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'POD Studio API',
        version: '1',
        description:
          'Every JSON call answers HTTP 200 with `code` and `msg`: 200 on success, otherwise the reason (10000 a refusal, 401 no session). ' +
          'Signed-in calls carry the session as `Authorization: Bearer <token>` or the session cookie.',
      },
      components: {
        securitySchemes: { session: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  app.get(`${prefix}/docs`, { schema: { hide: true } }, async () => app.swagger());
}

/**
 * The message a refused request gets: the first problem found. Field types write whole sentences
 * that name their field; a bare schema message is prefixed with the field's path.
 */
export function validationMessage(error: unknown): string | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const first = (error as { validation: FastifySchemaValidationError[] }).validation[0]!;
  const field = first.instancePath.split('/').filter(Boolean).join('.');
  const last = field
    .split('.')
    .filter((p) => !/^\d+$/.test(p))
    .pop();
  if (!last || first.keyword === 'custom' || first.message?.toLowerCase().includes(last.toLowerCase()))
    return first.message ?? 'Invalid request';
  return `${field}: ${first.message}`;
}
