import type { FastifyRequest } from 'fastify';

/**
 * What a staff action changed, for the audit log: the object as it stood before and as it
 * stands after. A route that edits something says what it was (`auditBefore`, or
 * `recordChange` when its service knows both); without a word from the route, the log keeps a
 * successful answer's body as the after.
 */
export interface AuditChange {
  before?: unknown;
  after?: unknown;
}

/** Keeps what the action changed, as its service told it. */
export function recordChange(request: FastifyRequest, change: AuditChange): void {
  request.auditChange = { ...request.auditChange, ...change };
}

/**
 * A preHandler that reads the object as it stands before the route changes it. A read that
 * fails (no such object, not the caller's) keeps nothing: the route answers that itself.
 */
export function auditBefore(read: (request: FastifyRequest) => Promise<unknown>) {
  return async (request: FastifyRequest) => {
    const before = await read(request).catch(() => undefined);
    if (before !== undefined) recordChange(request, { before });
  };
}
