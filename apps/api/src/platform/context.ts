import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import type { StaffRole } from '../db/schema/users.ts';
import type { ReceiptPdfs } from './receipt-pdfs.ts';
import {
  assembleAdapters,
  type PortOverrides,
  type Ports,
  type RunningSimulators,
} from './adapters.ts';
import { localBus, type Bus } from './bus.ts';
import type { DeviceCalls, DeviceHolders } from '../integrations/device-calls/port.ts';
import { deviceCalls, memoryHolders, redisHolders } from './devices.ts';
import type { SiteEventSink } from '../integrations/site/endpoint.ts';
import { jobRegistry, type Jobs } from './jobs.ts';
import { redisBus } from './redis-bus.ts';
import { sessionCache, type SessionCache } from './session-cache.ts';

/** Who a request or a socket speaks for, once its token is checked. */
export interface Auth {
  userId: string;
  sessionId: string;
  /** Staff have a role; a customer has none. */
  role: StaffRole | null;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * What every service receives: the database, the ports to the outside world, the bus, the jobs,
 * a clock, a logger and the configuration. Nothing here knows of HTTP, so a request handler, a
 * job, a CLI script or a device's connection handler calls the same service with the same context.
 */
export interface ServiceContext extends Ports {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  bus: Bus;
  jobs: Jobs<ServiceContext>;
  receiptPdfs: ReceiptPdfs;
  /** Sessions lately read by this process (modules/auth). */
  sessions: SessionCache;
  /** Which process holds each device's connection, and calls through it (platform/devices). */
  devices: {
    holders: DeviceHolders;
    calls: DeviceCalls;
    /** Hears that another connection took a device this process held (the endpoints close theirs). */
    superseded: Set<(key: string) => void>;
  };
  /** Where a site's reports go, when the pumps and bays are reached over the site protocol. */
  sites: SiteEventSink | null;
  /** Set when the process is stopping: it answers not ready, so the balancer sends no more. */
  lifecycle: { draining: boolean };
}

export interface ContextOptions {
  log: FastifyBaseLogger;
  /** The receipts' PDF renderer (modules/receipts), made by the composition root; closed with it. */
  receiptPdfs: ReceiptPdfs;
  /** An open database to use; the context then leaves it open on close. */
  database?: Database;
  ports?: PortOverrides;
  clock?: Clock;
  identityFetch?: Parameters<typeof assembleAdapters>[2]['identityFetch'];
}

export interface OwnedContext {
  ctx: ServiceContext;
  simulators: RunningSimulators;
  /** Stops the jobs, closes the ports, the bus and, if the context opened it, the database. */
  close(): Promise<void>;
}

/** Builds the service context once per process; buildApp, CLI scripts and tests all come here. */
export async function createContext(
  config: Config,
  options: ContextOptions,
): Promise<OwnedContext> {
  const { log } = options;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      onConnectionError: (error) => {
        log.warn({ err: error }, 'database connection lost; the pool reconnects');
      },
      simulators: config.simulators.length > 0,
    }));
  // With Redis, an event raised on one process reaches the listeners of every process.
  const bus = config.REDIS_URL
    ? await redisBus({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, log })
    : localBus((error, name) => {
        log.error({ err: error, event: name }, 'an event listener failed');
      });
  const holders = config.REDIS_URL
    ? redisHolders(config.REDIS_URL, config.REDIS_KEY_PREFIX)
    : memoryHolders();
  const superseded = new Set<(key: string) => void>();
  const calls = deviceCalls({
    bus,
    holders,
    // The holder's own call waits its timeout; the answer then has two seconds to come back.
    timeoutMs:
      (Math.max(config.SITE_CALL_TIMEOUT_SECONDS, config.OCPP_CALL_TIMEOUT_SECONDS) + 2) * 1000,
    onSuperseded: (key) => {
      for (const listener of superseded) listener(key);
    },
  });
  const { ports, simulators, sites } = assembleAdapters(config, options.ports ?? {}, {
    db: database.db,
    log,
    calls,
    ...(options.identityFetch ? { identityFetch: options.identityFetch } : {}),
  });
  const pdfs = options.receiptPdfs;
  // Jobs run only once the process starts them (server.ts); tests start their own.
  const jobs = jobRegistry<ServiceContext>({ db: database.db, log, context: () => ctx });
  const ctx: ServiceContext = {
    ...ports,
    config,
    database,
    db: database.db,
    log,
    clock: options.clock ?? systemClock,
    bus,
    jobs,
    receiptPdfs: pdfs,
    sessions: sessionCache(bus, { ttlMs: config.SESSION_CACHE_SECONDS * 1000 }),
    devices: { holders, calls, superseded },
    sites,
    lifecycle: { draining: false },
  };
  let closed: Promise<void> | undefined;
  return {
    ctx,
    simulators,
    close() {
      closed ??= (async () => {
        await jobs.stop();
        ctx.sessions.close();
        calls.close();
        await Promise.allSettled([
          ports.mailer.close(),
          Promise.resolve(ports.push.close?.()),
          ports.counter.close(),
          pdfs.close(),
          bus.close(),
          holders.close(),
          // The simulated devices this context made; a device given from outside outlives it.
          simulators.forecourt?.close(),
          simulators.carwash?.close(),
          simulators.beverageMachines?.close(),
          ports.kitchens.close(),
        ]);
        if (!options.database) await database.close();
      })();
      return closed;
    },
  };
}
