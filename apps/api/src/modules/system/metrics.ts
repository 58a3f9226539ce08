import { createServer, type Server } from 'node:http';
import { databasePool, openTransactions, registry } from '../../lib/metrics.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { openCounts } from './repo.ts';

const KINDS = ['fuel', 'carwash', 'charge', 'food', 'beverage'] as const;

/** The figures read at the scrape, then the whole registry in Prometheus's text format. */
export async function metricsText(ctx: ServiceContext): Promise<string> {
  try {
    const counts = await openCounts(ctx.db);
    for (const kind of KINDS) openTransactions.set({ kind }, counts.get(kind) ?? 0);
  } catch (error) {
    // A database that does not answer shows in the readiness; the rest of the figures still go.
    ctx.log.warn({ err: error }, 'open transactions not counted for the metrics');
  }
  const pool = ctx.database.pool();
  if (pool) for (const [state, n] of Object.entries(pool)) databasePool.set({ state }, n);
  return registry.metrics();
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT on METRICS_HOST), so the figures never face
 * the public; anything else there is 404.
 */
export async function serveMetrics(ctx: ServiceContext, port: number, host: string) {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsText(ctx).then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType }).end(text);
      },
      (error: unknown) => {
        ctx.log.error({ err: error }, 'metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
