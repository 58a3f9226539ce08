import type { FastifyBaseLogger } from 'fastify';
import { createSiteEndpoint } from '../../integrations/site/endpoint.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { SocketEndpoint } from '../../platform/modules.ts';
import { reconcileSite } from './reconcile.ts';
import { siteExists } from './repo.ts';

/**
 * The sites' endpoint (`/site/{siteId}`), when the pumps and bays are reached over the site
 * protocol (SITE_SECRET); without it the endpoint takes no upgrade.
 */
export function siteSockets(ctx: ServiceContext, log: FastifyBaseLogger): SocketEndpoint {
  const secret = ctx.config.SITE_SECRET;
  const sink = ctx.sites;
  if (!secret || !sink) return { handleUpgrade: () => false, close: () => Promise.resolve() };
  const endpoint = createSiteEndpoint({
    secret,
    knownSite: (site) => siteExists(ctx.db, site),
    holders: ctx.devices.holders,
    calls: ctx.devices.calls,
    sink,
    booted: (site) => {
      void reconcileSite(ctx, site).catch((error: unknown) => {
        log.warn({ err: error, site }, 'journal query after the site connected failed');
      });
      void ctx.bus.publish('site.booted', { site }).catch((error: unknown) => {
        log.warn({ err: error, site }, 'site boot not announced');
      });
    },
    callTimeoutSeconds: ctx.config.SITE_CALL_TIMEOUT_SECONDS,
    pingSeconds: ctx.config.OCPP_PING_SECONDS,
    log,
  });
  const superseded = (key: string) => {
    endpoint.superseded(key);
  };
  ctx.devices.superseded.add(superseded);
  return {
    handleUpgrade: (request, socket, head) => endpoint.handleUpgrade(request, socket, head),
    async close() {
      ctx.devices.superseded.delete(superseded);
      await endpoint.close();
    },
  };
}
