import { deviceConnections, deviceMessages } from '../../lib/metrics.ts';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createRPCError, RPCServer, type RPCClient } from 'ocpp-rpc';
import type { z } from 'zod';
import { DeviceCallError, type DeviceCalls, type DeviceHolders } from '../device-calls/port.ts';
import type { BeverageMachineEvent } from '../beverage-machine/port.ts';
import type { CarwashEvent } from '../carwash/port.ts';
import type { ForecourtEvent } from '../forecourt/port.ts';
import type { KitchenReport, KitchenVerdict } from '../kitchen/port.ts';
import {
  rejected,
  SITE_CALLS,
  SITE_HEARTBEAT_SECONDS,
  SITE_PATH,
  SITE_PROTOCOL,
  type SiteCall,
} from './protocol.ts';
import { upgradeUnder } from '../../lib/upgrade.ts';

/** A site's key in the holder registry. */
export const siteKey = (site: string) => `site:${site}`;

/**
 * A site's password, derived from the installation's SITE_SECRET: the operator provisions each
 * site with its own, and one site's password tells nothing of another's.
 */
export function sitePassword(secret: string, site: string): string {
  return createHmac('sha256', secret).update(`site:${site}`).digest('base64url');
}

/** Where the events a site reports go: the listeners of this process's station ports. */
export interface SiteEventSink {
  forecourt(event: ForecourtEvent): void;
  carwash(event: CarwashEvent): void;
  machine(event: BeverageMachineEvent): void;
  /** A kitchen's step, applied before the site is answered: the answer says whether it was. */
  kitchen(report: KitchenReport): Promise<KitchenVerdict>;
}

