/**
 * Signed-in calls declare it in their schema (`security: sessionSecurity`, which the API document
 * shows). This hook enforces that declaration before the request's fields are checked, so a
 * caller without a live session is told to log in (401) rather than what is wrong with the
 * request; the handler then reads the merchant with `requireUser`.
 */
import type { FastifyRequest } from 'fastify';
import { requireUser } from './session';

/** The OpenAPI security requirement of a signed-in call. */
export const sessionSecurity = [{ session: [] }];

/** True when the route's declared security requires the session, with no anonymous alternative. */
function requiresSession(security: unknown): boolean {
  if (!Array.isArray(security) || security.length === 0) return false;
  return security.every((req) => req && typeof req === 'object' && 'session' in req);
}

export async function sessionBeforeFields(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema as { security?: unknown } | undefined;
  if (requiresSession(schema?.security)) await requireUser(request);
}
