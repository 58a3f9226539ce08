import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { compile } from '@fastify/proxy-addr';

/** What a proxy's `x-request-id` may be to be kept: a short token, nothing a log could misread. */
const ACCEPTED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * The id of one request, the same in every process's log and in the answer's `x-request-id`: a
 * new UUID, never a counter that repeats across processes, or, when the request comes through one
 * of the trusted proxies (`TRUST_PROXY`), the id the balancer gave it, if it is a plain token. A
 * client reaching the API directly cannot choose the id its request is logged under.
 */
export function requestIds(
  trustProxy: false | readonly string[],
): (request: IncomingMessage) => string {
  const fromProxy = fromTrustedProxy(trustProxy);
  return (request) => {
    const header = request.headers['x-request-id'];
    return fromProxy(request) && typeof header === 'string' && ACCEPTED.test(header)
      ? header
      : randomUUID();
  };
}

/** Whether a request's peer is one of the trusted proxies (`TRUST_PROXY`). */
export function fromTrustedProxy(
  trustProxy: false | readonly string[],
): (request: IncomingMessage) => boolean {
  const trusted = trustProxy && trustProxy.length > 0 ? compile([...trustProxy]) : null;
  return (request) => trusted?.(request.socket.remoteAddress ?? '', 0) ?? false;
}
