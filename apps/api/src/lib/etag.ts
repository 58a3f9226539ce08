import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers a cacheable read: a weak ETag over the body, and 304 when the client
 * already holds it. Reads may carry operator content in the request's language, so a cache
 * keeps one copy per Accept-Language.
 */
export function withEtag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
  maxAge = 60,
): T | FastifyReply {
  const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
  void reply
    .header('etag', etag)
    .header('cache-control', `public, max-age=${String(maxAge)}, must-revalidate`)
    .header('vary', 'accept-language');
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim() === etag)) {
    return reply.status(304).send();
  }
  return body;
}
