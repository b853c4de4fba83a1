/**
 * The guard of the operator's endpoints (orders under /ops/orders, catalogue products from PSDs
 * under /ops/catalog): they exist only when OPS_TOKEN is set, and answer only a request sent with
 * `Authorization: Bearer <OPS_TOKEN>`, compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, Messages } from '../../contract/envelope';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Equal-length digests, so neither the content nor the length of the token leaks through timing. */
export function opsTokenMatches(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given));
}

function bearerOf(request: FastifyRequest): string {
  const h = request.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7).trim() : '';
}

/** The hook every operator route sits behind: no OPS_TOKEN = no such route; a wrong one = refused. */
export function opsGuard(opsToken: string | null) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!opsToken) return reply.status(404).send({ code: Code.NOT_FOUND, msg: Messages.notFound });
    if (!opsTokenMatches(opsToken, bearerOf(request))) {
      request.log.warn('operator call refused: wrong or missing OPS_TOKEN');
      return reply.status(403).send({ code: Code.FORBIDDEN, msg: 'Operator token required' });
    }
  };
}