export interface SiteEndpointOptions {
  secret: string;
  /** Whether a site id is one of the installation's stations. */
  knownSite(site: string): Promise<boolean>;
  holders: DeviceHolders;
  calls: DeviceCalls;
  sink: SiteEventSink;
  /** The site booted on this process: its open transactions are asked of its journal. */
  booted?: (site: string) => void;
  callTimeoutSeconds: number;
  pingSeconds: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export interface SiteEndpoint {
  /** Takes an HTTP upgrade for `/site/…`; answers false for any other path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes this process's connection of a site that another connection replaced. */
  superseded(key: string): void;
  close(): Promise<void>;
}

interface Connection {
  client: RPCClient;
  token: number;
  pumps: number[];
  bays: number[];
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The sites' endpoint on the API's HTTP server. A site connects with its id and password, claims
 * its holder in the registry (a newer connection of the same site, anywhere, closes this one),
 * and from then on any process's call for the site runs on this connection. What the site reports
 * goes to this process's listeners, which record it; the figures reach the others by the bus.
 */
export function createSiteEndpoint(options: SiteEndpointOptions): SiteEndpoint {
  const { log, calls, holders, sink } = options;
  const server = new RPCServer({
    protocols: [SITE_PROTOCOL],
    strictMode: false,
    callTimeoutMs: options.callTimeoutSeconds * 1000,
    pingIntervalMs: options.pingSeconds * 1000,
    deferPingsOnActivity: true,
    respondWithDetailedErrors: false,
    maxBadMessages: Infinity,
  });
  const connections = new Map<string, Connection>();

  server.auth((accept, reject, handshake) => {
    const site = handshake.identity;
    if (!handshake.protocols.has(SITE_PROTOCOL)) {
      reject(400, `Unsupported protocol; this platform speaks ${SITE_PROTOCOL}`);
      return;
    }
    const password = handshake.password?.toString('utf8') ?? '';
    (handshake as { password?: Buffer }).password = undefined;
    delete (handshake.headers as Record<string, unknown>).authorization;
    void options
      .knownSite(site)
      .then((known) => {
        if (!known) reject(404, 'Unknown site');
        else if (!same(password, sitePassword(options.secret, site))) reject(401, 'Unauthorized');
        else accept({ session: randomUUID() }, SITE_PROTOCOL);
      })
      .catch((error: unknown) => {
        log.warn({ err: error, site }, 'site authentication failed');
        reject(503, 'Try again later');
      });
  });

  server.on('client', (client: RPCClient) => {
    const site = client.identity ?? '';
    const key = siteKey(site);
    // The handlers are in place before the site's first call; the claim follows.
    const connection: Connection = { client, token: 0, pumps: [], bays: [] };
    const previous = connections.get(site);
    connections.set(site, connection);
    if (previous) void previous.client.close({ code: 4000, reason: 'Replaced' });
    let drop: () => void = () => undefined;
    let closed = false;

    const handle = <C extends SiteCall>(
      call: C,
      act: (payload: z.infer<(typeof SITE_CALLS)[C]>) => object,
    ) => {
      client.handle(call, async ({ params, messageId }) => {
        const parsed = SITE_CALLS[call].safeParse(params);
        if (!parsed.success) {
          deviceMessages.inc({ protocol: 'site', action: call, outcome: 'invalid' });
          throw createRPCError(
            'FormationViolation',
            `${call}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'} ${i.message}`).join('; ')}`.slice(
              0,
              250,
            ),
          ) as Error;
        }
        try {
          const result = await Promise.resolve(act(parsed.data as z.infer<(typeof SITE_CALLS)[C]>));
          deviceMessages.inc({ protocol: 'site', action: call, outcome: 'ok' });
          return result;
        } catch (error) {
          deviceMessages.inc({ protocol: 'site', action: call, outcome: 'error' });
          const requestId = randomUUID();
          log.error({ err: error, site, call, messageId, requestId }, 'site call failed');
          throw createRPCError('InternalError', 'Internal error; try again later', {
            requestId,
          }) as Error;
        }
      });
    };
    handle('Boot', (boot) => {
      connection.pumps = boot.pumps ?? [];
      connection.bays = boot.bays ?? [];
      log.info({ site, vendor: boot.vendor, model: boot.model }, 'site booted');
      // After the answer, once the site has told its states and what waited.
      if (options.booted) setTimeout(() => options.booted?.(site), 1_000).unref();
      return {
        status: 'Accepted',
        heartbeatSeconds: SITE_HEARTBEAT_SECONDS,
        time: new Date().toISOString(),
      };
    });
    handle('Heartbeat', () => ({ time: new Date().toISOString() }));
    handle('PumpStatus', (p) => {
      sink.forecourt({ type: 'pump', site, ...p });
      return {};
    });
    handle('FuellingProgress', (p) => {
      sink.forecourt({ type: 'progress', site, ...p });
      return {};
    });
    handle('Sale', ({ sale }) => {
      sink.forecourt({ type: 'sale', site, sale: { ...sale, at: new Date(sale.at) } });
      return {};
    });
    handle('BayStatus', (p) => {
      sink.carwash({ type: 'bay', site, ...p });
      return {};
    });
    handle('MachineStatus', (p) => {
      sink.machine({ machineId: p.machine, state: p.state, transactionId: p.transaction });
      return {};
    });
    handle('KitchenStatus', async (p) => {
      const verdict = await sink.kitchen({
        site,
        orderId: p.order,
        step: p.step,
        ...(p.readyInMinutes === undefined ? {} : { readyInMinutes: p.readyInMinutes }),
      });
      return verdict.ok
        ? { status: 'Accepted' }
        : { status: 'Rejected', reason: verdict.reason.slice(0, 40) };
    });

    deviceConnections.inc({ protocol: 'site' });
    client.once('close', () => {
      deviceConnections.dec({ protocol: 'site' });
      closed = true;
      drop();
      if (connections.get(site) !== connection) return;
      connections.delete(site);
      if (connection.token > 0) void holders.release(key, connection.token).catch(() => undefined);
      // The platform no longer hears the site: what runs there goes on and is reported when it
      // is back. The transactions wait with their holds (connectionLost); none is closed.
      for (const pump of connection.pumps)
        sink.forecourt({ type: 'pump', site, pump, state: 'offline', reference: null });
      for (const bay of connection.bays)
        sink.carwash({
          type: 'bay',
          site,
          bay,
          state: 'offline',
          reference: null,
          remainingSeconds: null,
        });
      log.info({ site }, 'site disconnected');
    });

    void holders.claim(key).then(
      (token) => {
        connection.token = token;
        if (closed) {
          void holders.release(key, token).catch(() => undefined);
          return;
        }
        drop = calls.hold(key, token, async (action, payload) => {
          let result: unknown;
          try {
            result = await client.call(action, payload);
          } catch (error) {
            // The site's CALLERROR is its answer (NotImplemented by a site that is no
            // simulator, say); a timeout or a lost connection is no answer at all.
            if (typeof error === 'object' && error !== null && 'rpcErrorCode' in error)
              throw new DeviceCallError(String(error.rpcErrorCode), 'refused');
            throw error;
          }
          const refusal = rejected.safeParse(result);
          if (refusal.success) throw new DeviceCallError(refusal.data.reason, 'refused');
          return result;
        });
        log.info({ site, token }, 'site connected');
      },
      (error: unknown) => {
        log.warn({ err: error, site }, 'site holder could not be recorded; connection closed');
        void client.close({ code: 1013, reason: 'Try again later' });
      },
    );
  });

  return {
    handleUpgrade: (request, socket, head) =>
      upgradeUnder(SITE_PATH, server, request, socket, head),
    superseded(key) {
      const site = key.slice('site:'.length);
      const connection = connections.get(site);
      if (!connection) return;
      // Another process holds the site now: this connection no longer speaks for it.
      connections.delete(site);
      void connection.client.close({ code: 4000, reason: 'Replaced' });
    },
    async close() {
      await server.close({ code: 1001, reason: 'Server closing', force: false });
    },
  };
}
