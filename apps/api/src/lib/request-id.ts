import { randomUUID } from 'node:crypto';

/** What a caller's `x-request-id` may be to be kept: a short token, nothing a log could misread. */
const ACCEPTED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * The id of one request, the same in every process's log and in the answer's `x-request-id`: the
 * caller's (a balancer's or a client's) when it is a plain token, else a new UUID, never a counter
 * that repeats across processes.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && ACCEPTED.test(header) ? header : randomUUID();
}
