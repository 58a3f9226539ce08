import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/**
 * The logger of a process without HTTP (a CLI script, a worker): the same pino as the API's,
 * writing JSON lines to standard error so that standard output stays the script's own.
 */
export function processLogger(level: string): FastifyBaseLogger {
  return pino({ level }, pino.destination(2));
}
