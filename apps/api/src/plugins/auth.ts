import { apiErrorSchema } from '@stod/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.ts';
import type { Auth } from './context.ts';

/**
 * onRequest hook for routes that need a signed-in caller: runs before the body is read.
 * Whatever such a route answers is personal, so no cache along the way may keep it.
 */
export async function requireAuth(request: FastifyRequest, reply: FastifyReply) {
  void reply.header('cache-control', 'no-store');
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const token = match?.[1];
  if (!token) throw unauthorized();
  const auth = await request.authenticate(token);
  if (!auth) throw unauthorized();
  request.auth = auth;
}

/** The caller of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const bearer = [{ bearerAuth: [] }];

/** OpenAPI response entries for the error shape. */
export function errorResponses(...codes: (400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503)[]) {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<
    number,
    typeof apiErrorSchema
  >;
}
