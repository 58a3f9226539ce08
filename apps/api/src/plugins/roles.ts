import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { requireAuth } from './auth.ts';

export const forbidden = () => new AppError(403, 'FORBIDDEN', 'error.forbidden');

/**
 * onRequest hook for staff routes: a caller without a session gets 401, a signed-in caller
 * without one of these roles 403, before the body is read.
 */
export function requireRole(...roles: [StaffRole, ...StaffRole[]]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAuth(request, reply);
    const role = request.auth?.role ?? null;
    if (role === null || !roles.includes(role)) throw forbidden();
  };
}
